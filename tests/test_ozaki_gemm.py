"""The Triton path of Ozaki-I (interpreter on CPU, real kernels on the GPU) against the reference.

The kernels perform the reference's floating-point operations in the same order, so results
are compared bit for bit (NaN-poisoned outputs catch unwritten elements).
"""

import dataclasses

import numpy as np
import pytest
import torch

from conftest import check_fork_b, poisoned
from int8tc import OzakiGemm, gemm_fp64
from int8tc.ozaki import SMALL_CONFIG
from int8tc.ozaki.gemm import DEFAULT_CONFIG
from int8tc.ozaki import reference as ref

CFG = SMALL_CONFIG
PERSISTENT = dataclasses.replace(SMALL_CONFIG, persistent=True)


def _plan(b, splits, diagonals=None, scaling="matrix", config=CFG, **kw):
    return OzakiGemm(b, splits, diagonals=diagonals, scaling=scaling, config=config, backend="triton", **kw)


def _check(a_np, b_np, c, splits, diagonals, scaling, k_chunk=None):
    expect = ref.gemm(a_np, b_np, splits, diagonals, scaling, k_chunk=k_chunk)
    got = c.cpu().numpy()
    assert got.shape == expect.shape
    np.testing.assert_array_equal(got, expect)


@pytest.mark.parametrize("scaling", ["matrix", "row"])
@pytest.mark.parametrize("dims,splits,diagonals", [
    ((1, 1, 1), 1, None),
    ((7, 5, 3), 2, None),
    ((17, 19, 33), 3, "all"),
    ((31, 13, 67), 4, 2),
    ((40, 33, 20), 5, None),
    ((3, 2, 2100), 2, None),  # several K chunks in the max-abs pass
])
def test_triton_matches_reference(rng, dev, scaling, dims, splits, diagonals):
    m, n, k = dims
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).to(dev), torch.from_numpy(b_np).to(dev)
    out = poisoned((m, n), torch.float64, dev)
    _plan(b, splits, diagonals, scaling)(a, out=out)
    _check(a_np, b_np, out, splits, diagonals, scaling)


@pytest.mark.parametrize("scaling", ["matrix", "row"])
@pytest.mark.parametrize("dims,splits,diagonals", [((5, 17, 40), 3, None), ((33, 16, 64), 8, "all")])
def test_persistent_tma_variant_matches_reference(rng, dev, scaling, dims, splits, diagonals):
    m, n, k = dims
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).to(dev), torch.from_numpy(b_np).to(dev)
    out = poisoned((m, n), torch.float64, dev)
    _plan(b, splits, diagonals, scaling, config=PERSISTENT)(a, out=out)
    _check(a_np, b_np, out, splits, diagonals, scaling)


def test_update_b_reslices_in_place(rng, dev):
    k, n, m = 24, 10, 7
    b1, b2 = rng.standard_normal((k, n)), rng.standard_normal((k, n)) * 1e3
    a_np = rng.standard_normal((m, k))
    plan = _plan(torch.from_numpy(b1).to(dev), 3, None, "row")
    _check(a_np, b1, plan(torch.from_numpy(a_np).to(dev)), 3, None, "row")
    plan.update_b(torch.from_numpy(b2).to(dev))
    _check(a_np, b2, plan(torch.from_numpy(a_np).to(dev)), 3, None, "row")
    with pytest.raises(ValueError, match="keep shape"):
        plan.update_b(torch.zeros((k + 1, n), dtype=torch.float64, device=dev))


@pytest.mark.parametrize("scaling", ["matrix", "row"])
def test_strided_inputs_and_output(rng, dev, scaling):
    m, n, k = 9, 11, 37
    a_big = torch.from_numpy(rng.standard_normal((2 * k, 3 * m))).to(dev)
    a = a_big[::2, ::3].t()  # [m, k], non-contiguous, column-major-ish
    b_np = rng.standard_normal((n, k))
    b = torch.from_numpy(b_np).to(dev).t()  # [k, n] column-major
    out_store = poisoned((n, m), torch.float64, dev)
    out = out_store.t()  # [m, n] column-major output
    _plan(b, 3, None, scaling)(a, out=out)
    _check(a.cpu().numpy(), b.cpu().numpy(), out, 3, None, scaling)


