"""Fused sieve filters (interpreter on CPU, real kernels on the GPU) against the NumPy reference.

Integer results are compared exactly; unordered records are sorted first; output buffers are
poisoned so unwritten slots fail.
"""

from dataclasses import replace

import numpy as np
import pytest
import torch

import triton
import triton.language as tl

from int8tc.sieve import SMALL_FILTER_CONFIG, bucket, half_norms, pair_search, segment_pair_search
from int8tc.sieve._kernels.filters import _panel_of
from int8tc.sieve import reference as ref

CFG = SMALL_FILTER_CONFIG
TMA_CFG = replace(SMALL_FILTER_CONFIG, tma=True)


PAIR_CFGS = dict(params=[CFG, TMA_CFG, replace(CFG, row_hits=True), replace(TMA_CFG, row_hits=True),
                        replace(CFG, defer_rows=True), replace(TMA_CFG, defer_rows=True),
                        replace(CFG, row_rounds=True), replace(TMA_CFG, row_rounds=True, maxnreg=128),
                        replace(TMA_CFG, block_n=32, defer_rows=True), replace(CFG, block_m=32, row_rounds=True),
                        replace(TMA_CFG, tile_masks=True),
                        replace(TMA_CFG, block_m=32, block_n=32, tile_masks=True, item_programs=3, item_warps=1,
                                item_reserve="batch", column_groups=16),
                        replace(TMA_CFG, block_n=32, tile_masks=True, item_programs=2, item_warps=2, item_block=32,
                                item_reserve="batch"),
                        replace(TMA_CFG, tile_masks=True, balanced=3),
                        replace(TMA_CFG, block_n=32, tiles_per_program=3, tile_masks=True, balanced=5, panel_cost=3),
                        replace(TMA_CFG, block_m=32, tile_masks=True, balanced=4),
                        replace(TMA_CFG, tile_masks=True, norm_bound=1),
                        replace(TMA_CFG, block_m=32, block_n=32, tile_masks=True, column_groups=16, balanced=3,
                                norm_bound=1),
                        replace(TMA_CFG, block_n=64, tiles_per_program=2, tile_masks=True, norm_bound=1),
                        replace(TMA_CFG, tile_masks=True, norm_bound=1, norm_order="sort"),
                        replace(TMA_CFG, tile_masks=True, balanced=3, dump_bits=True, dump_rows=64),
                        replace(TMA_CFG, block_m=32, block_n=32, tiles_per_program=3, tile_masks=True, column_groups=16,
                                balanced=5, panel_cost=3, norm_bound=1, dump_bits=True, item_block=16, item_warps=4,
                                dump_rows=8),
                        replace(TMA_CFG, tile_masks=True, balanced=3, dump_bits=True, dump_list=True),
                        replace(TMA_CFG, block_m=32, block_n=32, tiles_per_program=3, tile_masks=True, column_groups=16,
                                balanced=5, panel_cost=3, norm_bound=1, dump_bits=True, item_block=16, dump_rows=4,
                                dump_list=True)],
                ids=["plain", "tma", "plain-rowhits", "tma-rowhits", "plain-defer", "tma-defer", "plain-rounds",
                     "tma-rounds-cap128", "tma-defer-16x32", "plain-rounds-32x16", "tma-masks", "tma-masks-32x32-batch-g16", "tma-masks-16x32-block32-w2",
                     "tma-masks-balanced3", "tma-masks-16x32-t3-balanced5-cost3", "tma-masks-32x16-balanced4",
                     "tma-masks-bound", "tma-masks-32x32-g16-balanced3-bound", "tma-masks-16x64-chains-bound", "tma-masks-bound-sort",
                     "tma-masks-balanced3-dump-rows64", "tma-masks-32x32-t3-g16-balanced5-cost3-bound-dump-b16-rows8",
                     "tma-masks-balanced3-dump-list", "tma-masks-32x32-t3-g16-balanced5-cost3-bound-dump-b16-rows4-list"])
#: pair-search configs that bucketing ignores (it reads no balanced schedule, so no dump_bits either)
PAIR_ONLY = ("tma-masks-balanced3-dump-rows64", "tma-masks-32x32-t3-g16-balanced5-cost3-bound-dump-b16-rows8",
             "tma-masks-balanced3-dump-list", "tma-masks-32x32-t3-g16-balanced5-cost3-bound-dump-b16-rows4-list")
#: bucketing also runs its own items on tensor cores (FilterConfig.tensor_items; pair searches do not read it)
TENSOR_ITEM_CFGS = {"tma-masks-tc-items": replace(TMA_CFG, tile_masks=True, tensor_items=True),
                    "tma-masks-32x32-g16-tc-items-b32-p3": replace(TMA_CFG, block_m=32, block_n=32, tile_masks=True,
                                                                   tensor_items=True, item_block=32, item_programs=3,
                                                                   column_groups=16),
                    "tma-masks-16x64-tc-items-b64-w2-p2": replace(TMA_CFG, block_n=64, tile_masks=True,
                                                                  tensor_items=True, item_block=64, item_warps=2,
                                                                  item_programs=2)}


@pytest.fixture(**PAIR_CFGS)
def pcfg(request):
    """Both pair-search kernels: plain loads, and TMA loads with the cheap no-hit test; each also
    with the per-row write path of tiles whose rows hold at most one hit (``row_hits``), with
    rows of two or more hits deferred to the recompute kernel (``defer_rows``), and with hits
    written in per-row rounds (``row_rounds``; on the GPU also under a register cap); and oblong
    tiles (a Gram search's diagonal then crosses tiles off the tile diagonal)."""
    return request.param


@pytest.fixture(params=[c for c, i in zip(PAIR_CFGS["params"], PAIR_CFGS["ids"]) if i not in PAIR_ONLY]
                + list(TENSOR_ITEM_CFGS.values()),
                ids=[i for i in PAIR_CFGS["ids"] if i not in PAIR_ONLY] + list(TENSOR_ITEM_CFGS))
def bcfg(request):
    """bucket's configs: the pair searches' (balanced is pair_search's alone; those that differ only in what
    bucketing ignores, dump_bits, are left out) and the tensor-core item kernel's."""
    return request.param


def _square(cfg):
    """The segmented search takes square tiles only: an oblong fixture config as its square (its
    balanced fields, pair_search's alone, are not read)."""
    return replace(cfg, block_n=cfg.block_m)


def _check_lists(b, ids, signs, counts, cap, ordered):
    """bucket's lists against the reference's: equal (ordered is True), or with tile_masks
    (unordered) each row's kept entries are distinct true members with their signs, all of them
    when the row did not overflow; ordered "sorted" (tile_masks with deterministic=True) also
    asks each row's kept entries to ascend."""
    got_ids, got_signs = b.ids.cpu().numpy(), b.signs.cpu().numpy()
    for r in range(len(counts)):
        kk = min(counts[r], cap)
        if ordered == "sorted":
            assert (np.diff(got_ids[r, :kk]) > 0).all(), r
        elif ordered:
            np.testing.assert_array_equal(got_ids[r, :kk], ids[r][:kk])
            np.testing.assert_array_equal(got_signs[r, :kk], signs[r][:kk])
            continue
        truth = dict(zip(ids[r].tolist(), signs[r].tolist()))
        pairs = list(zip(got_ids[r, :kk].tolist(), got_signs[r, :kk].tolist()))
        assert len({p[0] for p in pairs}) == kk and all(truth.get(i) == sg for i, sg in pairs), r
        if counts[r] <= cap:
            assert sorted(p[0] for p in pairs) == sorted(truth)


def _vecs(rng, m, k, lo=-128, hi=128):
    return torch.from_numpy(rng.integers(lo, hi, (m, k)).astype(np.int8))


def _sorted(rec: np.ndarray) -> np.ndarray:
    rec = np.asarray(rec, dtype=np.int64)
    return rec[np.lexsort((rec[:, 1], rec[:, 0]))] if len(rec) else rec.reshape(0, 4)


def _goal_for_rate(x, h, rate, y=None, hy=None):
    xx = x.numpy().astype(np.int64)
    yy = xx if y is None else y.numpy().astype(np.int64)
    hh = h.numpy() if hy is None else hy.numpy()
    v = h.numpy()[:, None] + hh[None, :] - np.abs(xx @ yy.T)
    return int(np.quantile(v, rate))


@pytest.mark.parametrize("k", [64, 96, 128, 160, 192, 1, 33, 100])
@pytest.mark.parametrize("gram", [True, False])
def test_pair_search_exact(rng, dev, pcfg, k, gram):
    m, n = 37, 29
    x = _vecs(rng, m, k).to(dev)
    h = half_norms(x)
    y = None if gram else _vecs(rng, n, k).to(dev)
    hy = None if gram else half_norms(y)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 0.05, None if gram else y.cpu(), None if gram else hy.cpu())
    hits = pair_search(x, h, goal, 5000, y, hy, config=pcfg, backend="triton")
    expect = ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal, None if gram else y.cpu().numpy(),
                             None if gram else hy.cpu().numpy())
    assert hits.total == len(expect) > 0 and hits.dropped == 0
    np.testing.assert_array_equal(_sorted(hits.valid().cpu().numpy()), expect)


def test_pair_search_deterministic_order_and_poison(rng, dev, pcfg):
    x = _vecs(rng, 50, 64).to(dev)
    h = half_norms(x)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 0.1)
    hits = pair_search(x, h, goal, 4000, deterministic=True, config=pcfg, backend="triton")
    hits.records[hits.kept:] = -7  # anything beyond kept is not part of the answer
    expect = ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), expect)


