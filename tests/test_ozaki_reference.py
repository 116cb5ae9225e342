"""The NumPy reference against the seed's own statements (bounds, scales, ranges)."""

import numpy as np
import pytest

from int8tc.ozaki import reference as ref
from int8tc.ozaki.scheme import (
    K_INT32_MAX,
    QMAX,
    RATIO,
    diagonal_pairs,
    k_chunk,
    kept_pairs,
    resolve_diagonals,
    seed_error_bound,
)

EPS = 2.0**-52


def _inputs(rng, kind, shape=(37, 53)):
    if kind == "randn":
        return rng.standard_normal(shape)
    if kind == "uniform":
        return rng.uniform(-1, 1, shape)
    if kind == "wide":
        return rng.standard_normal(shape) * np.ldexp(1.0, rng.integers(-60, 61, shape))
    if kind == "huge_one":
        x = rng.standard_normal(shape)
        x[3, 5] = 1e200
        return x
    if kind == "tiny":
        return rng.standard_normal(shape) * 1e-300
    if kind == "zero":
        return np.zeros(shape)
    if kind == "ints":
        return rng.integers(-127, 128, shape).astype(np.float64)
    raise AssertionError(kind)


@pytest.mark.parametrize("kind", ["randn", "uniform", "wide", "huge_one", "tiny", "zero", "ints"])
@pytest.mark.parametrize("splits", range(1, 9))
def test_seed_bound_matrix_scaling(rng, kind, splits):
    x = _inputs(rng, kind)
    q, e, c = ref.split(x, splits, "matrix")
    assert q.dtype == np.int8 and q.shape == (splits,) + x.shape
    assert np.abs(q.astype(int)).max() <= QMAX
    xmax = np.abs(x).max() if np.abs(x).max() > 0 else 1.0
    # s_0 is exactly the seed's Xmax / 127
    s0 = ref.post_factor(e, c)
    assert np.all(s0 == xmax / QMAX)
    approx = ref.slice_values(q, e, c)
    bound = seed_error_bound(xmax, splits)
    # + FP64 rounding of the residual updates and of the sum of S terms
    slack = 4 * splits * EPS * xmax
    assert np.abs(x - approx).max() <= bound * (1 + 1e-12) + slack


@pytest.mark.parametrize("kind", ["randn", "wide", "zero", "tiny"])
@pytest.mark.parametrize("splits", [1, 2, 3, 5, 8])
def test_seed_bound_row_scaling(rng, kind, splits):
    x = _inputs(rng, kind)
    q, e, c = ref.split(x, splits, "row")
    s0 = ref.post_factor(e, c)
    rowmax = np.abs(x).max(axis=1)
    # power-of-two per row: s_0 = 2^e / 127 with rowmax <= 127 s_0 < 2 rowmax (zero rows: any)
    assert np.all(rowmax <= QMAX * s0)
    nz = rowmax > 0
    assert np.all(QMAX * s0[nz] <= 2 * rowmax[nz])
    assert np.all(np.log2(s0 * QMAX) == np.round(np.log2(s0 * QMAX)))
    approx = ref.slice_values(q, e, c)
    bound = (s0 / RATIO ** (splits - 1)) / 2
    slack = 4 * splits * EPS * rowmax
    assert np.all(np.abs(x - approx) <= (bound * (1 + 1e-12) + slack)[:, None])


@pytest.mark.parametrize("splits", [4, 6, 8])
def test_digits_match_literal_seed_formula_above_fp64_noise(rng, splits):
    """Our scaled recursion t_{i+1} = 254 (t_i - q_i) equals the seed's literal
    q_i = round(r_i / s_i), r_{i+1} = r_i - q_i s_i wherever FP64 can tell them apart (levels
    whose step s_i is far above ulp(Xmax)); below that both are FP64 noise, ours no worse."""
    x = rng.standard_normal((60, 70)) * 3.7e5
    q, _, _ = ref.split(x, splits, "matrix")
    s = ref.seed_scales(x, splits)
    r = x.copy()
    literal = []
    for i in range(splits):
        qi = np.clip(np.rint(r / s[i]), -QMAX, QMAX)
        literal.append(qi)
        r = r - qi * s[i]
        if s[i] > 2.0**-40 * np.abs(x).max():
            assert np.array_equal(qi.astype(np.int8), q[i]), f"level {i}"
    wide = np.longdouble
    ours = sum(wide(s[i]) * q[i].astype(wide) for i in range(splits))
    lit = sum(wide(s[i]) * literal[i].astype(wide) for i in range(splits))
    assert np.abs(x - ours).max() <= 1.05 * np.abs(x - lit).max()