def test_k_chunking_matches_reference(rng, dev):
    m, n, k = 6, 10, 200
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).to(dev), torch.from_numpy(b_np).to(dev)
    out = poisoned((m, n), torch.float64, dev)
    _plan(b, 3, "all", "row", k_chunk=64)(a, out=out)
    _check(a_np, b_np, out, 3, "all", "row", k_chunk=64)


def test_plan_reuse_with_new_m(rng, dev):
    k, n = 20, 9
    b_np = rng.standard_normal((k, n))
    plan = _plan(torch.from_numpy(b_np).to(dev), 2)
    for m in (5, 17, 5):
        a_np = rng.standard_normal((m, k))
        _check(a_np, b_np, plan(torch.from_numpy(a_np).to(dev)), 2, None, "matrix")


def test_zero_and_extreme_inputs(rng, dev):
    m, n, k = 8, 7, 19
    cases = [
        (np.zeros((m, k)), rng.standard_normal((k, n))),
        (rng.standard_normal((m, k)) * 1e300, rng.standard_normal((k, n)) * 1e-300),
        (rng.integers(-127, 128, (m, k)).astype(float), rng.integers(-127, 128, (k, n)).astype(float)),
    ]
    big = rng.standard_normal((m, k))
    big[2, 3] = 1e150
    cases.append((big, rng.standard_normal((k, n))))
    sub = rng.standard_normal((m, k))
    sub[4, :] *= 1e-310  # a subnormal row
    sub[5, :] = 0.0
    cases.append((sub, rng.standard_normal((k, n)) * (1.7e308 / k / 8)))
    # results near underflow: the scale product fa fb is subnormal, the kernels form (fa f) fb
    cases.append((rng.standard_normal((m, k)) * 1e-156, rng.standard_normal((k, n)) * 1e-158))
    # an operand whose max is subnormal, against a big one (its scale s_0 would be subnormal)
    cases.append((rng.standard_normal((m, k)) * 1e-312, rng.standard_normal((k, n)) * 1e10))
    for a_np, b_np in cases:
        for scaling in ("matrix", "row"):
            a, b = torch.from_numpy(a_np).to(dev), torch.from_numpy(b_np).to(dev)
            with np.errstate(over="ignore", invalid="ignore"):
                _check(a_np, b_np, _plan(b, 4, None, scaling)(a), 4, None, scaling)


def test_small_integers_are_exact(rng, dev):
    """|a|, |b| <= 127 integers: one split holds them exactly and the product is exact."""
    a_np = rng.integers(-127, 128, (13, 40)).astype(float)
    b_np = rng.integers(-127, 128, (40, 6)).astype(float)
    a_np[0, 0] = 127.0
    b_np[0, 0] = -127.0
    c = _plan(torch.from_numpy(b_np).to(dev), 1)(torch.from_numpy(a_np).to(dev))
    np.testing.assert_array_equal(c.cpu().numpy(), a_np @ b_np)


def test_non_finite_propagates_as_nan(rng, dev):
    m, n, k = 6, 5, 9
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a_np[2, 4] = np.inf
    b_np[1, 3] = np.nan
    a, b = torch.from_numpy(a_np).to(dev), torch.from_numpy(b_np).to(dev)
    c = _plan(b, 3, None, "matrix")(a).cpu().numpy()
    assert np.isnan(c).all()
    c = _plan(b, 3, None, "row")(a).cpu().numpy()
    bad = np.zeros((m, n), bool)
    bad[2, :] = True
    bad[:, 3] = True
    assert np.isnan(c[bad]).all()
    assert np.isfinite(c[~bad]).all()
    # the finite part equals the reference computed without the poisoned row and column
    keep_r, keep_c = [i for i in range(m) if i != 2], [j for j in range(n) if j != 3]
    expect = ref.gemm(a_np[keep_r], b_np[:, keep_c], 3, None, "row")
    np.testing.assert_array_equal(c[np.ix_(keep_r, keep_c)], expect)