def test_pair_search_overflow_counts_exactly(rng, dev, pcfg):
    x = _vecs(rng, 40, 96).to(dev)
    h = half_norms(x)
    goal = 2**30  # every pair i < j hits
    total = 40 * 39 // 2
    for cap in (0, 1, 100, total, total + 5):
        hits = pair_search(x, h, goal, cap, config=pcfg, backend="triton")
        assert hits.total == total and hits.kept == min(cap, total) and hits.dropped == max(0, total - cap)
        got = _sorted(hits.valid().cpu().numpy())
        expect = ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal)
        # every kept record is a true hit, with no duplicates
        assert len({(int(a), int(b)) for a, b in got[:, :2]}) == len(got)
        exp_set = {tuple(r) for r in expect.tolist()}
        assert all(tuple(r) in exp_set for r in got.tolist())
        if cap >= total:
            np.testing.assert_array_equal(got, expect)


def test_pair_search_boundary_is_inclusive(rng, dev, pcfg):
    x = _vecs(rng, 24, 64).to(dev)
    h = half_norms(x)
    v = (h.cpu()[:, None] + h.cpu()[None, :] - (x.cpu().long() @ x.cpu().long().T).abs()).numpy()
    iu = np.triu_indices(24, 1)
    goal = int(np.sort(v[iu])[5])  # exactly at some pairs' value
    on_boundary = int((v[iu] == goal).sum())
    hits = pair_search(x, h, goal, 1000, config=pcfg, backend="triton")
    assert hits.total == int((v[iu] <= goal).sum())
    assert pair_search(x, h, goal - 1, 1000, config=pcfg, backend="triton").total == hits.total - on_boundary


def test_pair_search_extremes_and_single_row(rng, dev, pcfg):
    x = torch.full((20, 128), 127, dtype=torch.int8)
    x[::2] = -128
    x = x.to(dev)
    h = half_norms(x)
    hits = pair_search(x, h, 0, 1000, config=pcfg, backend="triton", deterministic=True)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), 0))
    one = x[:1]
    assert pair_search(one, h[:1], 10**9, 10, config=pcfg, backend="triton").total == 0  # no pair i < j
    y = _vecs(rng, 7, 128).to(dev)
    r = pair_search(one, h[:1], 10**9, 10, y, half_norms(y), config=pcfg, backend="triton")
    assert r.total == 7


def test_pair_search_extreme_half_norms_and_goal(rng, dev, pcfg):
    """h and goal at the ends of their ranges: every pair (count exact, int32-safe), then none."""
    m = 21
    x = _vecs(rng, m, 64).to(dev)
    low = torch.full((m,), -(2**29), dtype=torch.int32, device=dev)
    hits = pair_search(x, low, 2**30, 50, config=pcfg, backend="triton")
    assert hits.total == m * (m - 1) // 2 and hits.kept == 50
    high = torch.full((m,), 2**29 - 1, dtype=torch.int32, device=dev)
    assert pair_search(x, high, -(2**30), 50, config=pcfg, backend="triton").total == 0
    y = _vecs(rng, 9, 64).to(dev)
    both = pair_search(x, low, 2**30, 10, y, torch.full((9,), -(2**29), dtype=torch.int32, device=dev),
                       config=pcfg, backend="triton")
    assert both.total == m * 9


def test_pair_search_empty_result(rng, dev, pcfg):
    x = _vecs(rng, 33, 64).to(dev)
    h = half_norms(x)
    hits = pair_search(x, h, -(10**8), 10, config=pcfg, backend="triton")
    assert hits.total == 0 and hits.valid().shape == (0, 4)


def test_non_contiguous_input_is_handled(rng, dev, pcfg):
    big = _vecs(rng, 60, 200).to(dev)
    x = big[::2, 3:131]  # strided rows, offset columns
    h = half_norms(x)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 0.05)
    hits = pair_search(x, h, goal, 5000, config=pcfg, backend="triton", deterministic=True)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal))


def test_strided_and_offset_norms_and_thresholds(rng, dev, pcfg):
    """1-D int32 views with a stride or an unaligned start (TMA needs 16-byte starts) give the
    reference's results: they are made dense before the kernels index them."""
    x = _vecs(rng, 41, 128).to(dev)
    h = half_norms(x)
    h_strided = torch.stack([h, torch.full_like(h, -(2**28))], dim=1).flatten()[::2]  # stride 2
    h_offset = torch.cat([h[:1], h])[1:]  # starts 4 bytes into its buffer
    assert h_strided.stride(0) == 2 and h_offset.data_ptr() % 16
    goal = _goal_for_rate(x.cpu(), h.cpu(), 0.05)
    want = ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal)
    for hv in (h_strided, h_offset):
        hits = pair_search(x, hv, goal, 5000, config=pcfg, backend="triton", deterministic=True)
        np.testing.assert_array_equal(hits.valid().cpu().numpy(), want)
        seg = segment_pair_search(x, hv, goal, 5000, torch.tensor([0, 20, 41], device=dev), config=_square(pcfg),
                                  backend="triton", deterministic=True)
        assert seg.total == len(ref.pair_search(x[:20].cpu().numpy(), h[:20].cpu().numpy(), goal)) + len(
            ref.pair_search(x[20:].cpu().numpy(), h[20:].cpu().numpy(), goal))
    c = _vecs(rng, 30, 128).to(dev)
    thr = torch.full((82,), 10**9, dtype=torch.int32, device=dev)
    thr[::2] = 2000
    b = bucket(x, c, thr[::2], 40, config=pcfg, backend="triton")
    _, _, counts = ref.bucket(x.cpu().numpy(), c.cpu().numpy(), thr[::2].cpu().numpy())
    np.testing.assert_array_equal(b.counts.cpu().numpy(), counts)


@pytest.mark.parametrize("k", [64, 96, 160, 192, 50])
def test_bucket_exact(rng, dev, bcfg, k):
    m, n, cap = 45, 70, 6
    x, c = _vecs(rng, m, k).to(dev), _vecs(rng, n, k).to(dev)
    d = np.abs(x.cpu().numpy().astype(np.int64) @ c.cpu().numpy().astype(np.int64).T)
    thr = torch.from_numpy(np.quantile(d, 0.9, axis=1).astype(np.int32)).to(dev)
    thr[3] = int(d[3].max())  # exactly at the boundary: >= keeps it
    thr[4] = int(d[4].max()) + 1  # just above: nothing
    thr[5] = -(2**31)  # extreme thresholds: everything, nothing
    thr[6] = 2**31 - 1
    b = bucket(x, c, thr, cap, config=bcfg, backend="triton")
    ids, signs, counts = ref.bucket(x.cpu().numpy(), c.cpu().numpy(), thr.cpu().numpy())
    np.testing.assert_array_equal(b.counts.cpu().numpy(), counts)
    assert counts[3] >= 1 and counts[4] == 0 and counts[5] == n and counts[6] == 0
    _check_lists(b, ids, signs, counts, cap, not bcfg.tile_masks)
    if bcfg.tile_masks:  # the deterministic order (the other paths write it already)
        bd = bucket(x, c, thr, cap, deterministic=True, config=bcfg, backend="triton")
        np.testing.assert_array_equal(bd.counts.cpu().numpy(), counts)
        _check_lists(bd, ids, signs, counts, cap, "sorted")
    over = set(b.overflowed_rows().cpu().tolist())
    assert over == {r for r in range(m) if counts[r] > cap}


@pytest.mark.parametrize("cap", [1, 3, 8])
def test_bucket_sparse_rows_and_capacity(rng, dev, bcfg, cap):
    """Sparse hits (most tiles hold at most one hit per row: the per-row write path of row_hits)
    mixed with dense rows (tiles that fall back), against small capacities: lists, signs and true
    counts equal the reference's."""
    m, n, k = 70, 300, 64
    x, c = _vecs(rng, m, k).to(dev), _vecs(rng, n, k).to(dev)
    d = np.abs(x.cpu().numpy().astype(np.int64) @ c.cpu().numpy().astype(np.int64).T)
    thr = torch.from_numpy(np.quantile(d, 0.985, axis=1).astype(np.int32)).to(dev)
    thr[10:14] = torch.from_numpy(np.quantile(d[10:14], 0.5, axis=1).astype(np.int32)).to(dev)  # dense rows
    b = bucket(x, c, thr, cap, config=bcfg, backend="triton")
    ids, signs, counts = ref.bucket(x.cpu().numpy(), c.cpu().numpy(), thr.cpu().numpy())
    np.testing.assert_array_equal(b.counts.cpu().numpy(), counts)
    assert (counts > cap).any()  # some lists overflow (and the true counts are still exact)
    _check_lists(b, ids, signs, counts, cap, not bcfg.tile_masks)


def test_bucket_all_hit_overflow_and_single_row(rng, dev, bcfg):
    x, c = _vecs(rng, 1, 64).to(dev), _vecs(rng, 40, 64).to(dev)
    b = bucket(x, c, torch.zeros(1, dtype=torch.int32, device=dev), 16, config=bcfg, backend="triton")
    assert int(b.counts[0]) == 40
    got = b.ids[0].cpu().numpy()
    if bcfg.tile_masks:  # an unspecified 16 of the 40, distinct
        assert len(set(got.tolist())) == 16 and set(got.tolist()) <= set(range(40))
    else:
        np.testing.assert_array_equal(got, np.arange(16))