def test_zero_matrix_uses_xmax_one():
    q, e, c = ref.split(np.zeros((4, 5)), 3, "matrix")
    assert not q.any()
    assert np.all(ref.post_factor(e, c) == 1.0 / QMAX)


def test_pairs_and_chunks():
    assert resolve_diagonals(4, None) == 4
    assert resolve_diagonals(4, "all") == 7
    assert len(kept_pairs(4, 4)) == 10  # S(S+1)/2
    assert len(kept_pairs(4, 7)) == 16  # S^2
    assert diagonal_pairs(3, 2) == [(0, 2), (1, 1), (2, 0)]
    assert K_INT32_MAX == 133144 and K_INT32_MAX * QMAX * QMAX <= 2**31 - 1 < (K_INT32_MAX + 1) * QMAX * QMAX
    assert k_chunk(8, 15, 128) * 8 * QMAX * QMAX <= 2**31 - 1
    for bad in (0, 16, "x", 2.0):
        with pytest.raises((ValueError, TypeError)):
            resolve_diagonals(8, bad)


@pytest.mark.parametrize("scaling", ["matrix", "row"])
@pytest.mark.parametrize("dims", [(1, 1, 1), (7, 5, 3), (13, 17, 31), (33, 1, 65)])
def test_gemm_all_pairs_matches_exact_slices(rng, scaling, dims):
    """C equals the FP64 sum of exact slice products; the error is what the slicing leaves."""
    m, n, k = dims
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    c = ref.gemm(a, b, 8, "all", scaling)
    exact = (a.astype(np.longdouble) @ b.astype(np.longdouble)).astype(np.float64)
    native_err = np.abs(a @ b - exact).max()
    assert np.abs(c - exact).max() <= 4 * native_err + 1e-15 * np.abs(a).max() * np.abs(b).max() * k


def test_gemm_pairwise_equals_grouped_up_to_rounding(rng):
    a, b = rng.standard_normal((9, 21)), rng.standard_normal((21, 11))
    for s in (1, 2, 4):
        c1 = ref.gemm_pairwise(a, b, s, "all")
        c2 = ref.gemm(a, b, s, "all", "matrix")
        assert np.abs(c1 - c2).max() <= 1e-13 * np.abs(c1).max()


def test_k_chunked_reference(rng):
    a, b = rng.standard_normal((5, 300)), rng.standard_normal((300, 4))
    c_full = ref.gemm(a, b, 3, None, "row")
    c_chunk = ref.gemm(a, b, 3, None, "row", k_chunk=64)
    assert np.abs(c_full - c_chunk).max() <= 1e-13 * np.abs(c_full).max()


def test_error_falls_about_254x_per_split(rng):
    a, b = rng.uniform(-1, 1, (64, 256)), rng.uniform(-1, 1, (256, 48))
    exact = a.astype(np.longdouble) @ b.astype(np.longdouble)
    errs = [ref.error_stats(ref.gemm(a, b, s, "all"), exact.astype(np.float64))[1] for s in (1, 2, 3, 4)]
    for e1, e2 in zip(errs, errs[1:]):
        assert 50 < e1 / e2 < 2000, errs