def test_empty_dimensions(dev):
    b = torch.ones((4, 3), dtype=torch.float64, device=dev)
    assert _plan(b, 2)(torch.ones((0, 4), dtype=torch.float64, device=dev)).shape == (0, 3)
    bk = torch.ones((0, 3), dtype=torch.float64, device=dev)
    c = _plan(bk, 2)(torch.ones((5, 0), dtype=torch.float64, device=dev))
    assert torch.equal(c, torch.zeros((5, 3), dtype=torch.float64, device=dev))


def test_cpu_default_backend_is_reference(rng):
    a_np, b_np = rng.standard_normal((5, 7)), rng.standard_normal((7, 3))
    c = gemm_fp64(torch.from_numpy(a_np), torch.from_numpy(b_np), 3, scaling="row")
    np.testing.assert_array_equal(c.numpy(), ref.gemm(a_np, b_np, 3, None, "row",
                                                       k_chunk=None))


@pytest.mark.parametrize("call,err,match", [
    (lambda: gemm_fp64(torch.ones(3, 4), torch.ones(4, 2, dtype=torch.float64)), ValueError, "a must be float64"),
    (lambda: gemm_fp64(torch.ones(3, 4, dtype=torch.float64), torch.ones(5, 2, dtype=torch.float64)),
     ValueError, "inner dimensions"),
    (lambda: gemm_fp64(torch.ones(3, dtype=torch.float64), torch.ones(3, 2, dtype=torch.float64)),
     ValueError, "2-D"),
    (lambda: gemm_fp64([[1.0] * 3] * 3, torch.ones(3, 3, dtype=torch.float64)), TypeError, "torch.Tensor"),
    (lambda: gemm_fp64(torch.ones(3, 3, dtype=torch.float64), torch.ones(3, 3, dtype=torch.float64), 0),
     ValueError, "splits must be in 1..16, got 0"),
    (lambda: gemm_fp64(torch.ones(3, 3, dtype=torch.float64), torch.ones(3, 3, dtype=torch.float64), 17),
     ValueError, "got 17"),
    (lambda: gemm_fp64(torch.ones(3, 3, dtype=torch.float64), torch.ones(3, 3, dtype=torch.float64), True),
     TypeError, "splits must be an int"),
    (lambda: gemm_fp64(torch.ones(3, 3, dtype=torch.float64), torch.ones(3, 3, dtype=torch.float64), 2,
                       scaling="col"), ValueError, "scaling must be one of"),
    (lambda: gemm_fp64(torch.ones(3, 3, dtype=torch.float64), torch.ones(3, 3, dtype=torch.float64), 2,
                       diagonals=4), ValueError, "diagonals must be in 1..3"),
    (lambda: gemm_fp64(torch.ones(3, 3, dtype=torch.float64), torch.ones(3, 3, dtype=torch.float64), 2,
                       out=torch.empty(3, 4, dtype=torch.float64)), ValueError, "out must have shape"),
    (lambda: gemm_fp64(torch.ones(3, 3, dtype=torch.float64), torch.ones(3, 3, dtype=torch.float64), 2,
                       out=torch.empty(1, 3, dtype=torch.float64).expand(3, 3)), ValueError, "overlap"),
    (lambda: gemm_fp64(torch.ones(3, 3, dtype=torch.float64), torch.ones(3, 3, dtype=torch.float64, device="meta")),
     ValueError, "on meta"),
    (lambda: OzakiGemm(torch.ones(3, 3, dtype=torch.float64), 2, backend="gpu"), ValueError, "backend must be"),
])
def test_bad_input_raises_clear_errors(call, err, match):
    with pytest.raises(err, match=match):
        call()


def test_k_chunk_argument_is_validated(dev):
    b = torch.ones((4, 3), dtype=torch.float64, device=dev)
    with pytest.raises(ValueError, match="k_chunk"):
        _plan(b, 2, k_chunk=50)
    with pytest.raises(ValueError, match="k_chunk"):
        OzakiGemm(b, 8, diagonals="all", config=CFG, backend="triton", k_chunk=10**6)