def test_bucket_rows_past_the_item_buffer_are_complete(rng, dev, bcfg):
    """tile_masks keeps max(4, capacity_per_row / 4) items per row: rows whose items do not fit
    are appended by the search kernel; with every centre a hit and room in the lists, every row's
    list is still the whole set (the other write paths: the same, ascending)."""
    from int8tc.sieve.ops import _bucket_item_cap

    assert [_bucket_item_cap(10, c) for c in (0, 1, 4, 16, 64, 1654)] == [0, 10, 40, 40, 160, 4135]
    x, c = _vecs(rng, 3, 64).to(dev), _vecs(rng, 60, 64).to(dev)
    b = bucket(x, c, torch.zeros(3, dtype=torch.int32, device=dev), 64, config=bcfg, backend="triton")
    np.testing.assert_array_equal(b.counts.cpu().numpy(), [60, 60, 60])
    d = x.cpu().numpy().astype(np.int64) @ c.cpu().numpy().astype(np.int64).T
    for r in range(3):
        got = b.ids[r, :60].cpu().numpy()
        assert sorted(got.tolist()) == list(range(60))
        np.testing.assert_array_equal(b.signs[r, :60].cpu().numpy(), np.where(d[r, got] >= 0, 1, -1))


@pytest.mark.parametrize("call,err,match", [
    (lambda: pair_search(torch.zeros(4, 8, dtype=torch.int16), torch.zeros(4, dtype=torch.int32), 0, 1),
     ValueError, "x must be int8"),
    (lambda: pair_search(torch.zeros(4, 200, dtype=torch.int8), torch.zeros(4, dtype=torch.int32), 0, 1),
     ValueError, "K=200"),
    (lambda: pair_search(torch.zeros(4, 8, dtype=torch.int8), torch.zeros(5, dtype=torch.int32), 0, 1),
     ValueError, r"half_norms must be int32 of shape \[4\]"),
    (lambda: pair_search(torch.zeros(4, 8, dtype=torch.int8), torch.zeros(4, dtype=torch.int32), 2**31, 1),
     ValueError, "goal must be an int in"),
    (lambda: pair_search(torch.zeros(4, 8, dtype=torch.int8), torch.zeros(4, dtype=torch.int32), 0, -1),
     ValueError, "capacity must be a non-negative int"),
    (lambda: pair_search(torch.zeros(4, 8, dtype=torch.int8), torch.zeros(4, dtype=torch.int32), 0, 1,
                         torch.zeros(3, 9, dtype=torch.int8), torch.zeros(3, dtype=torch.int32)),
     ValueError, "K=8 but y has K=9"),
    (lambda: pair_search(torch.zeros(4, 8, dtype=torch.int8), torch.zeros(4, dtype=torch.int32), 0, 1,
                         y_half_norms=torch.zeros(4, dtype=torch.int32)), ValueError, "without y"),
    # (the range is checked on the device: raised when the result is read)
    (lambda: pair_search(torch.zeros(4, 8, dtype=torch.int8), torch.tensor([0, 1, 2**29, 3], dtype=torch.int32), 0,
                         1).total,
     ValueError, r"half_norms must lie in \[-2\^29, 2\^29\), got values in \[0, 536870912\]"),
    (lambda: pair_search(torch.zeros(4, 8, dtype=torch.int8), torch.zeros(4, dtype=torch.int32), 0, 1,
                         torch.zeros(2, 8, dtype=torch.int8), torch.tensor([-2**29 - 1, 0], dtype=torch.int32)).valid(),
     ValueError, "y_half_norms must lie in"),
    (lambda: pair_search(torch.zeros(4, 8, dtype=torch.int8), torch.tensor([0, 1, 2**29, 3], dtype=torch.int32), 0,
                         1, deterministic=True),
     ValueError, "half_norms must lie in"),
    (lambda: bucket(torch.zeros(4, 8, dtype=torch.int8), torch.zeros(3, 8, dtype=torch.int8),
                    torch.zeros(4, dtype=torch.int64), 2), ValueError, "thresholds must be int32"),
    (lambda: bucket(torch.zeros(4, 8, dtype=torch.int8), torch.zeros(3, 7, dtype=torch.int8),
                    torch.zeros(4, dtype=torch.int32), 2), ValueError, "centres have K=7"),
])
def test_filter_bad_input(call, err, match):
    with pytest.raises(err, match=match):
        call()


@pytest.mark.gpu
def test_gpu_half_norm_range_is_checked_after_the_launch(rng):
    """On CUDA pair_search checks the half-norm range on the device (its first kernel) and raises
    when the result is read, with the values; segment_pair_search awaits its check after the
    launches, before the call returns. The next call with good inputs is exact."""
    x = _vecs(rng, 300, 128).cuda()
    h = half_norms(x)
    bad = h.clone()
    bad[17] = 2**29
    res = pair_search(x, bad, 0, 1000)
    with pytest.raises(ValueError, match=r"half_norms must lie in \[-2\^29, 2\^29\), got values in \[\d+, 536870912\]"):
        res.total
    with pytest.raises(ValueError, match=r"y_half_norms must lie in .*got values in \[-536870913, "):
        pair_search(x, h, 0, 1000, x, torch.where(torch.arange(300, device="cuda") == 3, -2**29 - 1, h)).valid()
    offsets = torch.tensor([0, 100, 300], dtype=torch.int64, device="cuda")
    with pytest.raises(ValueError, match=r"half_norms must lie in"):
        segment_pair_search(x, bad, 0, 1000, offsets)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 1e-2)
    hits = pair_search(x, h, goal, 10**5, deterministic=True)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal))


@pytest.mark.parametrize("gram", [True, False])
@pytest.mark.parametrize("tpp,balanced,dump", [(32, 0, False), (64, 0, False), (32, 2, False), (64, 2, True),
                                               (64, 2, "list")])
def test_tile_masks_all_32_tile_bits(rng, dev, gram, tpp, balanced, dump):
    """tile_masks with 32 column tiles per program: every bit of the per-row int32, bit 31 (the
    sign bit) included, becomes an item; a capacity below the items' count (the hot kernel then
    writes the rest in rounds) still counts exactly and keeps only true hits. With 64 tiles per
    program (pair_search flushes the bits every 32 tiles) the 33 column tiles are one program of
    two flushes, the second of one tile. Balanced (2 programs per SM: 2 on the interpreter, 264 on
    an H200), programs' ranges start and end inside panels and chunks of 32; with dump_bits every bit
    of a dumped word (bit 31 included) is an item of dump_items_kernel ("list": listed by dump_list, 8-row pieces
    of up to 128 items, so the pieces of full words list theirs in several rounds)."""
    cfg = replace(TMA_CFG, tiles_per_program=tpp, tile_masks=True, item_programs=7, balanced=balanced,
                  dump_bits=bool(dump), dump_list=dump == "list", dump_rows=8 if dump == "list" else 0)
    x = _vecs(rng, 20 if not gram else 530, 64, -20, 20).to(dev)
    h = half_norms(x)
    y, hy = (None, None) if gram else (_vecs(rng, 530, 64, -20, 20).to(dev), None)
    if y is not None:
        hy = half_norms(y)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 0.02, None if gram else y.cpu(), None if gram else hy.cpu())
    expect = ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal, None if gram else y.cpu().numpy(),
                             None if gram else hy.cpu().numpy())
    cols = expect[:, 1]
    assert (cols >= 31 * 16).any(), "no hit in the 32nd tile: the test would not reach bit 31"
    hits = pair_search(x, h, goal, len(expect) + 3, y, hy, config=cfg, backend="triton", deterministic=True)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), expect)
    for cap in (len(expect) // 3, 1):
        hits = pair_search(x, h, goal, cap, y, hy, config=cfg, backend="triton")
        assert hits.total == len(expect) and hits.kept == cap
        got = {tuple(r) for r in hits.valid().cpu().numpy().tolist()}
        assert len(got) == cap and got <= {tuple(r) for r in expect.tolist()}


def test_defer_rows_capacity_limit():
    """defer_rows stores 32-bit starts: a capacity that needs more is refused before allocating."""
    x = torch.zeros(4, 8, dtype=torch.int8)
    with pytest.raises(ValueError, match=r"defer_rows needs capacity < 2\^31 - 1 .*got 2147483647"):
        pair_search(x, torch.zeros(4, dtype=torch.int32), 0, 2**31 - 1, config=replace(CFG, defer_rows=True),
                    backend="triton")


def test_cpu_reference_backend_matches(rng):
    x = _vecs(rng, 30, 64)
    h = half_norms(x)
    goal = _goal_for_rate(x, h, 0.1)
    hits = pair_search(x, h, goal, 3)
    assert hits.total == len(ref.pair_search(x.numpy(), h.numpy(), goal)) and hits.kept == 3


@pytest.mark.gpu
@pytest.mark.parametrize("k", [64, 96, 128, 160, 192])
def test_gpu_default_tiles_pair_search_and_bucket(rng, k):
    x = _vecs(rng, 1000, k).cuda()
    h = half_norms(x)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 1e-3)
    hits = pair_search(x, h, goal, 10**6, deterministic=True)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal))
    y = _vecs(rng, 777, k).cuda()
    hy = half_norms(y)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 1e-2, y.cpu(), hy.cpu())
    hits = pair_search(x, h, goal, 10**6, y, hy, deterministic=True)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(),
                                  ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal, y.cpu().numpy(), hy.cpu().numpy()))
    _check_gpu_bucket(rng, x, k, None)


def _check_gpu_bucket(rng, x, k, cfg):
    c = _vecs(rng, 300, k).cuda()
    d = np.abs(x.cpu().numpy().astype(np.int64) @ c.cpu().numpy().astype(np.int64).T)
    thr = torch.from_numpy(np.quantile(d, 0.97, axis=1).astype(np.int32)).cuda()
    from int8tc.sieve import DEFAULT_BUCKET_CONFIG

    b = bucket(x, c, thr, 8, config=cfg)
    ids, signs, counts = ref.bucket(x.cpu().numpy(), c.cpu().numpy(), thr.cpu().numpy())
    np.testing.assert_array_equal(b.counts.cpu().numpy(), counts)
    masks = (cfg or DEFAULT_BUCKET_CONFIG).tile_masks  # None: the default config
    _check_lists(b, ids, signs, counts, 8, not masks)
    bd = bucket(x, c, thr, 8, deterministic=True, config=cfg)
    np.testing.assert_array_equal(bd.counts.cpu().numpy(), counts)
    _check_lists(bd, ids, signs, counts, 8, "sorted" if masks else True)


