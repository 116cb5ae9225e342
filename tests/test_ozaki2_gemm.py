"""Ozaki-II Triton path (interpreter on CPU, kernels on the GPU) against its NumPy reference, bit for bit."""

import numpy as np
import pytest
import torch
import triton
import triton.language as tl

from conftest import check_fork_b, poisoned
from int8tc._jit_helpers import f64_arg, f64_bits
from int8tc.ozaki2 import OzakiIIGemm, gemm_fp64_crt
from int8tc.ozaki2 import reference as r2


def _run(a_np, b_np, n_moduli, dev, out=None, **kw):
    plan = OzakiIIGemm(torch.from_numpy(b_np).to(dev), n_moduli, backend="triton", small_tiles=dev.type == "cpu", **kw)
    return plan(torch.from_numpy(a_np).to(dev), out=out)


@pytest.mark.parametrize("dims,n_moduli", [((7, 33, 5), 16), ((17, 70, 19), 8), ((1, 1, 1), 14), ((20, 100, 9), 20)])
def test_matches_reference(rng, dev, dims, n_moduli):
    m, k, n = dims
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    out = poisoned((m, n), torch.float64, dev)
    _run(a, b, n_moduli, dev, out=out)
    np.testing.assert_array_equal(out.cpu().numpy(), r2.gemm(a, b, n_moduli))


@pytest.mark.parametrize("bounds", [False, True])
def test_every_split_tile_choice_gives_the_same_product(rng, dev, bounds):
    """The residue-split tiles benchmarks/tune_ozaki2.py times (SPLIT_TILE_CHOICES) are exact."""
    from int8tc.ozaki2.gemm import SPLIT_TILE_CHOICES

    m, k, n = 37, 150, 11
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    plan = OzakiIIGemm(torch.from_numpy(b).to(dev), 15, backend="triton", small_tiles=dev.type == "cpu", bounds=bounds)
    expect = r2.gemm(a, b, 15)
    for t in SPLIT_TILE_CHOICES:
        plan.split_tiles = t
        out = poisoned((m, n), torch.float64, dev)
        plan(torch.from_numpy(a).to(dev), out=out)
        np.testing.assert_array_equal(out.cpu().numpy(), expect, err_msg=str(t))


def test_extreme_inputs_match_reference(rng, dev):
    m, k, n = 9, 40, 6
    a = rng.standard_normal((m, k)) * np.ldexp(1.0, rng.integers(-100, 101, m))[:, None]
    b = rng.standard_normal((k, n)) * np.ldexp(1.0, rng.integers(-100, 101, n))[None, :]
    a[2] = 0.0
    b[:, 1] = 0.0
    a[4, 7] = 1e300
    a[5] *= 1e-300
    for n_moduli in (12, 16):
        np.testing.assert_array_equal(_run(a, b, n_moduli, dev).cpu().numpy(), r2.gemm(a, b, n_moduli))


def test_strided_inputs_and_k_chunks(rng, dev):
    m, k, n = 6, 100, 5
    a_big = torch.from_numpy(rng.standard_normal((k, 2 * m))).to(dev)
    a = a_big[:, ::2].t()
    b = torch.from_numpy(rng.standard_normal((n, k))).to(dev).t()
    plan = OzakiIIGemm(b, 16, backend="triton", small_tiles=dev.type == "cpu",
                       k_chunk=32 if dev.type == "cpu" else 128)
    out_store = poisoned((n, m), torch.float64, dev)
    plan(a, out=out_store.t())
    np.testing.assert_array_equal(out_store.t().cpu().numpy(), r2.gemm(a.cpu().numpy(), b.cpu().numpy(), 16))