@pytest.mark.gpu
@pytest.mark.parametrize("scaling", ["matrix", "row"])
@pytest.mark.parametrize("dims", [(1000, 67, 131), (257, 1031, 263), (4096, 4096, 1000)])
def test_gpu_default_config_matches_reference(rng, scaling, dims):
    m, n, k = dims
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).cuda(), torch.from_numpy(b_np).cuda()
    for splits in (2, 5):
        out = poisoned((m, n), torch.float64, "cuda")
        OzakiGemm(b, splits, scaling=scaling)(a, out=out)
        _check(a_np, b_np, out, splits, None, scaling)


@pytest.mark.gpu
@pytest.mark.parametrize("splits", list(range(1, 9)) + [12, 16])
@pytest.mark.parametrize("scaling", ["matrix", "row"])
def test_gpu_every_split_count_matches_reference(rng, scaling, splits):
    """Every split count the bench uses and two beyond, default (GPU) tiles, both split paths:
    a build for one S can be wrong while its neighbours are right (S = 2 was, on the H200 only,
    in the fifth session: NOTES.md 43)."""
    m, n, k = 131, 67, 300
    a_np = rng.standard_normal((m, k)) * np.ldexp(1.0, rng.integers(-30, 31, m))[:, None]
    b_np = rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).cuda(), torch.from_numpy(b_np).cuda()
    for fused, passes in ((True, "rows"), (True, "once"), (True, "two"), (False, "rows")):
        cfg = dataclasses.replace(DEFAULT_CONFIG, fused_split=fused, split_a=passes, split_b=passes)
        out = poisoned((m, n), torch.float64, "cuda")
        OzakiGemm(b, splits, scaling=scaling, config=cfg)(a, out=out)
        _check(a_np, b_np, out, splits, None, scaling)


@pytest.mark.gpu
def test_gpu_graph_replay_recomputes_from_new_data(rng):
    m, n, k = 300, 200, 500
    a = torch.from_numpy(rng.standard_normal((m, k))).cuda()
    b = torch.from_numpy(rng.standard_normal((k, n))).cuda()
    out = poisoned((m, n), torch.float64, "cuda")
    plan = OzakiGemm(b, 4, scaling="row")
    graph = plan.capture(a, out, include_b=True)
    for _ in range(2):
        a.copy_(torch.from_numpy(rng.standard_normal((m, k))))
        b.copy_(torch.from_numpy(rng.standard_normal((k, n))))
        out.fill_(float("nan"))
        graph.replay()
        _check(a.cpu().numpy(), b.cpu().numpy(), out, 4, None, "row")


@pytest.mark.gpu
@pytest.mark.parametrize("dims", [(1000, 67, 131), (2048, 4096, 1000)])
def test_gpu_persistent_default_tiles(rng, dims):
    m, n, k = dims
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    from int8tc.ozaki import DEFAULT_CONFIG
    cfg = dataclasses.replace(DEFAULT_CONFIG, persistent=True)
    out = poisoned((m, n), torch.float64, "cuda")
    OzakiGemm(torch.from_numpy(b_np).cuda(), 6, scaling="matrix", config=cfg)(torch.from_numpy(a_np).cuda(), out=out)
    _check(a_np, b_np, out, 6, None, "matrix")


@pytest.mark.gpu
def test_gpu_large_k_chunks_and_accuracy(rng):
    """K above the INT32 bound per chunk: chunked, summed in FP64, FP64-grade at S=8 all pairs."""
    m, n, k = 64, 48, 140_000
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).cuda(), torch.from_numpy(b_np).cuda()
    plan = OzakiGemm(b, 8, diagonals="all", scaling="matrix")
    assert plan._kchunk < k
    c = plan(a).cpu().numpy()
    exact = (a_np.astype(np.longdouble) @ b_np.astype(np.longdouble)).astype(np.float64)
    native = np.abs(a_np @ b_np - exact).max()
    assert np.abs(c - exact).max() <= 4 * native
    _check(a_np, b_np, torch.from_numpy(c), 8, "all", "matrix", k_chunk=plan._kchunk)