@pytest.mark.gpu
@pytest.mark.parametrize("k", [64, 128, 192])
@pytest.mark.parametrize("row_hits", [False, True, "rounds", "rounds-cap", "masks", "masks-cap", "masks-g16",
                                      "masks-ti", "masks-ti-b32-w4"])
def test_gpu_tma_bucket(rng, k, row_hits):
    from int8tc.sieve import TMA_FILTER_CONFIG

    cfg = replace(TMA_FILTER_CONFIG, block_m=128, block_k=128, num_stages=3, row_hits=row_hits is True,
                  row_rounds=row_hits in ("rounds", "rounds-cap"), tile_masks=str(row_hits).startswith("masks"),
                  maxnreg=128 if str(row_hits).endswith("-cap") else None,
                  column_groups=16 if str(row_hits).endswith("-g16") else 8,
                  tensor_items=str(row_hits).startswith("masks-ti"),
                  item_block=32 if str(row_hits).endswith("-b32-w4") else 64 if row_hits == "masks-ti" else 16,
                  item_warps=8 if row_hits == "masks-ti" else 4)
    _check_gpu_bucket(rng, _vecs(rng, 1000, k).cuda(), k, cfg)
    _check_gpu_bucket(rng, _vecs(rng, 1000, k).cuda(), k, replace(cfg, block_m=64, block_n=64))


@pytest.mark.gpu
@pytest.mark.parametrize("shape", [(20011, 1000, 128), (70001, 4096, 128), (5003, 257, 96), (9000, 4097, 160)])
@pytest.mark.parametrize("items", ["default", "cuda-core"])
def test_gpu_bucket_few_centres(rng, shape, items):
    """Bucketing with the default config (items on tensor cores) and with MASK_ITEMS_BUCKET_CONFIG (the
    CUDA-core item kernel, the default before) and few centres (8..33 centre tiles per row panel): counts exact at a sparse
    rate, lists whole; all-hit rows overflow the item buffer (the hot kernel's late path) with their
    counts still exact, every kept entry a hit, none twice."""
    from int8tc.sieve import MASK_ITEMS_BUCKET_CONFIG

    cfg = None if items == "default" else MASK_ITEMS_BUCKET_CONFIG
    m, n, k = shape
    x, c = _vecs(rng, m, k).cuda(), _vecs(rng, n, k).cuda()
    dots = torch.matmul(x.double(), c.double().T)  # exact: |dot| < 2^22
    d = dots.abs()
    thr = torch.quantile(d[:2000].flatten(), 1 - 1e-3).to(torch.int32).repeat(m)
    thr[::97] = 0  # every 97th row: all centres hit, past capacity and the item buffer
    _check_gpu_lists(bucket(x, c, thr, 12, config=cfg), dots, thr, 12)


def _check_gpu_lists(b, dots, thr, cap):
    """bucket's result against the exact dots [M, N] (float64 on the GPU): counts exact, every kept
    entry a hit with its sign, none twice, rows that kept all their hits list exactly those."""
    hit = dots.abs() >= thr[:, None].double()
    np.testing.assert_array_equal(b.counts.cpu().numpy(), hit.sum(1).int().cpu().numpy())
    kept = torch.minimum(b.counts, torch.tensor(cap, device="cuda"))
    slot = torch.arange(cap, device="cuda")[None, :] < kept[:, None]
    ids = torch.where(slot, b.ids, 0).long()
    assert torch.gather(hit, 1, ids)[slot].all()  # every kept entry a hit
    sg = torch.where(torch.gather(dots, 1, ids) >= 0, 1, -1).to(torch.int8)
    assert torch.equal(b.signs[slot], sg[slot])
    srt = torch.sort(torch.where(slot, b.ids, 2**31 - 1), dim=1).values
    assert (srt[:, 1:][slot[:, 1:]] > srt[:, :-1][slot[:, 1:]]).all()  # no entry twice
    full = kept == b.counts  # rows that kept all their hits: exactly the hit set
    listed = torch.zeros(hit.shape, dtype=torch.int32, device="cuda").scatter_add_(1, ids, slot.int()) > 0
    assert torch.equal(listed[full], hit[full])


@pytest.mark.gpu
def test_gpu_bucket_tensor_items_many_tiles_one_busy(rng):
    """tensor_items with 1026 centre tiles (the offsets kernel's loop runs twice) and almost every item
    in one tile: its bins fill their regions (several blocks of one tile) and the rest of its items are
    late (appended by the hot kernel); the other tiles hold a few. Exact against the dots."""
    from int8tc.sieve import TENSOR_ITEMS_BUCKET_CONFIG
    from int8tc.sieve.ops import _bucket_item_cap, _tile_bins

    cfg = TENSOR_ITEMS_BUCKET_CONFIG
    m, n, k = 1000, 1025 * 128 + 77, 64
    x = _vecs(rng, m, k).cuda()
    c = _vecs(rng, n, k, -16, 16).cuda()
    c[700 * 128:701 * 128] = _vecs(rng, 128, k).cuda()  # the busy tile: the large centres
    dots = torch.matmul(x.double(), c.double().T)
    thr = dots.abs().topk(5, dim=1).values[:, -1].to(torch.int32)  # each row's 5 largest (ties: more)
    assert _tile_bins(1026, _bucket_item_cap(m, 200)).region * 2 < m  # the busy tile's regions overflow
    _check_gpu_lists(bucket(x, c, thr, 200, config=cfg), dots, thr, 200)


@pytest.mark.gpu
@pytest.mark.parametrize("row_hits", [False, True, "rounds", "masks", "masks-ti"])
def test_gpu_bucket_sparse_default_tiles(rng, row_hits):
    """At a sparse rate (most 64x64 tiles hold at most one hit per row) with the default tiles,
    both write paths, lists compared whole (signs included) and true counts past capacity."""
    from int8tc.sieve import DEFAULT_BUCKET_CONFIG, SIEVE_BUCKET_CONFIG

    x, c = _vecs(rng, 3000, 128).cuda(), _vecs(rng, 2000, 128).cuda()
    d = np.abs(x.cpu().numpy().astype(np.int64) @ c.cpu().numpy().astype(np.int64).T)
    thr = torch.from_numpy(np.quantile(d, 0.998, axis=1).astype(np.int32)).cuda()
    masks = str(row_hits).startswith("masks")
    cfg = replace(DEFAULT_BUCKET_CONFIG if masks else SIEVE_BUCKET_CONFIG, row_hits=row_hits is True,
                  row_rounds=row_hits == "rounds", tile_masks=masks, tensor_items=row_hits == "masks-ti",
                  item_block=64 if row_hits == "masks-ti" else 16)
    b = bucket(x, c, thr, 3, config=cfg)
    ids, signs, counts = ref.bucket(x.cpu().numpy(), c.cpu().numpy(), thr.cpu().numpy())
    np.testing.assert_array_equal(b.counts.cpu().numpy(), counts)
    assert (counts > 3).any()
    _check_lists(b, ids, signs, counts, 3, not cfg.tile_masks)


@pytest.mark.gpu
@pytest.mark.parametrize("k", [64, 128, 192])
@pytest.mark.parametrize("tiles", [(64, 64, 128, 4, False), (128, 128, 128, 8, False), (64, 64, 128, 4, True),
                                   (64, 64, 128, 4, "defer"), (128, 128, 128, 8, "defer"),
                                   (64, 64, 128, 4, "rounds"), (64, 64, 128, 4, "rounds-cap"),
                                   (64, 64, 128, 4, "defer-cap"), (64, 128, 128, 4, "defer-cap"),
                                   (64, 128, 128, 4, "rounds-cap"), (64, 64, 128, 4, "masks-cap"),
                                   (128, 64, 128, 8, "masks"), (64, 64, 128, 4, "masks-t16"),
                                   (64, 64, 128, 4, "masks-grid-t16"), (64, 128, 128, 4, "masks-cap"),
                                   (64, 128, 128, 4, "masks-batch"), (64, 128, 128, 4, "masks-batch-g16"),
                                   (64, 128, 128, 4, "masks-grid-batch-g16")])
def test_gpu_tma_pair_search(rng, k, tiles):
    from int8tc.sieve import DEFAULT_FILTER_CONFIG

    bm, bn, bk, nw, rh = tiles
    cfg = replace(DEFAULT_FILTER_CONFIG, tma=True, block_m=bm, block_n=bn, block_k=bk, num_warps=nw, num_stages=3,
                  row_hits=rh is True, defer_rows=str(rh).startswith("defer"), row_rounds=str(rh).startswith("rounds"),
                  tile_masks=str(rh).startswith("masks"), maxnreg=128 if str(rh).endswith("-cap") else None,
                  tiles_per_program=16 if str(rh).endswith("-t16") else DEFAULT_FILTER_CONFIG.tiles_per_program,
                  item_reserve="batch" if "-batch" in str(rh) else "item",
                  column_groups=16 if str(rh).endswith("-g16") else 8,
                  balanced=DEFAULT_FILTER_CONFIG.balanced if str(rh).startswith("masks") and "-grid" not in str(rh)
                  else 0)  # "-grid": the (panel, chunk) grid (sizes this small take the balanced schedule)
    x = _vecs(rng, 1000, k).cuda()
    h = half_norms(x)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 1e-3)
    hits = pair_search(x, h, goal, 10**6, deterministic=True, config=cfg)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal))
    y = _vecs(rng, 777, k).cuda()
    hy = half_norms(y)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 1e-2, y.cpu(), hy.cpu())
    hits = pair_search(x, h, goal, 10**6, y, hy, deterministic=True, config=cfg)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(),
                                  ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal, y.cpu().numpy(), hy.cpu().numpy()))


