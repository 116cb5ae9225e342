"""int8tc.dgemm: the accuracy-targeted entry point (choice and results)."""

import numpy as np
import pytest
import torch

import int8tc
from int8tc.dgemm import choose, ozaki1_bits, ozaki2_bits
from int8tc.exact import error_stats, exact_gemm


def test_choice_is_cheapest_meeting_the_target():
    c = choose("fp64")
    assert (c.scheme, c.count) == ("ozaki2", 16) and c.est_bits >= 58 and "16 moduli" in str(c)
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


def _dense_case(rng, case, m, k, n):
    """randn operands; "wide": rows of A / columns of B scaled 2^-100..2^100; "cancel": two
    columns of B that make entries of AB cancel."""
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    if case == "wide":
        a *= np.ldexp(1.0, rng.integers(-100, 101, m))[:, None]
        b *= np.ldexp(1.0, rng.integers(-100, 101, n))[None, :]
    if case == "cancel":
        b[:, 0] = a[0] * 2.0**-3
        b[:, 1] = -b[:, 0]
    return a, b


@pytest.mark.parametrize("case,k", [("randn", 101), ("wide", 101), ("cancel", 101), ("randn", 2**20),
                                    ("cancel", 2**20)])
def test_dgemm_fp64_within_twice_native_on_cpu(rng, case, k):
    """FP64 accuracy (worst entry within 2x native's) on dense cases, up to K = 2^20 (issue 6's range;
    the budget of 16 moduli holds there: ~60.5 bits)."""
    a, b = _dense_case(rng, case, 13 if k < 2**16 else 3, k, 7 if k < 2**16 else 2)
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


def _guarantee_holds(a, b, c, tau=2.0):
    """|C - AB| <= tau sqrt(K) u (|A||B|) + 2 u |C| entry-wise (the guard's promise)."""
    hi, lo = exact_gemm(torch.from_numpy(a), torch.from_numpy(b))
    err = np.abs((c - hi.numpy()) - lo.numpy())
    bound = tau * np.sqrt(a.shape[1]) * 2.0**-53 * (np.abs(a) @ np.abs(b)) * (1 + 1e-12) + 2 * 2.0**-53 * np.abs(c)
    return bool(np.all(err <= bound))


@pytest.mark.parametrize("case", ["randn", "wide", "cancel", "k_large"])
def test_guard_passes_dense_inputs_and_its_promise_holds(rng, case):
    a, b = _dense_case(rng, case, 12, 700 if case == "k_large" else 45, 10)
    c, choice = int8tc.dgemm(torch.from_numpy(a), torch.from_numpy(b), "fp64", return_choice=True)
    assert choice.guard_failures == 0 and "guard passed" in str(choice)
    assert _guarantee_holds(a, b, c.numpy())