@pytest.mark.parametrize("passes", ["rows", "once", "two"])
@pytest.mark.parametrize("dims,splits", [((7, 5, 3), 2), ((19, 33, 300), 4), ((1, 40, 129), 3)])
def test_fused_row_split_equals_three_kernel_path(rng, dev, dims, splits, passes):
    """The fused row split ("rows": row max + slices in one launch; "once": whole rows loaded once;
    "two": row maxima, then scaled tiles; the same pass for A and for B's transposed view) writes
    the same slices and scales as absmax + row_scales + split, also for strided operands, zero
    rows, a NaN row and subnormals."""
    m, n, k = dims
    a_np = rng.standard_normal((m, k)) * np.ldexp(1.0, rng.integers(-60, 61, m))[:, None]
    b_np = rng.standard_normal((k, n))
    a_np[m // 2] = 0.0
    if m > 3:
        a_np[1, 0] = np.nan
        a_np[2] *= 2.0**-1060
    a = torch.from_numpy(np.asfortranarray(a_np)).to(dev)  # column-major: strided rows
    b = torch.from_numpy(b_np).to(dev)
    outs = []
    for fused in (True, False):
        cfg = dataclasses.replace(CFG, fused_split=fused, split_a=passes, split_b=passes)
        plan = _plan(b, splits, None, "row", config=cfg)
        out = poisoned((m, n), torch.float64, dev)
        plan(a, out=out)
        ws = plan._workspace(m)
        outs.append((out.cpu(), plan._qb.cpu(), ws["qa"].cpu(), ws["sa"].pre.cpu(), ws["sa"].c.cpu()))
    for x, y in zip(*outs):
        np.testing.assert_array_equal(x.numpy(), y.numpy())
    _check(a_np, b_np, outs[0][0], splits, None, "row")


@pytest.mark.parametrize("scaling", ["matrix", "row"])
@pytest.mark.parametrize("dims,splits,diagonals,k_chunk", [((5, 17, 40), 3, None, None), ((33, 16, 64), 4, "all", None),
                                                           ((20, 9, 100), 2, None, 32), ((1, 1, 1), 1, None, None)])
def test_fused_products_and_reconstruction_match_reference(rng, dev, scaling, dims, splits, diagonals, k_chunk):
    """Config.fused_recon: one persistent kernel, FP64 tile in registers, bit-equal to the
    reference (also with several K chunks, accumulated into C)."""
    m, n, k = dims
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).to(dev), torch.from_numpy(b_np).to(dev)
    cfg = dataclasses.replace(PERSISTENT, fused_recon=True)
    out = poisoned((m, n), torch.float64, dev)
    plan = _plan(b, splits, diagonals, scaling, config=cfg, k_chunk=k_chunk)
    plan(a, out=out)
    assert plan._workspace(m)["w"] is None  # no INT32 planes allocated
    _check(a_np, b_np, out, splits, diagonals, scaling, k_chunk=k_chunk)


@pytest.mark.parametrize("dims,splits,diagonals,k_chunk", [((5, 17, 40), 3, None, None), ((33, 16, 64), 4, "all", None),
                                                           ((20, 9, 100), 3, 4, 32), ((1, 1, 1), 1, None, None)])
def test_one_launch_for_all_diagonals_matches_reference(rng, dev, dims, splits, diagonals, k_chunk):
    """Config.one_launch: every kept diagonal in one persistent launch (also the all-pairs and
    the partial diagonal counts, and several K chunks), bit-equal to the reference."""
    m, n, k = dims
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).to(dev), torch.from_numpy(b_np).to(dev)
    cfg = dataclasses.replace(PERSISTENT, one_launch=True)
    out = poisoned((m, n), torch.float64, dev)
    _plan(b, splits, diagonals, "row", config=cfg, k_chunk=k_chunk)(a, out=out)
    _check(a_np, b_np, out, splits, diagonals, "row", k_chunk=k_chunk)
    with pytest.raises(ValueError, match="one_launch needs the persistent"):
        _plan(b, splits, diagonals, "row", config=dataclasses.replace(CFG, one_launch=True), k_chunk=k_chunk)(a)