@pytest.mark.parametrize("k, block_k, expect_bk", [(96, 128, 128), (160, 128, 64), (192, 128, 64), (40, 128, 64),
                                                  (128, 128, 128), (96, 64, 64), (64, 128, 64)])
@pytest.mark.parametrize("masks", [False, True])
def test_tma_k_blocks_past_k_read_zeros(rng, dev, k, block_k, expect_bk, masks):
    """TMA K blocks that run past K (K = 96 as one 128-wide block, 160 as three of 64, the
    launcher's pad of 40 to 64, 96 as two of 64): the columns past K read as zeros, so all three
    ops stay exact; the plain kernels keep a block dividing K."""
    from int8tc.sieve.ops import _block_k, _padded

    cfg = replace(TMA_CFG, block_k=block_k, tile_masks=masks, item_programs=3)
    kp = _padded(torch.zeros((1, k), dtype=torch.int8)).shape[1]
    assert _block_k(kp, cfg) == expect_bk
    assert kp % _block_k(kp, replace(cfg, tma=False, tile_masks=False)) == 0
    x = _vecs(rng, 45, k).to(dev)
    h = half_norms(x)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 0.05)
    hits = pair_search(x, h, goal, 5000, config=cfg, backend="triton")
    expect = ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal)
    assert hits.total == len(expect) > 0
    np.testing.assert_array_equal(_sorted(hits.valid().cpu().numpy()), expect)
    offsets = torch.tensor([0, 20, 45], dtype=torch.int64, device=dev)
    seg = segment_pair_search(x, h, goal, 5000, offsets, config=_square(cfg), backend="triton")
    want = segment_pair_search(x.cpu(), h.cpu(), goal, 5000, offsets.cpu(), backend="reference")
    assert seg.total == want.total
    np.testing.assert_array_equal(_sorted(seg.valid().cpu().numpy()), _sorted(want.valid().numpy()))
    c = _vecs(rng, 40, k).to(dev)
    d = np.abs(x.cpu().numpy().astype(np.int64) @ c.cpu().numpy().astype(np.int64).T)
    thr = torch.from_numpy(np.quantile(d, 0.9, axis=1).astype(np.int32)).to(dev)
    b = bucket(x, c, thr, 8, config=cfg, backend="triton")
    ids, signs, counts = ref.bucket(x.cpu().numpy(), c.cpu().numpy(), thr.cpu().numpy())
    np.testing.assert_array_equal(b.counts.cpu().numpy(), counts)
    _check_lists(b, ids, signs, counts, 8, not masks)


@pytest.mark.parametrize("sizes", [[0, 1, 40, 2, 17, 0, 33], [5], [], [70, 3]])
def test_segment_pair_search_exact(rng, dev, pcfg, sizes):
    """Many segments in one launch: exactly the per-segment Gram hits, none across segments."""
    from int8tc.sieve import segment_pair_search

    k = 64
    m = sum(sizes)
    x = _vecs(rng, max(m, 0), k, -40, 40).to(dev)
    h = half_norms(x)
    offsets = torch.tensor([0] + list(np.cumsum(sizes)), dtype=torch.int64, device=dev)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 0.3) if m > 1 else 0
    expect = []
    for a, b in zip(offsets[:-1].tolist(), offsets[1:].tolist()):
        if b - a >= 2:
            r = ref.pair_search(x[a:b].cpu().numpy(), h[a:b].cpu().numpy(), goal)
            r[:, :2] += a
            expect.append(r)
    expect = _sorted(np.concatenate(expect)) if expect else np.zeros((0, 4), dtype=np.int64)
    for cap in (len(expect) + 5, max(len(expect) // 2, 1)):
        hits = segment_pair_search(x, h, goal, cap, offsets, config=_square(pcfg), backend="triton",
                                   deterministic=True)
        assert hits.total == len(expect) and hits.dropped == max(0, len(expect) - cap)
        got = _sorted(hits.valid().cpu().numpy())
        if cap >= len(expect):
            np.testing.assert_array_equal(got, expect)
        else:  # kept records are a subset of the true hits
            assert {tuple(r) for r in got.tolist()} <= {tuple(r) for r in expect.tolist()}
    ref_hits = segment_pair_search(x.cpu(), h.cpu(), goal, len(expect) + 1, offsets.cpu(), backend="reference")
    np.testing.assert_array_equal(_sorted(ref_hits.valid().numpy()), expect)


def test_segment_pair_search_bad_offsets(rng, dev):
    from int8tc.sieve import segment_pair_search

    x = _vecs(rng, 10, 64).to(dev)
    h = half_norms(x)
    for bad in ([0, 5], [1, 10], [0, 6, 4, 10]):
        with pytest.raises(ValueError, match="offsets must rise from 0 to M=10"):
            segment_pair_search(x, h, 0, 10, torch.tensor(bad, dtype=torch.int64, device=dev), config=CFG)
    with pytest.raises(ValueError, match="1-D int64"):
        segment_pair_search(x, h, 0, 10, torch.tensor([0, 10], dtype=torch.int32, device=dev), config=CFG)
    with pytest.raises(ValueError, match="segment_pair_search with tile_masks takes tiles_per_program <= 32, got 64"):
        segment_pair_search(x, h, 0, 10, torch.tensor([0, 10], dtype=torch.int64, device=dev),
                            config=replace(TMA_CFG, tile_masks=True, tiles_per_program=64))


@pytest.mark.gpu
@pytest.mark.parametrize("tma", [False, True])
@pytest.mark.parametrize("mode", ["", "row_hits", "defer", "defer-s2", "defer-s2-cap", "rounds", "rounds-s2-cap",
                                  "masks-s2-cap", "masks", "masks-batch", "masks-batch-g16"])
def test_gpu_segment_pair_search_default_tiles(rng, tma, mode):
    from int8tc.sieve import PLAIN_FILTER_CONFIG, SIEVE_PAIR_CONFIG

    cfg = replace(SIEVE_PAIR_CONFIG if tma else PLAIN_FILTER_CONFIG, row_hits=mode == "row_hits",
                  defer_rows=mode.startswith("defer"), row_rounds=mode.startswith("rounds"),
                  tile_masks=mode.startswith("masks") and tma, maxnreg=128 if mode.endswith("-cap") else None,
                  item_reserve="batch" if "-batch" in mode and tma else "item",
                  column_groups=16 if mode.endswith("-g16") else 8)
    if "-s2" in mode:
        cfg = replace(cfg, num_stages=2)

    sizes = [300, 0, 1, 129, 64, 1000, 2]
    x = _vecs(rng, sum(sizes), 128, -30, 30).cuda()
    h = half_norms(x)
    offsets = torch.tensor([0] + list(np.cumsum(sizes)), dtype=torch.int64, device="cuda")
    goal = _goal_for_rate(x.cpu(), h.cpu(), 0.01)
    hits = segment_pair_search(x, h, goal, 10**6, offsets, deterministic=True, config=cfg)
    expect = segment_pair_search(x.cpu(), h.cpu(), goal, 10**6, offsets.cpu(), backend="reference")
    np.testing.assert_array_equal(_sorted(hits.valid().cpu().numpy()), _sorted(expect.valid().numpy()))


@pytest.mark.gpu
@pytest.mark.parametrize("k", [1, 33, 97, 150, 191])
@pytest.mark.parametrize("plain", [False, True])
def test_gpu_odd_k_all_three_ops(rng, k, plain):
    """K that the launcher pads (the sieve quantises contexts of any dimension: 97 at dimension
    110), on the default (TMA) and the plain kernels: every op exact against its reference."""
    from int8tc.sieve import PLAIN_FILTER_CONFIG

    cfg = PLAIN_FILTER_CONFIG if plain else None
    x = _vecs(rng, 700, k).cuda()
    h = half_norms(x)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 1e-2)
    hits = pair_search(x, h, goal, 10**6, deterministic=True, config=cfg)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal))
    offsets = torch.tensor([0, 250, 251, 700], dtype=torch.int64, device="cuda")
    seg = segment_pair_search(x, h, goal, 10**6, offsets, deterministic=True, config=cfg)
    expect = segment_pair_search(x.cpu(), h.cpu(), goal, 10**6, offsets.cpu(), backend="reference")
    np.testing.assert_array_equal(_sorted(seg.valid().cpu().numpy()), _sorted(expect.valid().numpy()))
    _check_gpu_bucket(rng, x, k, cfg)