def test_guard_falls_back_to_native_where_rows_mix_magnitudes(rng):
    from int8tc.dgemm import AccuracyFallbackWarning

    m, k, n = 9, 64, 7
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a[:, k // 2:] *= 1e-8
    b[: k // 2] *= 1e-8
    ta, tb = torch.from_numpy(a), torch.from_numpy(b)
    unguarded = int8tc.dgemm(ta, tb, "fp64", guard=False).numpy()
    assert not _guarantee_holds(a, b, unguarded)  # the silent wrong answer the guard prevents
    with pytest.warns(AccuracyFallbackWarning, match=r"on \d+ of 63 entries"):
        c, choice = int8tc.dgemm(ta, tb, "fp64", return_choice=True)
    assert choice.guard_failures > 0 and "native DGEMM result" in str(choice)
    np.testing.assert_array_equal(c.numpy(), (ta @ tb).numpy())
    store = torch.full((n, m), float("nan"), dtype=torch.float64)  # a strided out gets the fallback too
    with pytest.warns(AccuracyFallbackWarning):
        int8tc.dgemm(ta, tb, "fp64", out=store.t())
    np.testing.assert_array_equal(store.t().numpy(), (ta @ tb).numpy())


def test_guard_options():
    a = torch.ones((3, 4), dtype=torch.float64)
    b = torch.ones((4, 2), dtype=torch.float64)
    assert int8tc.dgemm(a, b, "fp64", guard=False, return_choice=True)[1].guard_failures is None
    assert int8tc.dgemm(a, b, bits=16, return_choice=True)[1].guard_failures is None
    with pytest.raises(ValueError, match="guard covers Ozaki-II only"):
        int8tc.dgemm(a, b, bits=16, guard=True)
    plan = int8tc.DgemmPlan(b, "fp64")
    np.testing.assert_array_equal(plan(a).numpy(), 4.0)
    assert plan.choice.guard_failures == 0


def test_guard_first_pass_on_a_subset_of_k(rng, dev):
    """Mass only on the k the strided first pass skips: it fails, the full product passes, and the
    count is the full guard's (0); a genuinely failing input fails both ways with the same count."""
    from int8tc.dgemm import GUARD_TAU, guard_failures
    from int8tc.ozaki2 import OzakiIIGemm

    m, k, n = 11, 96, 9
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a[:, ::4] *= 1e-12  # the k = 0, 4, 8, ... that a stride-4 pass sees carry almost nothing
    b[::4] *= 1e-12
    ta, tb = torch.from_numpy(a).to(dev), torch.from_numpy(b).to(dev)
    plan = OzakiIIGemm(tb, 15, backend="triton", small_tiles=dev.type == "cpu", bounds=True, guard_stride=4)
    plan(ta)
    sa, sb = plan.scales(ta)
    assert guard_failures(ta, tb, sa, sb, GUARD_TAU) == 0
    fs_a, fs_b = plan._ws[5], plan._fs_b
    assert fs_a.shape[1] > 0 and int(fs_a.to(torch.int32).max()) == 0 and int(fs_b.to(torch.int32).max()) == 0
    assert plan.guard_failures(ta, GUARD_TAU) == 0  # decided by the full product
    assert plan.guarded(ta, GUARD_TAU)[1] == 0  # the same in one call
    a[:, k // 2:] *= 1e-8
    b[: k // 2] *= 1e-8
    ta, tb = torch.from_numpy(a).to(dev), torch.from_numpy(b).to(dev)
    plan = OzakiIIGemm(tb, 15, backend="triton", small_tiles=dev.type == "cpu", bounds=True, guard_stride=4)
    plan(ta)
    sa, sb = plan.scales(ta)
    want = guard_failures(ta, tb, sa, sb, GUARD_TAU)
    assert want > 0 and plan.guard_failures(ta, GUARD_TAU) == want
    assert plan.guarded(ta, GUARD_TAU)[1] == want
    for bad in (0, -2, 1.5, True):
        with pytest.raises(ValueError, match="guard_stride must be a positive int"):
            OzakiIIGemm(tb, 15, backend="triton", small_tiles=dev.type == "cpu", bounds=True, guard_stride=bad)


def test_plan_scales_match_the_reference(rng, dev):
    from int8tc.ozaki2 import OzakiIIGemm
    from int8tc.ozaki2 import reference as r2

    a, b = rng.standard_normal((7, 40)), rng.standard_normal((40, 5))
    a[2] = 0.0
    a[3, 1] = np.nan
    plan = OzakiIIGemm(torch.from_numpy(b).to(dev), 15, backend="triton", small_tiles=dev.type == "cpu")
    ta = torch.from_numpy(a).to(dev)
    with pytest.raises(ValueError, match="call the plan on a first"):
        plan.scales(ta)
    plan(ta)
    sa, sb = plan.scales(ta)
    a0 = np.where(np.isfinite(a).all(axis=1)[:, None], a, 0.0)
    ref_sa, ref_sb = r2.scale_exponents(a0, b, 15)
    np.testing.assert_array_equal(sb.cpu().numpy(), ref_sb)
    got = sa.cpu().numpy()
    assert got[3] < -(1 << 39)  # the non-finite row's sentinel
    np.testing.assert_array_equal(np.delete(got, 3), np.delete(ref_sa, 3))


@pytest.mark.gpu
def test_gpu_guard_matches_cpu_decision(rng):
    a, b = rng.standard_normal((300, 513)), rng.standard_normal((513, 200))
    aa, bb = a.copy(), b.copy()
    aa[:, 256:] *= 1e-8
    bb[:256] *= 1e-8
    for x, y, fails in ((a, b, False), (aa, bb, True)):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            c, ch = int8tc.dgemm(torch.from_numpy(x).cuda(), torch.from_numpy(y).cuda(), return_choice=True)
            _, ch_cpu = int8tc.dgemm(torch.from_numpy(x), torch.from_numpy(y), return_choice=True)
        assert (ch.guard_failures > 0) == fails and ch.guard_failures == ch_cpu.guard_failures
        if not fails:
            assert _guarantee_holds(x, y, c.cpu().numpy())


@pytest.mark.parametrize("case,k_chunk,stride", [("randn", None, 1), ("disjoint", None, 1), ("mixed", None, 1),
                                                 ("mixed", "small", 1), ("randn", None, 4), ("mixed", None, 3),
                                                 ("mixed", "small", 2)])
def test_guard_kernels_count_like_the_reference(rng, dev, case, k_chunk, stride):
    """The guard's data from the scale/residue kernels and its GEMM (interpreter on CPU) give the
    reference's count (``reference.guard_count``), for a new A against a kept B too; with K cut
    into INT32 chunks summed in FP64 as well."""
    from int8tc.dgemm import GUARD_TAU, guard_failures
    from int8tc.ozaki2 import OzakiIIGemm

    m, k, n = 19, 70, 13
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    if case in ("disjoint", "mixed"):
        a[:, k // 2:] *= 1e-8
        b[: k // 2] *= 1e-8
    if case == "mixed":  # only some rows/columns mixed, plus zero, subnormal and non-finite ones
        a[: m // 2] = rng.standard_normal((m // 2, k))
        b[:, : n // 2] = rng.standard_normal((k, n // 2))
        a[3] = 0.0
        a[4] *= 1e-310
        a[5, 2] = np.inf
        a[6, 3] = np.nan
        b[:, 1] = np.ldexp(b[:, 1], 300)
        b[:, 2] *= 1e-300
        b[5, 2] = 1e300  # an underflowing ceiling still counts 1
    ta, tb = torch.from_numpy(a).to(dev), torch.from_numpy(b).to(dev)
    chunk = None if k_chunk is None else (32 if dev.type == "cpu" else 128)  # Kp = 96 / 128: several chunks on CPU
    if k_chunk and dev.type == "cuda":
        k = 300  # several 128-wide chunks on the GPU tiles
        a, b = np.concatenate([a] * 5, axis=1)[:, :k], np.concatenate([b] * 5, axis=0)[:k]
        ta, tb = torch.from_numpy(a).to(dev), torch.from_numpy(b).to(dev)
    plan = OzakiIIGemm(tb, 15, backend="triton", small_tiles=dev.type == "cpu", bounds=True, k_chunk=chunk,
                       guard_stride=stride)
    plan(ta)
    sa, sb = plan.scales(ta)
    want = guard_failures(ta, tb, sa, sb, GUARD_TAU)
    assert plan.guard_failures(ta, GUARD_TAU) == want
    assert (want > 0) == (case != "randn")
    a2 = rng.standard_normal((5, k))  # a second A against the kept B (and its kept guard data)
    ta2 = torch.from_numpy(a2).to(dev)
    plan(ta2)
    sa2, _ = plan.scales(ta2)
    assert plan.guard_failures(ta2, GUARD_TAU) == guard_failures(ta2, tb, sa2, sb, GUARD_TAU)
    # guarded(): the same C and count in one call (the guard enqueued before the products)
    c = plan(ta).clone()
    got = torch.full_like(c, float("nan"))
    c2, fails = plan.guarded(ta, GUARD_TAU, out=got)
    assert c2 is got and fails == want and torch.equal(c2.nan_to_num(7.0), c.nan_to_num(7.0))
    ref = OzakiIIGemm(tb.cpu(), 15, backend="reference")
    ref(ta.cpu())
    assert ref.guard_failures(ta.cpu(), GUARD_TAU) == want
    ref_b = OzakiIIGemm(tb.cpu(), 15, backend="reference", bounds=True)
    assert ref_b.guarded(ta.cpu(), GUARD_TAU)[1] == want
    plain = OzakiIIGemm(tb, 15, backend="triton", small_tiles=dev.type == "cpu")
    with pytest.raises(ValueError, match="bounds=True"):
        plain.guarded(ta, GUARD_TAU)
    with pytest.raises(ValueError, match="bounds=True"):
        plain(ta)
        plain.guard_failures(ta, GUARD_TAU)