def test_errors(dev):
    b = torch.ones((3, 2), dtype=torch.float64, device=dev)
    a = torch.ones((2, 3), dtype=torch.float64, device=dev)
    with pytest.raises(ValueError, match="scaling must be one of"):
        OzakiIIGemm(b, 16, scaling="exact", backend="triton")
    with pytest.raises(ValueError, match="need scaling='fast'"):
        OzakiIIGemm(b, 16, scaling="accurate", backend="triton", small_tiles=True, bounds=True)
    with pytest.raises(ValueError, match="moduli must be in 2..20"):
        OzakiIIGemm(b, 21)
    with pytest.raises(ValueError, match="inner dimensions"):
        gemm_fp64_crt(torch.ones((2, 4), dtype=torch.float64), b.cpu())
    with pytest.raises(ValueError, match="k_chunk"):
        OzakiIIGemm(b, 16, backend="triton", small_tiles=True, k_chunk=33)


@pytest.mark.parametrize("case", ["randn", "structured", "special"])
@pytest.mark.parametrize("chunk", [None, "small"])
def test_accurate_scaling_matches_the_reference(rng, dev, case, chunk):
    """The GPU path of scaling="accurate" (bounds planes, U with a row-max epilogue, exponents)
    gives the reference's exponents and product bit for bit."""
    m, k, n = 13, 70, 9
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    if case == "structured":  # rows and columns weighted on different k, wide magnitudes
        a[:, k // 2:] *= 1e-6
        b[: k // 2] *= 1e-6
        a[2] = np.ldexp(a[2], 200)
        b[:, 3] = np.ldexp(b[:, 3], -300)
    if case == "special":  # zero, subnormal, underflowing and non-finite rows/columns
        a[1] = 0.0
        a[2] *= 1e-310
        a[3, 5] = 1e300
        a[4, 1] = np.nan
        b[:, 2] = 0.0
        b[7, 4] = np.inf
    ta, tb = torch.from_numpy(a).to(dev), torch.from_numpy(b).to(dev)
    plan = OzakiIIGemm(tb, 15, scaling="accurate", backend="triton", small_tiles=dev.type == "cpu",
                       k_chunk=None if chunk is None else (32 if dev.type == "cpu" else 128))
    out = poisoned((m, n), torch.float64, dev)
    plan(ta, out=out)
    sa, sb = plan.scales(ta)
    ref_plan = OzakiIIGemm(tb.cpu(), 15, scaling="accurate", backend="reference")
    rsa, rsb = ref_plan.scales(ta.cpu())
    np.testing.assert_array_equal(sa.cpu().numpy(), rsa.numpy())
    np.testing.assert_array_equal(sb.cpu().numpy(), rsb.numpy())
    np.testing.assert_array_equal(out.cpu().numpy(), r2.gemm(a, b, 15, "accurate"))


def test_non_finite_rows_and_columns_give_nan_like_the_reference(rng, dev):
    a, b = rng.standard_normal((6, 40)), rng.standard_normal((40, 5))
    a[1, 3], a[4, 0] = np.inf, np.nan
    b[7, 2] = -np.inf
    c = _run(a, b, 15, dev).cpu().numpy()
    ref = r2.gemm(a, b, 15)
    np.testing.assert_array_equal(c, ref)  # NaN positions included
    assert np.isnan(ref[[1, 4]]).all() and np.isnan(ref[:, 2]).all()
    ok = np.ix_([0, 2, 3, 5], [0, 1, 3, 4])
    assert np.isfinite(ref[ok]).all()
    np.testing.assert_array_equal(ref[ok], r2.gemm(a[[0, 2, 3, 5]], b[:, [0, 1, 3, 4]], 15))


def test_cpu_default_is_reference_with_both_scalings(rng):
    a, b = rng.standard_normal((5, 8)), rng.standard_normal((8, 3))
    for scaling in ("fast", "accurate"):
        c = gemm_fp64_crt(torch.from_numpy(a), torch.from_numpy(b), 16, scaling=scaling)
        np.testing.assert_array_equal(c.numpy(), r2.gemm(a, b, 16, scaling))


@pytest.mark.gpu
@pytest.mark.parametrize("dims", [(1000, 67, 131), (257, 1031, 263), (2048, 2048, 4096)])
def test_gpu_default_tiles_match_reference(rng, dims):
    m, k, n = dims
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    out = poisoned((m, n), torch.float64, "cuda")
    OzakiIIGemm(torch.from_numpy(b).cuda(), 16)(torch.from_numpy(a).cuda(), out=out)
    np.testing.assert_array_equal(out.cpu().numpy(), r2.gemm(a, b, 16))


@pytest.mark.gpu
@pytest.mark.parametrize("n_moduli", range(2, 21))
def test_gpu_every_moduli_count_matches_reference(rng, n_moduli):
    """Every moduli count, default (GPU) tiles: a build for one count can be wrong while its
    neighbours are right (Ozaki-I's split was, at S = 2 only, on the H200: NOTES.md 43)."""
    k = 300 if n_moduli >= 4 else (6 if n_moduli == 3 else 4)  # fewer moduli only hold short K (check_budget)
    a, b = rng.standard_normal((131, k)), rng.standard_normal((k, 67))
    a[7] *= 2.0**40
    out = poisoned((131, 67), torch.float64, "cuda")
    OzakiIIGemm(torch.from_numpy(b).cuda(), n_moduli)(torch.from_numpy(a).cuda(), out=out)
    np.testing.assert_array_equal(out.cpu().numpy(), r2.gemm(a, b, n_moduli))


@pytest.mark.gpu
def test_gpu_accurate_scaling_default_tiles(rng):
    a, b = rng.standard_normal((700, 1500)), rng.standard_normal((1500, 300))
    a[:, 750:] *= 1e-5
    out = poisoned((700, 300), torch.float64, "cuda")
    OzakiIIGemm(torch.from_numpy(b).cuda(), 15, scaling="accurate")(torch.from_numpy(a).cuda(), out=out)
    np.testing.assert_array_equal(out.cpu().numpy(), r2.gemm(a, b, 15, "accurate"))


def test_transposed_b_copy_gives_the_same_result(rng, dev):
    a, b = rng.standard_normal((9, 70)), rng.standard_normal((70, 11))
    outs = []
    for tb in (False, True):
        plan = OzakiIIGemm(torch.from_numpy(b).to(dev), 14, backend="triton", small_tiles=dev.type == "cpu",
                           transpose_b=tb)
        outs.append(plan(torch.from_numpy(a).to(dev)).cpu().numpy())
    np.testing.assert_array_equal(outs[0], outs[1])
    np.testing.assert_array_equal(outs[0], r2.gemm(a, b, 14))


@triton.jit(do_not_specialize=["bits"])  # Triton makes an int argument equal to 1 a constexpr
def _echo_f64(out_ptr, bits):
    tl.store(out_ptr, f64_arg(bits))


@pytest.mark.parametrize("x", [2.0**133, 1.2345678901234567e-18, -3.0, 0.0, 2.0**-1074, 1e308])
def test_float64_scalars_reach_kernels_exactly(dev, x):
    """Triton types a float scalar argument as fp32 (2^133 became inf on the GPU and broke the
    accurate scaling's exponents): f64_bits / f64_arg carry it as int bits, exactly."""
    out = poisoned((1,), torch.float64, dev)
    _echo_f64[(1,)](out, f64_bits(x))
    assert out.item() == x


def test_residue_split_on_edge_integers(rng, dev):
    """The split's residues (two FP64 and two int32 operations per modulus, no correction steps)
    equal the reference's for every modulus on exact integers up to 2^62: +-2^62, values
    congruent to 128 mod 256 (p = 256 ties), multiples of each modulus, 2^31 +- 1, zeros."""
    from int8tc.ozaki2.moduli import MAX_MODULI, MODULI

    plan = OzakiIIGemm(torch.from_numpy(rng.standard_normal((8, 3))).to(dev), MAX_MODULI, backend="triton",
                       small_tiles=dev.type == "cpu")
    edge = [2**62, -(2**62), 2**62 - 2**10, 128, -128, 384, -640, 2**31 + 1, 2**31 - 1, -(2**31), 0, 1, -1,
            255 * 2**40, 253 * 251 * 2**20, 2**52 + 2, 3 * 2**50 + 128 * 2**9]
    edge += [int(v) * 2**10 for v in rng.integers(-(2**52), 2**52, 30)] + [int(v) for v in rng.integers(-(2**52), 2**52, 30)]
    edge += [p * int(v) for p in MODULI for v in rng.integers(-(2**40), 2**40, 2)]
    x_int = np.array(edge, dtype=np.int64)
    k = 8
    rows = -(-len(x_int) // k)
    x_int = np.resize(x_int, rows * k).reshape(rows, k)
    x = x_int.astype(np.float64)
    assert np.array_equal(x.astype(np.int64), x_int)  # exact in FP64
    tx = torch.from_numpy(x).to(dev)
    s = torch.zeros(rows, dtype=torch.int64, device=dev)
    rp, kp = -(-rows // 16) * 16, plan.kp if plan.kp >= k else -(-k // 32) * 32
    out = torch.full((MAX_MODULI, rp, max(kp, 32)), 99, dtype=torch.int8, device=dev)
    sub = torch.zeros((0, 0), dtype=torch.int8, device=dev)
    plan._split(tx, s, out, torch.zeros(rows, dtype=torch.int64, device=dev), sub)
    for i, p in enumerate(MODULI):
        np.testing.assert_array_equal(out[i, :rows, :k].cpu().numpy(), r2.symmetric_residues(x_int, p), err_msg=f"p={p}")
        assert (out[i, rows:, :].cpu().numpy() == 0).all() and (out[i, :, k:].cpu().numpy() == 0).all()


@pytest.mark.gpu
@pytest.mark.parametrize("k_chunk", [None, 256])
def test_gpu_ws_products_match_the_triton_kernel(rng, k_chunk):
    """The warp-specialised Gluon modular products (sm_90 only) against modular_gemm_kernel on the
    same plan and buffers, bit for bit, with K in one chunk and in several (residues added mod p)."""
    from int8tc.ozaki._ws import ws_supported

    if not ws_supported(torch.device("cuda")):
        pytest.skip("the Gluon kernel needs sm_90")
    a, b = rng.standard_normal((300, 700)), rng.standard_normal((700, 290))
    plan = OzakiIIGemm(torch.from_numpy(b).cuda(), 16, k_chunk=k_chunk)
    assert plan.ws
    c_ws = plan(torch.from_numpy(a).cuda()).clone()
    plan.ws = False
    c_triton = plan(torch.from_numpy(a).cuda())
    assert torch.equal(c_ws, c_triton)
    np.testing.assert_array_equal(c_ws.cpu().numpy(), r2.gemm(a, b, 16))


@pytest.mark.parametrize("fork", [True, False])
def test_deferred_b_passes_forked_or_not_give_the_same_product(rng, dev, fork, monkeypatch):
    """One-shot calls run B's passes on a side stream (``int8tc._streams``); unforked, a deferred
    plan runs them in order at its first call (and the guard's count still sees B's floors)."""
    a, b = rng.standard_normal((9, 40)), rng.standard_normal((40, 13))
    plan = OzakiIIGemm(torch.from_numpy(b).to(dev), 16, backend="triton", small_tiles=dev.type == "cpu",
                       bounds=True, _defer_b=True)
    check_fork_b(plan, monkeypatch, fork, dev, 9)
    out = poisoned((9, 13), torch.float64, dev)
    c, failures = plan.guarded(torch.from_numpy(a).to(dev), 2.0, out=out)
    np.testing.assert_array_equal(c.cpu().numpy(), r2.gemm(a, b, 16))
    assert failures == r2.guard_count(a, b, *[x.cpu().numpy() for x in plan.scales(torch.from_numpy(a).to(dev))], 2.0)


def test_row_owning_scales_kernel_gives_the_chunked_kernels_integers(rng, dev):
    """The one-launch scales kernel (scales_kernel="fused") and the K-chunked kernels write the same row
    maxima, norm bounds (finite rows), L1 ceilings and exponents, and C matches the reference
    bit for bit either way: extreme magnitudes, zero and non-finite rows/columns, a strided B, K
    not a multiple of the kernel's step."""
    m, k, n = 21, 300, 13
    a = rng.standard_normal((m, k)) * np.ldexp(1.0, rng.integers(-200, 201, m))[:, None]
    b = rng.standard_normal((k, n)) * np.ldexp(1.0, rng.integers(-200, 201, n))[None, :]
    a[3], b[:, 4] = 0.0, 0.0
    a[5, 17], a[8, 0], b[250, 7] = np.inf, np.nan, -np.inf
    a[11, 299] = 1e307
    a[12] *= 1e-310  # subnormal row
    b_dev = torch.from_numpy(np.ascontiguousarray(b.T)).to(dev).t()  # column-major B: B^T's rows contiguous
    ta = torch.from_numpy(a).to(dev)
    got = []
    for fused in (False, True):
        plan = OzakiIIGemm(b_dev, 15, backend="triton", small_tiles=dev.type == "cpu", bounds=True)
        plan.scales_kernel = "fused" if fused else "chunked"
        assert plan.fused_scales(ta) == fused and plan.fused_scales(b_dev.t()) == fused
        plan._b_passes()
        out = poisoned((m, n), torch.float64, dev)
        plan(ta, out=out)
        np.testing.assert_array_equal(out.cpu().numpy(), r2.gemm(a, b, 15), err_msg=f"fused={fused}")
        sa, rows_a = plan._ws[3], plan._ws[4]
        got.append([t.cpu().numpy().copy() for t in (sa, *rows_a, plan._sb, *plan._rows_b)])
    finite_a, finite_b = np.isfinite(a).all(axis=1), np.isfinite(b).all(axis=0)
    names = ["sa", "bits_a", "n_a", "l1_a", "sb", "bits_b", "n_b", "l1_b"]
    for name, x, y in zip(names, *got):
        if name.startswith("n_"):
            keep = finite_a if name == "n_a" else finite_b
            x, y = x[keep], y[keep]
        np.testing.assert_array_equal(x, y, err_msg=name)


def test_scales_kernel_choice(dev):
    """"auto" takes the row-owning kernel with two programs per SM and K within its limit for the
    layout (the plan's SM count: the GPU's, or 4 under the interpreter); a bad setting is an error
    naming it."""
    from int8tc.ozaki2.gemm import ROW_SCALES_BLOCK_R, ROW_SCALES_MAX_K

    plan = OzakiIIGemm(torch.ones((4, 3), dtype=torch.float64, device=dev), 2, backend="triton", small_tiles=True)
    enough = 2 * plan._sms * ROW_SCALES_BLOCK_R
    rows_k, cols_k = ROW_SCALES_MAX_K
    shaped = lambda r, k, cm=False: torch.empty((k, r) if cm else (r, k), dtype=torch.float64, device=dev)  # noqa: E731
    assert plan.fused_scales(shaped(enough, rows_k))
    assert not plan.fused_scales(shaped(enough - ROW_SCALES_BLOCK_R, rows_k))
    assert not plan.fused_scales(shaped(enough, rows_k + 1))
    assert plan.fused_scales(shaped(enough, cols_k, cm=True).t())
    assert not plan.fused_scales(shaped(enough, cols_k + 1, cm=True).t())
    plan.scales_kernel = "chunked"
    assert not plan.fused_scales(shaped(enough, 64))
    plan.scales_kernel = "fast"
    with pytest.raises(ValueError, match="'fast'"):
        plan.fused_scales(shaped(enough, 64))


@pytest.mark.parametrize("bounds,stride", [(False, 1), (True, 1), (True, 4)])
def test_fused_scale_split_writes_the_two_step_bytes(rng, dev, bounds, stride):
    """scale_split_rows_kernel (split_kernel="fused", several tiles) writes the same exponents, row
    maxima, L1 ceilings, residue planes (padding included), floors and packed floors as the scales
    kernels followed by the residue split, on A and on a column-major view (B^T's layout), with
    extreme, zero, subnormal and non-finite rows, R and K not multiples of the tile; C matches
    the reference bit for bit."""
    m, k, n = 23, 150, 11
    a = rng.standard_normal((m, k)) * np.ldexp(1.0, rng.integers(-200, 201, m))[:, None]
    b = rng.standard_normal((k, n)) * np.ldexp(1.0, rng.integers(-200, 201, n))[None, :]
    a[3], b[:, 4] = 0.0, 0.0
    a[5, 17], a[8, 0], b[120, 7] = np.inf, np.nan, -np.inf
    a[11, 149] = 1e307
    a[12] *= 1e-310
    tb = torch.from_numpy(b).to(dev)
    tiles = [(1, 32, 4), (2, 64, 4), (4, 256, 4)] if dev.type == "cpu" else [(1, 1024, 4), (2, 512, 4), (8, 128, 4)]
    for x in (torch.from_numpy(a).to(dev), torch.from_numpy(np.ascontiguousarray(a.T)).to(dev).t()):
        plan = OzakiIIGemm(tb, 16, backend="triton", small_tiles=dev.type == "cpu", bounds=bounds,
                           guard_stride=stride)
        got = []
        for kind, tile in [("separate", None)] + [("fused", t) for t in tiles]:
            plan.split_kernel = kind
            if tile:
                plan.fused_split_tiles = tile
            assert plan.fused_split(x) == (kind == "fused")
            ra, res, s, bufs, fs, _ = plan._workspace(m)
            for t in (ra, s, bufs[0], bufs[2]):
                t.fill_(7 if t.dtype == torch.int8 else -3)  # poison: unwritten bytes would differ
            plan._scale_split(x, plan.g_a, s, bufs, ra, fs)
            out = [t.cpu().numpy().copy() for t in (s, bufs[0], ra, fs)] + ([bufs[2].cpu().numpy().copy()] if bounds else [])
            finite = np.isfinite(a).all(axis=1)
            out.append(bufs[1].cpu().numpy()[finite])  # the norm bounds (unspecified on non-finite rows)
            got.append(out)
            c = poisoned((m, n), torch.float64, dev)
            plan(x, out=c)
            np.testing.assert_array_equal(c.cpu().numpy(), r2.gemm(a, b, 16), err_msg=f"{kind} {tile}")
        for other, tile in zip(got[1:], tiles):
            for i, (u, v) in enumerate(zip(got[0], other)):
                np.testing.assert_array_equal(u, v, err_msg=f"output {i}, tile {tile}, stride {x.stride()}")


def test_fused_split_choice(dev):
    """"auto" fuses the scales into the split for rows-contiguous operands with enough programs per SM;
    a bad setting is an error naming it."""
    from int8tc.ozaki2.gemm import FUSED_SPLIT_MIN_PROGRAMS_PER_SM as per_sm
    from int8tc.ozaki2.gemm import fused_split_tile

    assert fused_split_tile(8192) == (1, 1024, 4) and fused_split_tile(256) == (4, 256, 4)
    assert fused_split_tile(96) == (8, 128, 4)
    plan = OzakiIIGemm(torch.ones((4, 3), dtype=torch.float64, device=dev), 2, backend="triton", small_tiles=True)
    br = plan._fused_tile()[0]
    assert plan._fused_tile() == fused_split_tile(plan.kp)

    enough = per_sm * plan._sms * br
    rows = torch.empty((enough, 64), dtype=torch.float64, device=dev)
    assert plan.fused_split(rows)
    assert not plan.fused_split(rows[: enough - br])
    assert not plan.fused_split(torch.empty((64, enough), dtype=torch.float64, device=dev).t())
    plan.split_kernel = "separate"
    assert not plan.fused_split(rows)
    plan.split_kernel = "fast"
    with pytest.raises(ValueError, match="'fast'"):
        plan.fused_split(rows)