@pytest.mark.parametrize("d", [1, 7, 64, 97, 130])
def test_pair_norms_exact_against_reference(rng, dev, d):
    """The fused FP64 re-check equals the NumPy reference (same sums up to ordering: 1e-15), poisoned
    outputs all written, ties (y_i orthogonal to y_j) give +1, a pair (i, i) gives 0."""
    from conftest import poisoned

    from int8tc.sieve import pair_norms

    n, p = 53, 131  # P not a multiple of the kernel's 64-pair blocks
    y = torch.from_numpy(rng.standard_normal((n, d)) * 10.0 ** rng.integers(-3, 4, (n, 1))).to(dev)
    pairs = torch.from_numpy(rng.integers(0, n, (p, 2))).to(dev)
    pairs[0] = torch.tensor([5, 5])
    out = (poisoned((p + 3,), torch.float64, dev), poisoned((p + 3,), torch.int8, dev, value=99))
    n2, sign = pair_norms(y, pairs, out=out, backend="auto" if dev.type == "cpu" else "triton")
    if dev.type == "cpu":  # the interpreter too
        n2, sign = pair_norms(y, pairs, out=out, backend="triton")
    r2, rs = ref.pair_norms(y.cpu().numpy(), pairs.cpu().numpy())
    np.testing.assert_allclose(n2.cpu().numpy(), r2, rtol=1e-13, atol=0)
    close = np.isclose(*[((y.cpu().numpy()[pairs.cpu().numpy()[:, 0]] + s * y.cpu().numpy()[pairs.cpu().numpy()[:, 1]]) ** 2)
                         .sum(axis=1) for s in (-1, 1)], rtol=1e-12)
    np.testing.assert_array_equal(sign.cpu().numpy()[~close], rs[~close])  # exact where no near-tie
    assert float(n2[0]) == 0.0 and int(sign[0]) == 1
    assert torch.isnan(out[0][p:]).all() and (out[1][p:] == 99).all()  # nothing written past P
    # a strided view of the pairs and of y
    n2s, _ = pair_norms(y.t().contiguous().t(), pairs.t().contiguous().t())
    np.testing.assert_allclose(n2s.cpu().numpy(), r2, rtol=1e-13, atol=0)
    e2, es = pair_norms(y, pairs[:0])
    assert e2.shape == (0,) and es.shape == (0,)


def test_pair_norms_bad_input(dev):
    from int8tc.sieve import pair_norms

    y = torch.zeros((4, 3), dtype=torch.float64, device=dev)
    with pytest.raises(ValueError, match=r"got indices in \[-1, 2\]"):
        pair_norms(y, torch.tensor([[0, 2], [-1, 1]], device=dev))
    with pytest.raises(ValueError, match=r"got indices in \[0, 4\]"):
        pair_norms(y, torch.tensor([[0, 4]], device=dev))
    with pytest.raises(ValueError, match="2 columns"):
        pair_norms(y, torch.zeros((2, 3), dtype=torch.int64, device=dev))
    with pytest.raises(ValueError, match="must be float64"):
        pair_norms(y.float(), torch.zeros((1, 2), dtype=torch.int64, device=dev))
    with pytest.raises(ValueError, match="at least 1 entries"):
        pair_norms(y, torch.zeros((1, 2), dtype=torch.int64, device=dev),
                   out=(torch.empty(0, dtype=torch.float64, device=dev), torch.empty(1, dtype=torch.int8, device=dev)))


def test_item_kernel_word_steps_and_unaligned_rows():
    # the item kernel reads padded rows as int32 words: K in steps of the largest power of two dividing it (<= 128
    # bytes), dp4a only on CUDA; rows whose K or stride is not a multiple of 4 bytes are refused, with the values
    from int8tc.sieve.ops import _item_words

    for kp, step in ((32, 32), (64, 64), (96, 32), (128, 128), (160, 32), (192, 64)):
        x = torch.zeros((3, kp), dtype=torch.int8)
        assert _item_words(x, x) == {"BLOCK_K": step, "DP4A": False}
    odd = torch.zeros((3, 70), dtype=torch.int8)[:, :64]  # row stride 70
    with pytest.raises(ValueError, match=r"multiples of 4 bytes, got K 64, strides \(70, 1\)"):
        _item_words(odd, torch.zeros((3, 64), dtype=torch.int8))


def test_filter_config_rejects_two_write_modes_and_bad_register_caps():
    from int8tc.sieve import FilterConfig

    with pytest.raises(ValueError, match=r"exclusive, got \['row_hits', 'row_rounds'\]"):
        FilterConfig(row_hits=True, row_rounds=True)
    with pytest.raises(ValueError, match=r"exclusive, got \['defer_rows', 'row_rounds'\]"):
        FilterConfig(defer_rows=True, row_rounds=True)
    for bad in (300, 8, True, 128.0):
        with pytest.raises(ValueError, match=f"maxnreg must be None or an int in 24..255, got {bad!r}"):
            FilterConfig(maxnreg=bad)
        with pytest.raises(ValueError, match=f"item_maxnreg must be None or an int in 24..255, got {bad!r}"):
            FilterConfig(item_maxnreg=bad)
    with pytest.raises(ValueError, match="tensor_items needs tile_masks=True"):
        FilterConfig(tensor_items=True)
    with pytest.raises(ValueError, match=r"exclusive, got \['defer_rows', 'tile_masks'\]"):
        FilterConfig(defer_rows=True, tile_masks=True, tma=True)
    for bad in (dict(tile_masks=True), dict(tile_masks=True, tma=True, tiles_per_program=33)):
        with pytest.raises(ValueError, match="tile_masks needs tma=True and tiles_per_program <= 32 or a multiple of 32"):
            FilterConfig(**bad)
    with pytest.raises(ValueError, match="item_reserve must be 'item' or 'batch', got 'tile'"):
        FilterConfig(item_reserve="tile")
    with pytest.raises(ValueError, match="item_block must be 16, 32 or 64, got 8"):
        FilterConfig(item_block=8)
    with pytest.raises(ValueError, match="item_programs must be a positive int, got 0"):
        FilterConfig(item_programs=0)
    for bad in (-1, 65, True, 2.0):
        with pytest.raises(ValueError, match=f"balanced must be an int in 0..64 .*got {bad!r}"):
            FilterConfig(tma=True, tile_masks=True, balanced=bad)
    for bad in (-1, 65, True):
        with pytest.raises(ValueError, match=f"panel_cost must be an int in 0..64 .*got {bad!r}"):
            FilterConfig(tma=True, tile_masks=True, balanced=1, panel_cost=bad)
    with pytest.raises(ValueError, match="balanced_waves must be an int >= 0, got -1"):
        FilterConfig(tma=True, tile_masks=True, balanced=1, balanced_waves=-1)
    with pytest.raises(ValueError, match="balanced=2 needs tile_masks=True"):
        FilterConfig(tma=True, balanced=2)
    for bad in (dict(column_groups=4), dict(column_groups=16, block_n=16, tma=True, tile_masks=True)):
        with pytest.raises(ValueError, match="column_groups must be 8 or 16 with block_n >= 2 x column_groups"):
            FilterConfig(**bad)
    for name, bad in (("block_k", 16), ("block_k", 96), ("block_m", 8), ("block_n", 48), ("block_m", True)):
        with pytest.raises(ValueError, match=f"{name} must be a power of two >= (16|32), got {bad!r}"):
            FilterConfig(**{name: bad})
    assert FilterConfig(tma=True, tile_masks=True).launch_options()["MASKS"]
    assert FilterConfig(tma=True, tile_masks=True).launch_options(pair=False)["MASKS"]
    opts = FilterConfig(row_rounds=True, maxnreg=128).launch_options()
    assert opts["ROUNDS"] and not opts["DEFER"] and opts["maxnreg"] == 128
    assert "DEFER" not in FilterConfig().launch_options(pair=False) and "maxnreg" not in FilterConfig().launch_options()