def test_split_pass_names_are_validated():
    with pytest.raises(ValueError, match=r"split_a must be one of \('rows', 'once', 'two'\), got 'one'"):
        dataclasses.replace(CFG, split_a="one")
    with pytest.raises(ValueError, match=r"split_b must be one of"):
        dataclasses.replace(CFG, split_b=None)


@pytest.mark.gpu
@pytest.mark.parametrize("k", [4096, 8192, 8193])
def test_gpu_split_passes_at_full_rows(rng, k):
    """"once" keeps whole rows in registers up to K = 8192 and falls back above; every pass gives
    the same slices and scales as the three-kernel path on long rows of mixed magnitude."""
    m, n = 37, 29
    a_np = rng.standard_normal((m, k)) * np.ldexp(1.0, rng.integers(-40, 41, m))[:, None]
    b_np = rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).cuda(), torch.from_numpy(b_np).cuda()
    outs = []
    for fused, passes in ((False, "rows"), (True, "rows"), (True, "once"), (True, "two")):
        plan = OzakiGemm(b, 3, scaling="row", config=dataclasses.replace(DEFAULT_CONFIG, fused_split=fused,
                                                                          split_a=passes, split_b=passes))
        out = poisoned((m, n), torch.float64, "cuda")
        plan(a, out=out)
        ws = plan._workspace(m)
        outs.append([out.cpu(), plan._qb.cpu(), ws["qa"].cpu(), ws["sa"].c.cpu(), plan._sb.c.cpu()])
    for other in outs[1:]:
        for x, y in zip(outs[0], other):
            assert torch.equal(x, y)
    _check(a_np, b_np, outs[0][0], 3, None, "row")


@pytest.mark.gpu
@pytest.mark.parametrize("one_launch", [True, False])
@pytest.mark.parametrize("splits,diagonals", [(3, None), (8, "all")])
def test_gpu_ws_kernel_matches_the_triton_kernel(rng, splits, diagonals, one_launch):
    """The warp-specialised Gluon products (Config.ws, sm_90 only; all diagonals in one launch or one
    launch each) against the Triton kernel, bit for bit: odd sizes, K in chunks, diagonals whose
    pairs start above slice 0 ("all" at S = 8)."""
    from int8tc.ozaki._ws import ws_supported

    if not ws_supported(torch.device("cuda")):
        pytest.skip("the Gluon kernel needs sm_90")
    m, n, k = 383, 517, 1300
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    a, b = torch.from_numpy(a_np).cuda(), torch.from_numpy(b_np).cuda()
    outs = []
    for ws in (True, False):
        cfg = dataclasses.replace(DEFAULT_CONFIG, ws=ws, ws_one_launch=one_launch)
        out = poisoned((m, n), torch.float64, "cuda")
        OzakiGemm(b, splits, diagonals=diagonals, config=cfg, k_chunk=512)(a, out=out)
        outs.append(out)
    assert torch.equal(outs[0], outs[1])
    _check(a_np, b_np, outs[0], splits, diagonals, "row", k_chunk=512)


@pytest.mark.parametrize("fork", [True, False])
def test_deferred_b_split_forked_or_not_gives_the_same_product(rng, dev, fork, monkeypatch):
    """One-shot calls split B on a side stream (``int8tc._streams``); a plan whose deferred split
    was never forked splits B in order at its first call: both give the reference's product."""
    a_np, b_np = rng.standard_normal((9, 70)), rng.standard_normal((70, 11))
    plan = _plan(torch.from_numpy(b_np).to(dev), 3, scaling="row", _defer_b=True)
    check_fork_b(plan, monkeypatch, fork, dev, 9)
    out = poisoned((9, 11), torch.float64, dev)
    plan(torch.from_numpy(a_np).to(dev), out=out)
    _check(a_np, b_np, out, 3, None, "row")
    out2 = poisoned((9, 11), torch.float64, dev)
    plan(torch.from_numpy(a_np).to(dev), out=out2)  # the second call: B split once, not again
    _check(a_np, b_np, out2, 3, None, "row")