@pytest.mark.parametrize("kind", ["randn", "uniform", "wide_rows", "cancel"])
def test_fp64_grade_at_eight_splits_against_exact_product(rng, kind):
    """S = 8, all pairs, row scaling: element-wise error within 2x native DGEMM's own error
    (against an extended-precision product), across dynamic ranges and cancellation."""
    m, k, n = 23, 131, 17
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    if kind == "uniform":
        a, b = rng.uniform(-1, 1, (m, k)), rng.uniform(-1, 1, (k, n))
    if kind == "wide_rows":
        a *= np.ldexp(1.0, rng.integers(-30, 31, m))[:, None]
        b *= np.ldexp(1.0, rng.integers(-30, 31, n))[None, :]
    if kind == "cancel":  # entries of AB far below |A||B|: b's columns nearly orthogonal to a's rows
        b = b - a.T @ np.linalg.lstsq(a.T, b, rcond=None)[0] * (1 - 1e-6)
    wide = np.longdouble
    exact = a.astype(wide) @ b.astype(wide)
    scale = np.abs(a).astype(wide) @ np.abs(b).astype(wide)  # |A||B|, the natural error scale
    native = np.abs(a @ b - exact) / scale
    ours = np.abs(ref.gemm(a, b, 8, "all", "row") - exact) / scale
    eps = np.finfo(np.float64).eps
    assert float(ours.max()) <= 2 * float(native.max()) + 4 * eps


def _exact_rel_err(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> float:
    """max |c - AB| / max |AB| with AB exact (rational arithmetic; small shapes only)."""
    from fractions import Fraction

    fa = [[Fraction(v) for v in row] for row in a.tolist()]
    fb = [[Fraction(v) for v in row] for row in b.tolist()]
    ab = [[sum(fa[i][k] * fb[k][j] for k in range(len(fb))) for j in range(len(fb[0]))] for i in range(len(fa))]
    scale = max(abs(v) for row in ab for v in row)
    return float(max(abs(Fraction(float(c[i, j])) - ab[i][j]) for i in range(len(ab)) for j in range(len(ab[0])))
                 / scale)


@pytest.mark.parametrize("scaling", ["matrix", "row"])
@pytest.mark.parametrize("exp10", [153, 155, 158, 160])
def test_results_near_underflow_keep_fp64_accuracy(rng, scaling, exp10):
    """Products whose results lie near or below the normal range (|AB| ~ 1e-306..1e-320): the
    reconstruction's scale product fa fb is then subnormal; formed first it lost its low bits
    (up to the thirteenth session S = 8 gave 1e-14 relative error at |AB| ~ 1e-306 and 0.76 at
    1e-320, against native's 1e-16 and 1e-4). Now within 2x native's own error (or 4 ulps)."""
    a = rng.standard_normal((9, 13)) * 10.0**-exp10
    b = rng.standard_normal((13, 6)) * 10.0**-exp10
    native = _exact_rel_err(a, b, a @ b)
    ours = _exact_rel_err(a, b, ref.gemm(a, b, 8, None, scaling))
    assert ours <= max(2 * native, 4 * 2.0**-53), (ours, native)


@pytest.mark.parametrize("scaling", ["matrix", "row"])
@pytest.mark.parametrize("case", ["subnormal-rows", "tiny-rows", "subnormal-max-against-big"])
def test_tiny_operands_keep_fp64_accuracy(rng, scaling, case):
    """Operands whose max |x| lies below ~2^-1015 (their scale s_0 = 2^fe / 127 is subnormal):
    the scales stay split as (c, e) up to the reconstruction and subnormal maxima get their true
    exponent. Up to the thirteenth session A ~1e-312 against B ~1e10 gave 1.5e-12 at S = 8
    (native 8e-17). Error against the exact product within 2x native's (or 4 ulps)."""
    a = rng.standard_normal((9, 13))
    b = rng.standard_normal((13, 6))
    if case == "subnormal-rows":
        a = a * 1e-312
    elif case == "tiny-rows":
        a = a * 1e-307
        a[2] *= 1e-5  # one row down in the subnormals
    else:
        a, b = a * 1e-312, b * 1e10
    native = _exact_rel_err(a, b, a @ b)
    ours = _exact_rel_err(a, b, ref.gemm(a, b, 8, None, scaling))
    assert ours <= max(2 * native, 4 * 2.0**-53), (ours, native)


def test_exponent_is_frexps_for_subnormals():
    x = np.array([0.0, 5e-324, 1e-310, 2.0**-1022, 2.0**-1023, 1.0, 3.0, 1.7e308])
    np.testing.assert_array_equal(ref.exponent(x), [-1021, -1073, -1029, -1021, -1022, 1, 2, 1024])