@pytest.mark.parametrize("seed", range(6))
def test_pair_search_random_shapes_and_schedules(dev, seed):
    """Random Gram/cross shapes, K in 1..192, value ranges, hit rates 1e-4..1, capacities (ample, half,
    one) and schedules of the default config (grid or balanced at any programs per SM, panel cost,
    waves rule, tiles per program 1..64, 64- or 128-row panels; balanced ones with or without dump_bits, its
    items 16 or 256 dump rows or one slot per program): exact records when they fit, the exact
    total and true hits only when they do not."""
    from int8tc.sieve import DEFAULT_FILTER_CONFIG as D

    r = np.random.default_rng(1000 + seed)
    gram = bool(r.random() < 0.5)
    m, n, k = int(r.integers(1, 300)), None if gram else int(r.integers(1, 200)), int(r.integers(1, 193))
    lo, hi = int(r.integers(-128, 0)), int(r.integers(1, 129))
    x = torch.from_numpy(r.integers(lo, hi, (m, k)).astype(np.int8))
    y = None if gram else torch.from_numpy(r.integers(lo, hi, (n, k)).astype(np.int8))
    h, hy = half_norms(x), None if gram else half_norms(y)
    goal = _goal_for_rate(x, h, 10 ** r.uniform(-4, 0), y, hy)
    balanced = int(r.integers(0, 6))
    cfg = replace(D, balanced=balanced, panel_cost=int(r.integers(0, 9)) if balanced else 0,
                  balanced_waves=int(r.integers(0, 4)), tiles_per_program=int(r.choice([1, 2, 7, 32, 64])),
                  block_m=int(r.choice([64, 128])))
    cfg = replace(cfg, dump_bits=bool(balanced and r.random() < 0.5), dump_rows=int(r.choice([0, 16, 256])))
    if r.random() < 0.5 and cfg.dump_rows <= cfg.block_m:
        cfg = replace(cfg, dump_list=True)
    expect = ref.pair_search(x.numpy(), h.numpy(), goal, None if gram else y.numpy(), None if gram else hy.numpy())
    for cap in (len(expect) + 3, max(len(expect) // 2, 1), 1):
        hits = pair_search(x.to(dev), h.to(dev), goal, cap, None if gram else y.to(dev), None if gram else hy.to(dev),
                           config=cfg, backend="triton", deterministic=cap >= len(expect))
        assert hits.total == len(expect)
        got = hits.valid().cpu().numpy()
        if cap >= len(expect):
            np.testing.assert_array_equal(got, expect)
        else:
            assert len(got) == cap and {tuple(v) for v in got.tolist()} <= {tuple(v) for v in expect.tolist()}


def test_pair_grid_chooses_the_balanced_schedule_below_its_waves():
    """DEFAULT_FILTER_CONFIG's schedule choice (counted on an H200's 132 SMs, the arithmetic the
    launcher uses): a Gram search of 16384 vectors (16512 column tiles, 256 panels, ~1.3 waves of 3 x 132
    programs on the grid) runs balanced with 396 programs, one of 65536 (13 waves) keeps the grid; with
    balanced_waves 0 every search is balanced, with balanced 0 none."""
    from int8tc.sieve import DEFAULT_FILTER_CONFIG as D
    from int8tc.sieve import ops

    assert ops._pair_tiles(16384, 16384, True, D) == (16512, 256)
    assert ops._pair_tiles(300, 77, False, D) == (5 * 1, 5)

    class H200:
        type = "cuda"

    real = ops._sm_count
    try:
        ops._sm_count = lambda dev: 132
        grid, opts = ops._pair_grid(16384, 16384, True, D, H200())
        assert grid == (396,) and opts == {"BALANCED": True, "PANEL_COST": 4}
        assert ops._pair_grid(65536, 65536, True, D, H200()) == ((1024, 8), {})
        assert ops._pair_grid(65536, 65536, True, replace(D, balanced_waves=0), H200())[1]["BALANCED"]
        assert ops._pair_grid(16384, 16384, True, replace(D, balanced=0), H200()) == ((256, 2), {})
        assert ops._pair_grid(5, 5, True, D, H200()) == ((1 + 4,), {"BALANCED": True, "PANEL_COST": 4})
    finally:
        ops._sm_count = real


def _chunks_py(m: int, n: int, gram: bool, cfg, programs: int) -> list[int]:
    """Chunks per program of the balanced schedule, walked as ``_pair_balanced`` walks them (Python integers)."""
    bm, bn, cost = cfg.block_m, cfg.block_n, cfg.panel_cost
    n_tiles, panels = -(-n // bn), -(-m // bm)
    chunk = min(cfg.tiles_per_program, 32)
    starts = [_units_before_py(p, n_tiles, gram, bm, bn, cost) for p in range(panels + 1)]
    total = starts[-1]
    out = []
    for p in range(programs):
        u, u_end = p * total // programs, (p + 1) * total // programs
        ti = max(q for q in range(panels) if starts[q] <= u) if u < total else panels
        c = 0
        while u < u_end:
            t0 = max(u - starts[ti] - cost, 0)
            t1 = min(u_end, starts[ti + 1]) - starts[ti] - cost
            c += -(-max(t1 - t0, 0) // chunk)
            u = min(u_end, starts[ti + 1])
            if u == starts[ti + 1]:
                ti += 1
        out.append(c)
    return out


def test_dump_slots_count_every_programs_chunks():
    """``_dump_slots`` (FilterConfig.dump_bits: each program's first dump slot, from the units' cuts in closed
    form) against the walk, chunk by chunk: Gram and cross searches, programs from 1 to past the units, panel
    costs 0 and 4, chunks of 3, 32 (tiles_per_program 64) and 16, 64- and 128-row panels; ``_dump_slot_bound`` (a
    one-shot call's dump) at least their total."""
    from int8tc.sieve import DEFAULT_FILTER_CONFIG as D
    from int8tc.sieve.ops import _dump_slot_bound, _dump_slots

    r = np.random.default_rng(5)
    sizes = [(1, 1), (63, 64), (65, 129), (700, 700), (5003, 5003), (16384, 16384), (3001, 4999)]
    sizes += [(int(a), int(b)) for a, b in r.integers(1, 20000, (12, 2))]
    for m, n in sizes:
        for gram in ((True, False) if m == n else (False,)):
            for cfg in (D, replace(D, panel_cost=0, tiles_per_program=3), replace(D, block_m=128, block_n=64,
                                                                                  tiles_per_program=16)):
                for programs in (1, 3, 396, 5000):
                    slots = _dump_slots(m, n if not gram else m, gram, cfg, programs)
                    assert slots[0] == 0 and len(slots) == programs + 1
                    want = _chunks_py(m, m if gram else n, gram, cfg, programs)
                    assert list(np.diff(slots)) == want, (m, n, gram, cfg.panel_cost, programs)
                    assert _dump_slot_bound(m, m if gram else n, gram, cfg, programs) >= slots[-1]


def test_dump_bits_applies_to_balanced_masks_searches_only(monkeypatch):
    """dump_bits is read by searches that run the balanced schedule; configs without tile_masks or balanced, and
    searches past balanced_waves, flush items (``_dump_applies`` 0); dump_rows is checked."""
    from int8tc.sieve import DEFAULT_FILTER_CONFIG as D, FilterConfig
    from int8tc.sieve import ops

    class H200:
        type = "cuda"

    monkeypatch.setattr(ops, "_sm_count", lambda dev: 132)
    assert D.dump_bits and ops._dump_applies(16384, 16384, True, D, H200()) == 396
    assert ops._dump_applies(65536, 65536, True, D, H200()) == 0  # past balanced_waves: the grid schedule
    for cfg in (replace(D, balanced=0), FilterConfig(tma=True, tile_masks=True, dump_bits=True),
                FilterConfig(dump_bits=True)):
        assert ops._dump_applies(16384, 16384, True, cfg, H200()) == 0
    for rows in (3, 96, 2048, -1, True):
        with pytest.raises(ValueError, match=f"dump_rows must be 0 or a power of two up to 1024, got {rows!r}"):
            FilterConfig(block_m=64, dump_rows=rows)
    assert FilterConfig(block_m=64, dump_rows=256).dump_rows == 256
    with pytest.raises(ValueError, match="dump_list needs dump_rows <= block_m .* got dump_rows=256, block_m=64"):
        FilterConfig(block_m=64, dump_rows=256, dump_list=True)
    assert FilterConfig(block_m=64, dump_rows=64, dump_list=True).dump_list
    assert FilterConfig(tma=True, tile_masks=True, balanced=3, dump_bits=True).dump_bits


@triton.jit(do_not_specialize=["n_tiles"])  # (on the GPU an n_tiles of 1 would become a constexpr)
def _panel_of_kernel(u_ptr, out_ptr, n_tiles, GRAM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     PANEL_COST: tl.constexpr):
    # filters._panel_of for unit u_ptr[i], one program per unit
    i = tl.program_id(0)
    tl.store(out_ptr + i, _panel_of(tl.load(u_ptr + i), n_tiles.to(tl.int64), GRAM, BLOCK_M, BLOCK_N, PANEL_COST))


def _units_before_py(p: int, n_tiles: int, gram: bool, bm: int, bn: int, cost: int) -> int:
    # the balanced schedule's units before panel p (filters._units_before), with Python integers
    if not gram:
        return p * (cost + n_tiles)
    first = [(t * bm) // bn for t in range(p)]  # each panel's first column tile (filters._first_tile)
    return cost * p + sum(n_tiles - f for f in first)


@pytest.mark.parametrize("bm,bn", [(64, 128), (128, 64), (64, 64), (32, 128), (128, 32)])
@pytest.mark.parametrize("gram", [True, False])
def test_panel_of_finds_the_panel_holding_each_unit(dev, bm, bn, gram):
    """``_panel_of`` (the balanced schedule's first panel of a program: an FP64 guess from the units'
    quadratic, then exact steps) against the definition, the last p with units_before(p) <= u, for every
    unit of small searches and the panels' edges (first and last unit of each panel) of large ones,
    panel costs 0..8, at most 2^20 x 2^20 vectors."""
    for m, n, cost in [(1, 1, 0), (5, 3, 4), (300, 300, 0), (700, 650, 3), (1000, 1000, 8), (16384, 16384, 4),
                       (100003, 99991, 1), (1 << 20, 1 << 20, 4), (1 << 20, 1 << 20, 0)]:
        n = m if gram else n
        n_tiles, n_panels = -(-n // bn), -(-m // bm)
        starts = [_units_before_py(p, n_tiles, gram, bm, bn, cost) for p in range(n_panels + 1)] if n_panels < 5000 \
            else None
        if starts is None:  # large: every 97th panel's edges plus the last panels' (prefix sums in closed form)
            ps = sorted(set(list(range(0, n_panels, 97)) + list(range(n_panels - 40, n_panels))))
            if gram and bm < bn:
                r = bn // bm
                before = lambda p: r * ((p // r) * (p // r - 1) // 2) + (p // r) * (p - r * (p // r))  # noqa: E731
            elif gram:
                before = lambda p: (bm // bn) * (p * (p - 1) // 2)  # noqa: E731
            else:
                before = lambda p: 0  # noqa: E731
            edge = {p: cost * p + p * n_tiles - before(p) for p in ps + [p + 1 for p in ps]}
            us, want = [], []
            for p in ps:
                if edge[p + 1] > edge[p]:
                    us += [edge[p], edge[p + 1] - 1]
                    want += [p, p]
        else:
            total = starts[-1]
            us = list(range(total)) if total <= 3000 else sorted(set(starts[:-1]) | {s - 1 for s in starts[1:]})
            want = [int(np.searchsorted(starts, u, side="right")) - 1 for u in us]
        u = torch.tensor(us, dtype=torch.int64, device=dev)
        out = torch.full((len(us),), -1, dtype=torch.int64, device=dev)
        _panel_of_kernel[(len(us),)](u, out, n_tiles, GRAM=gram, BLOCK_M=bm, BLOCK_N=bn, PANEL_COST=cost)
        np.testing.assert_array_equal(out.cpu().numpy(), np.array(want), err_msg=f"{m} x {n}, cost {cost}")


@pytest.mark.gpu
@pytest.mark.parametrize("balanced,tpp,cost,dump", [(1, 32, 0, False), (3, 32, 0, False), (4, 16, 0, False),
                                                    (3, 64, 0, False), (3, 32, 8, False), (2, 32, 40, False),
                                                    (0, 64, 0, False), (0, 16, 0, False), (3, 64, 4, True),
                                                    (1, 32, 0, True), (4, 16, 40, True), (3, 32, 0, "list"),
                                                    (4, 16, 40, "list")])
def test_gpu_balanced_pair_search(rng, balanced, tpp, cost, dump):
    """The balanced schedule at the default tiles on sizes whose program ranges start and end inside
    panels (Gram 5003 vectors: 79 panels, 2-40 units each in the triangle's tail; cross 3001 x 4999):
    exact records against the reference, as a PairSearchPlan too, and a capacity overflow counts
    exactly and keeps true hits only. balanced = 0: the (panel, chunk) grid on the same sizes (t64:
    programs of up to 40 column tiles, two flushes; t16: one). dump: the bits dumped (FilterConfig.dump_bits;
    "list": their items listed by dump_list)."""
    from int8tc.sieve import DEFAULT_FILTER_CONFIG, PairSearchPlan, ops

    cfg = replace(DEFAULT_FILTER_CONFIG, balanced=balanced, tiles_per_program=tpp, panel_cost=cost,
                  dump_bits=bool(dump), dump_list=dump == "list")
    assert (ops._pair_grid(5003, 5003, True, cfg, torch.device("cuda"))[1] != {}) == (balanced > 0)
    for m, n in ((5003, None), (3001, 4999)):
        x = _vecs(rng, m, 128).cuda()
        h = half_norms(x)
        y = None if n is None else _vecs(rng, n, 128).cuda()
        hy = None if n is None else half_norms(y)
        xx = x.cpu().numpy().astype(np.int64)
        yy, hh = (xx, h.cpu().numpy()) if n is None else (y.cpu().numpy().astype(np.int64), hy.cpu().numpy())
        v = h.cpu().numpy()[:, None] + hh[None, :] - np.abs(xx @ yy.T)
        goal = int(np.quantile(v[np.triu_indices(m, 1)] if n is None else v, 1e-4))  # (the diagonal's ~0 left out)
        expect = ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal, None if n is None else y.cpu().numpy(),
                                 None if n is None else hy.cpu().numpy())
        assert len(expect) > 100
        hits = pair_search(x, h, goal, len(expect) + 7, y, hy, deterministic=True, config=cfg)
        np.testing.assert_array_equal(hits.valid().cpu().numpy(), expect)
        plan = PairSearchPlan(m, 128, len(expect) + 7, n=n, config=cfg)
        for _ in range(2):  # a replay on the same buffers
            got = plan(goal, x, h, y, hy, deterministic=True)
        np.testing.assert_array_equal(got.valid().cpu().numpy(), expect)
        hits = pair_search(x, h, goal, len(expect) // 2, y, hy, config=cfg)
        assert hits.total == len(expect) and hits.kept == len(expect) // 2
        assert {tuple(r) for r in hits.valid().cpu().numpy().tolist()} <= {tuple(r) for r in expect.tolist()}


@pytest.mark.gpu
@pytest.mark.parametrize("mode", ["defer", "masks"])
def test_gpu_defer_items_beyond_int32_offsets(rng, mode):
    """The deferred rows' items sit after the records: with capacity > 2^29 their int32 offsets
    (capacity + item) * 4 wrapped and the recompute kernel read outside the buffer (an illegal
    address in the sieve at dimension 120 with --segment-filters tma-defer; NOTES.md 55). A few
    dense rows, a capacity of 6e8 records (a 14 GB buffer, never initialised): exact records."""
    from int8tc.sieve import SIEVE_PAIR_CONFIG

    cfg = replace(SIEVE_PAIR_CONFIG, defer_rows=mode == "defer", tile_masks=mode == "masks")
    x = _vecs(rng, 300, 128).cuda()
    h = half_norms(x)
    goal = _goal_for_rate(x.cpu(), h.cpu(), 0.05)
    expect = ref.pair_search(x.cpu().numpy(), h.cpu().numpy(), goal)
    hits = pair_search(x, h, goal, 600_000_000, deterministic=True, config=cfg)
    assert hits.total == len(expect) > 0
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), expect)
    offsets = torch.tensor([0, 120, 300], dtype=torch.int64, device="cuda")
    seg = segment_pair_search(x, h, goal, 600_000_000, offsets, deterministic=True, config=cfg)
    ref_seg = segment_pair_search(x.cpu(), h.cpu(), goal, 10**6, offsets.cpu(), deterministic=True, backend="reference")
    assert seg.total == ref_seg.total > 0
    np.testing.assert_array_equal(seg.valid().cpu().numpy(), ref_seg.valid().numpy())


@pytest.mark.gpu
@pytest.mark.parametrize("gram", [True, False])
def test_gpu_norm_bound_default_equals_exact(gram):
    """DEFAULT_FILTER_CONFIG at a size past its norm_bound threshold (sorted columns, the group max/min
    bound) against the same config without it: the same records, bit for bit, on rows of very different
    lengths (so the sort permutes a lot and tiles' norms spread at the ends), at two rates and with a
    capacity far below the hits (exact total, true hits kept)."""
    from int8tc.sieve import DEFAULT_FILTER_CONFIG as D
    from int8tc.sieve import ops

    g = torch.Generator(device="cuda").manual_seed(5)
    m, n, k = (50000, None, 128) if gram else (40000, 30000, 128)
    assert ops.norm_bound_applies(m, m if gram else n, gram, D)
    lim = torch.randint(8, 65, (m, 1), device="cuda", generator=g)
    x = (torch.randint(-64, 64, (m, k), device="cuda", generator=g) % lim).to(torch.int8)
    y = None if gram else torch.randint(-40, 41, (n, k), dtype=torch.int8, device="cuda", generator=g)
    h, hy = half_norms(x), None if gram else half_norms(y)
    sample_y = x[2000:4000] if gram else y[:2000]  # (a Gram sample off the diagonal, whose values are ~0)
    vals = (h[:2000, None] + (h[2000:4000] if gram else hy[:2000])[None, :]
            - (x[:2000].float() @ sample_y.float().T).abs().int())
    for rate in (1e-4, 1e-6):
        goal = int(torch.quantile(vals.float().flatten()[:10**6], rate))
        exact = pair_search(x, h, goal, 10**7, y, hy, config=replace(D, norm_bound=0), deterministic=True)
        got = pair_search(x, h, goal, 10**7, y, hy, deterministic=True)
        assert got.total == exact.total > 0 and got.dropped == 0
        assert torch.equal(got.valid(), exact.valid())
    small = pair_search(x, h, goal, 7, y, hy)
    assert small.total == exact.total and small.kept == 7
    truth = {tuple(r) for r in exact.valid().cpu().numpy().tolist()}
    assert {tuple(r) for r in small.valid().cpu().numpy().tolist()} <= truth


@pytest.mark.parametrize("n, k, norms, parts", [(1, 32, "equal", None), (300, 96, "uniform", None),
                                                (1500, 64, "outliers", None), (5003, 128, "uniform", None),
                                                (5003, 128, "uniform", 2), (9000, 160, "equal", None)])
def test_sort_by_norm_bins(dev, rng, monkeypatch, n, k, norms, parts):
    """norm_bound's counting sort (partial sums, bins with the last program's offsets, scatter, then each
    tile's least norm): a permutation, rows and norms moved with it, each column tile's
    least norm exact (outputs poisoned first), and the order ascending by bins: no norm comes after a
    larger one by more than a bin's width (8 sd / 4096), so distinct norms further apart than a bin come
    out exactly sorted; outliers past 4 sd land at the ends. ``parts``: NORM_PARTS lowered so that each
    partial sum loops over several blocks (as from 2^20 norms on)."""
    from int8tc.sieve import ops
    from int8tc.sieve.ops import NORM_BINS, _padded, sort_by_norm

    if parts:
        monkeypatch.setattr(ops, "NORM_PARTS", parts)
    x = torch.from_numpy(rng.integers(-128, 128, (n, k), dtype=np.int8)).to(dev)
    xp = _padded(x)
    hn = np.full(n, 12345, dtype=np.int32) if norms == "equal" else rng.permutation(n).astype(np.int32) * 1000 + 5
    if norms == "outliers":
        hn[n // 2], hn[n // 3] = 2**29 - 1, -2**29
    h = torch.from_numpy(hn).to(dev)
    n_tiles = -(-n // 64)
    out = (torch.full_like(xp, 7), torch.full_like(h, -7), torch.full((n,), -1, dtype=torch.int64, device=dev),
           torch.full((n_tiles,), -7, dtype=torch.int32, device=dev))
    ys, hs, perm, hmin = sort_by_norm(xp, h, 64, out=out)
    p = perm.cpu()
    assert torch.equal(torch.sort(p).values, torch.arange(n))
    assert torch.equal(ys.cpu(), xp.cpu()[p]) and torch.equal(hs.cpu(), h.cpu()[p])
    want = torch.stack([hs.cpu()[t * 64:(t + 1) * 64].min() for t in range(n_tiles)])
    assert torch.equal(hmin.cpu(), want)
    hs_ = hs.cpu().numpy().astype(np.float64)
    width = 8 * hn.astype(np.float64).std() / NORM_BINS + 1
    assert (np.maximum.accumulate(hs_) - hs_ <= width).all()
    if norms == "uniform" and 1000 > width:
        assert (np.diff(hs_) > 0).all()
    if norms == "outliers":
        assert hs_[0] == -2**29 and hs_[-1] == 2**29 - 1
