"""int8tc.dgemm: the accuracy-targeted entry point (choice and results)."""

import numpy as np
import pytest
import torch

import int8tc
from int8tc.dgemm import choose, ozaki1_bits, ozaki2_bits
from int8tc.exact import error_stats, exact_gemm


def test_choice_is_cheapest_meeting_the_target():
    c = choose("fp64")
    assert (c.scheme, c.count) == ("ozaki2", 15) and c.est_bits >= 55 and "15 moduli" in str(c)
    assert choose(bits=16).scheme == "ozaki1"  # 3 products beat any Ozaki-II that reaches 16 bits
    for t in range(1, 61):
        ch = choose(bits=t)
        assert ch.est_bits >= t
        # nothing cheaper meets the target
        cost = ch.products + (1.0 if ch.scheme == "ozaki1" else 1.5)
        assert all(n + 1.5 >= cost for n in range(2, 21) if ozaki2_bits(n) >= t)
    assert ozaki1_bits(7) >= 55 > ozaki1_bits(6)
    # large K: too few moduli are never chosen
    assert choose(bits=8, k=2**20).scheme == "ozaki1"


@pytest.mark.parametrize("bad", [{"accuracy": "fp128"}, {"bits": 0}, {"bits": 61}, {"bits": 3.5}])
def test_bad_targets_raise(bad):
    with pytest.raises(ValueError, match="accuracy must be|bits must be"):
        choose(**bad)


@pytest.mark.parametrize("case", ["randn", "wide", "cancel"])
def test_dgemm_fp64_within_twice_native_on_cpu(rng, case):
    m, k, n = 13, 101, 7
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    if case == "wide":
        a *= np.ldexp(1.0, rng.integers(-100, 101, m))[:, None]
        b *= np.ldexp(1.0, rng.integers(-100, 101, n))[None, :]
    if case == "cancel":
        b[:, 0] = a[0] * 2.0**-3
        b[:, 1] = -b[:, 0]
    ta, tb = torch.from_numpy(a), torch.from_numpy(b)
    c, choice = int8tc.dgemm(ta, tb, "fp64", return_choice=True)
    assert choice.scheme == "ozaki2"
    hi, lo = exact_gemm(ta, tb)
    ours, native = error_stats(c, hi, lo), error_stats(ta @ tb, hi, lo)
    assert ours["max_rel_err"] <= 2 * native["max_rel_err"] + 2 * np.finfo(float).eps, (ours, native)


def test_dgemm_low_bits_uses_ozaki1_and_shapes(rng):
    a, b = torch.from_numpy(rng.standard_normal((5, 9))), torch.from_numpy(rng.standard_normal((9, 4)))
    c, choice = int8tc.dgemm(a, b, bits=16, return_choice=True)
    assert choice.scheme == "ozaki1" and c.shape == (5, 4)
    assert float(torch.linalg.norm(c - a @ b) / torch.linalg.norm(a @ b)) < 2.0**-12
    with pytest.raises(ValueError, match="need a"):
        int8tc.dgemm(a, a)


@pytest.mark.parametrize("case", ["k1", "subnormal_rows", "subnormal_both", "near_overflow", "overflow",
                                  "lone_subnormal", "integers"])
def test_dgemm_fp64_adversarial_inputs(rng, case):
    """Where native DGEMM is finite ours is finite and at least as accurate (2x); where it
    overflows ours overflows too (no finite wrong answer)."""
    m, k, n = 9, 31, 7
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    if case == "k1":
        a, b = a[:, :1].copy(), b[:1].copy()
    elif case == "subnormal_rows":
        a *= 1e-310
    elif case == "subnormal_both":
        a, b = a * 1e-160, b * 1e-160
    elif case == "near_overflow":
        a, b = a * 1e300, b * 1e-300
    elif case == "overflow":
        a, b = a * 1e200, b * 1e200
    elif case == "lone_subnormal":
        a[3] = 0.0
        a[4] = 0.0
        a[4, 5] = 5e-324
    elif case == "integers":
        a, b = np.round(a * 1e6), np.round(b * 1e6)
    ta, tb = torch.from_numpy(a), torch.from_numpy(b)
    c = int8tc.dgemm(ta, tb, "fp64").numpy()
    with np.errstate(over="ignore", invalid="ignore"):
        native = a @ b
    np.testing.assert_array_equal(np.isfinite(c), np.isfinite(native))
    if case == "overflow":
        assert not np.isfinite(c).all()
        return
    hi, lo = exact_gemm(ta, tb)
    ours, nat = error_stats(torch.from_numpy(c), hi, lo), error_stats(torch.from_numpy(native), hi, lo)
    assert ours["max_rel_err"] <= 2 * nat["max_rel_err"] + 2 * np.finfo(float).eps, (ours, nat)
    assert ours["wrong_zeros"] == 0
