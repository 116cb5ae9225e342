"""BucketPlan (interpreter on CPU, CUDA graphs on the GPU) against the NumPy reference.

Counts are compared exactly and lists whole (unordered configs: as sets, sorted with
deterministic=True); the plan's lists and counts are poisoned between calls so a stale or
unwritten entry fails.
"""

from dataclasses import replace

import numpy as np
import pytest
import torch

from int8tc.sieve import (DEFAULT_BUCKET_CONFIG, MASK_ITEMS_BUCKET_CONFIG, TMA_FILTER_CONFIG, BucketPlan, bucket)
from int8tc.sieve import reference as ref

TMA = replace(TMA_FILTER_CONFIG, block_m=16, block_n=16, block_k=32, num_stages=1)
CFGS = [replace(TMA, tile_masks=True, tensor_items=True, item_block=16),
        replace(TMA, block_n=32, tile_masks=True, column_groups=16),
        replace(TMA, row_rounds=True)]
IDS = ["tma-masks-tc-items", "tma-masks-16x32-g16", "tma-rounds"]


def _vecs(rng, m, k):
    return torch.from_numpy(rng.integers(-128, 128, (m, k)).astype(np.int8))


def _thresholds(x, c, q):
    d = np.abs(x.numpy().astype(np.int64) @ c.numpy().astype(np.int64).T)
    return torch.from_numpy(np.quantile(d, q, axis=1).astype(np.int32))


def _poison(plan):
    plan._bufs.ids.fill_(-7)
    plan._bufs.signs.fill_(3)
    plan._bufs.counts.fill_(-5)  # zeroed by the plan's own fill before each run (the fill is part of a call)


def _check(b, x, c, thr, cap, sorted_lists):
    ids, signs, counts = ref.bucket(x.numpy(), c.numpy(), thr.numpy())
    np.testing.assert_array_equal(b.counts.cpu().numpy(), counts)
    got_ids, got_signs = b.ids.cpu().numpy(), b.signs.cpu().numpy()
    for r in range(len(counts)):
        kk = min(counts[r], cap)
        truth = dict(zip(ids[r].tolist(), signs[r].tolist()))
        row = list(zip(got_ids[r, :kk].tolist(), got_signs[r, :kk].tolist()))
        assert len({i for i, _ in row}) == kk and all(truth.get(i) == sg for i, sg in row), r
        if sorted_lists:
            assert (np.diff(got_ids[r, :kk]) > 0).all(), r
        if counts[r] <= cap:
            assert sorted(i for i, _ in row) == sorted(truth), r
    return counts


@pytest.mark.parametrize("cfg", CFGS, ids=IDS)
@pytest.mark.parametrize("k", [64, 33])
def test_bucket_plan_many_inputs(rng, dev, cfg, k):
    """One plan, several calls: inputs copied in, then written in place, with new thresholds; each call
    equals the reference (counts exact, rows that overflow keep distinct true members)."""
    m, n, cap = 41, 37, 4
    plan = BucketPlan(m, n, k, cap, device=dev, config=cfg)
    for call in range(3):
        x, c = _vecs(rng, m, k), _vecs(rng, n, k)
        thr = _thresholds(x, c, 0.9 if call else 0.6)
        _poison(plan)
        if call == 2:
            plan.x.copy_(x.to(dev))
            plan.centres.copy_(c.to(dev))
            plan.thresholds.copy_(thr.to(dev))
            b = plan(deterministic=True)
        else:
            b = plan(x.to(dev), c.to(dev), thr.to(dev), deterministic=call == 1)
        counts = _check(b, x, c, thr, cap, call >= 1)
        assert counts.sum() > 0 and (call or (counts > cap).any())


def test_bucket_plan_bad_arguments_and_empty(dev):
    with pytest.raises(ValueError, match="k must be an int in 1..192, got 0"):
        BucketPlan(10, 10, 0, 4, device=dev, config=CFGS[0])
    with pytest.raises(ValueError, match="capacity_per_row must be a non-negative int, got -2"):
        BucketPlan(10, 10, 64, -2, device=dev, config=CFGS[0])
    with pytest.raises(TypeError, match="config must be a FilterConfig"):
        BucketPlan(10, 10, 64, 4, device=dev, config="fast")
    plan = BucketPlan(10, 12, 64, 4, device=dev, config=CFGS[0])
    with pytest.raises(ValueError, match=r"x must be \[10, 64\] for this plan, got \[10, 32\]"):
        plan(torch.zeros((10, 32), dtype=torch.int8, device=dev))
    with pytest.raises(ValueError, match=r"centres must be \[12, 64\] for this plan, got \[11, 64\]"):
        plan(centres=torch.zeros((11, 64), dtype=torch.int8, device=dev))
    with pytest.raises(ValueError, match="thresholds"):
        plan(thresholds=torch.zeros(9, dtype=torch.int32, device=dev))
    if dev.type == "cpu":
        with pytest.raises(ValueError, match="graph=True needs a CUDA device"):
            BucketPlan(10, 12, 64, 4, device=dev, config=CFGS[0], graph=True)
    for m, n in ((0, 5), (5, 0)):
        b = BucketPlan(m, n, 64, 4, device=dev, config=CFGS[0])()
        assert b.counts.shape == (m,) and int(b.counts.sum()) == 0


@pytest.mark.gpu
@pytest.mark.parametrize("cfg", [DEFAULT_BUCKET_CONFIG, MASK_ITEMS_BUCKET_CONFIG], ids=["default", "mask-items"])
def test_gpu_bucket_plan_graph_equals_bucket(rng, cfg):
    """The H200 configs captured as a CUDA graph (and eagerly, graph=False): at 20011 x 1000 centres and
    a sparse rate with every 97th row hitting all centres (past capacity and the item buffer), over two
    input sets, counts equal to bucket's and the exact dots', each kept entry a true hit, rows that kept
    all hits listing exactly them."""
    m, n, k, cap = 20011, 1000, 128, 12
    for graph in (True, False):
        plan = BucketPlan(m, n, k, cap, config=cfg, graph=graph)
        assert (plan._graph is not None) == graph
        for trial in range(2):
            x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda")
            c = torch.randint(-64, 64, (n, k), dtype=torch.int8, device="cuda")
            dots = torch.matmul(x.double(), c.double().T)  # exact: |dot| < 2^22
            thr = torch.quantile(dots[:2000].abs().flatten(), 1 - 1e-3).to(torch.int32).repeat(m)
            thr[trial::97] = 0
            _poison(plan)
            b = plan(x, c, thr)
            hit = dots.abs() >= thr[:, None].double()
            assert torch.equal(b.counts, hit.sum(1).int())
            assert torch.equal(b.counts, bucket(x, c, thr, cap, config=cfg).counts)
            kept = torch.clamp(b.counts, max=cap)
            slot = torch.arange(cap, device="cuda")[None, :] < kept[:, None]
            idx = torch.where(slot, b.ids, 0).long()
            assert torch.gather(hit, 1, idx)[slot].all()
            sg = torch.where(torch.gather(dots, 1, idx) >= 0, 1, -1).to(torch.int8)
            assert torch.equal(b.signs[slot], sg[slot])
            listed = torch.zeros(hit.shape, dtype=torch.int32, device="cuda").scatter_add_(1, idx, slot.int()) > 0
            full = kept == b.counts
            assert torch.equal(listed[full], hit[full])
