"""PairSearchPlan (interpreter on CPU, CUDA graphs on the GPU) against the NumPy reference.

Records are compared exactly after sorting; the plan's buffers are poisoned between calls so a
stale or unwritten record fails.
"""

from dataclasses import replace

import numpy as np
import pytest
import torch

from int8tc.sieve import (DEFAULT_FILTER_CONFIG, SMALL_FILTER_CONFIG, PairSearchPlan, half_norms, pair_search)
from int8tc.sieve import reference as ref

CFGS = [replace(SMALL_FILTER_CONFIG, tma=True, tile_masks=True),
        replace(SMALL_FILTER_CONFIG, tma=True, tile_masks=True, balanced=3, dump_bits=True, dump_rows=8),
        replace(SMALL_FILTER_CONFIG, tma=True, tile_masks=True, norm_bound=1),
        replace(SMALL_FILTER_CONFIG, block_n=32, tma=True, tile_masks=True, item_reserve="batch", column_groups=16),
        replace(SMALL_FILTER_CONFIG, row_rounds=True),
        replace(SMALL_FILTER_CONFIG, tma=True, defer_rows=True)]
IDS = ["tma-masks", "tma-masks-balanced3-dump-rows8", "tma-masks-bound", "tma-masks-16x32-batch-g16", "plain-rounds", "tma-defer"]


def _vecs(rng, m, k):
    return torch.from_numpy(rng.integers(-128, 128, (m, k)).astype(np.int8))


def _goal(x, h, rate, y=None, hy=None):
    xx = x.numpy().astype(np.int64)
    yy = xx if y is None else y.numpy().astype(np.int64)
    v = h.numpy()[:, None] + (h if hy is None else hy).numpy()[None, :] - np.abs(xx @ yy.T)
    if y is None:
        v = v[np.triu_indices(len(xx), 1)]
    return int(np.quantile(v, rate))


def _poison(plan):
    plan._buf.fill_(-7)


@pytest.mark.parametrize("cfg", CFGS, ids=IDS)
@pytest.mark.parametrize("k", [128, 33])
def test_plan_gram_search_many_goals_and_inputs(rng, dev, cfg, k):
    """One plan, several calls: new goals (in device memory, no new capture), new inputs copied in,
    inputs written in place; each call equals the reference exactly and reports true totals."""
    m = 45
    plan = PairSearchPlan(m, k, 3000, device=dev, config=cfg)
    for call in range(3):
        x = _vecs(rng, m, k)
        h = half_norms(x)
        for rate in (0.05, 0.3):
            goal = _goal(x, h, rate)
            _poison(plan)
            if call == 2:  # in place
                plan.x.copy_(x.to(dev))
                plan.half_norms.copy_(h.to(dev))
                hits = plan(goal, deterministic=True)
            else:
                hits = plan(goal, x.to(dev), h.to(dev), deterministic=True)
            want = ref.pair_search(x.numpy(), h.numpy(), goal)
            assert hits.total == len(want) > 0
            np.testing.assert_array_equal(hits.valid().cpu().numpy(), want)


@pytest.mark.parametrize("cfg", CFGS[:3], ids=IDS[:3])
def test_plan_cross_search_and_overflow(rng, dev, cfg):
    """x against y; then a capacity far below the hits: the total stays exact, the kept records
    are distinct true hits."""
    m, n, k = 37, 29, 96
    x, y = _vecs(rng, m, k), _vecs(rng, n, k)
    h, hy = half_norms(x), half_norms(y)
    goal = _goal(x, h, 0.2, y, hy)
    want = ref.pair_search(x.numpy(), h.numpy(), goal, y.numpy(), hy.numpy())
    plan = PairSearchPlan(m, k, 1000, n=n, device=dev, config=cfg)
    _poison(plan)
    hits = plan(goal, x.to(dev), h.to(dev), y.to(dev), hy.to(dev), deterministic=True)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), want)
    small = PairSearchPlan(m, k, 10, n=n, device=dev, config=cfg)
    _poison(small)
    hits = small(goal, x.to(dev), h.to(dev), y.to(dev), hy.to(dev))
    assert hits.total == len(want) and hits.dropped == len(want) - 10
    got = {tuple(r) for r in hits.valid().cpu().numpy().tolist()}
    assert len(got) == 10 and got <= {tuple(r) for r in want.tolist()}


@pytest.mark.parametrize("cfg", CFGS[:2], ids=IDS[:2])
def test_plan_half_norm_range_raises_when_read(rng, dev, cfg):
    """A half norm out of range (either operand) raises ValueError with the value when the result
    is read; the next call with good inputs is exact (the check resets). With dump_bits the search kernel
    does the range pass itself."""
    m, k = 40, 64
    x = _vecs(rng, m, k)
    h = half_norms(x)
    plan = PairSearchPlan(m, k, 2000, device=dev, config=cfg)
    bad = h.clone()
    bad[7] = 2**29
    hits = plan(0, x.to(dev), bad.to(dev))
    with pytest.raises(ValueError, match=r"half_norms must lie in \[-2\^29, 2\^29\), got values in \[0, 536870912\]"):
        hits.total
    with pytest.raises(ValueError, match="half_norms must lie"):
        hits.valid()
    goal = _goal(x, h, 0.1)
    hits = plan(goal, x.to(dev), h.to(dev), deterministic=True)
    np.testing.assert_array_equal(hits.valid().cpu().numpy(), ref.pair_search(x.numpy(), h.numpy(), goal))
    cross = PairSearchPlan(m, k, 2000, n=m, device=dev, config=cfg)
    low = h.clone()
    low[3] = -(2**29) - 1
    with pytest.raises(ValueError, match=r"y_half_norms must lie in .*got values in \[-536870913, [0-9]+\]"):
        cross(goal, x.to(dev), h.to(dev), x.to(dev), low.to(dev)).total


def test_plan_bad_arguments(dev):
    with pytest.raises(ValueError, match="k must be an int in 1..192, got 193"):
        PairSearchPlan(10, 193, 10, device=dev, config=CFGS[0])
    with pytest.raises(ValueError, match="capacity must be a non-negative int, got -1"):
        PairSearchPlan(10, 64, -1, device=dev, config=CFGS[0])
    with pytest.raises(TypeError, match="config must be a FilterConfig"):
        PairSearchPlan(10, 64, 10, device=dev, config="fast")
    plan = PairSearchPlan(10, 64, 10, device=dev, config=CFGS[0])
    x = torch.zeros((11, 64), dtype=torch.int8, device=dev)
    with pytest.raises(ValueError, match=r"x must be \[10, 64\] for this plan, got \[11, 64\]"):
        plan(0, x)
    with pytest.raises(ValueError, match="half_norms"):
        plan(0, half_norms=torch.zeros(9, dtype=torch.int32, device=dev))
    with pytest.raises(ValueError, match="goal must be an int"):
        plan(2**31)
    with pytest.raises(ValueError, match="Gram plan"):
        plan(0, y=x[:10])
    if dev.type == "cpu":
        with pytest.raises(ValueError, match="graph=True needs a CUDA device"):
            PairSearchPlan(10, 64, 10, device=dev, config=CFGS[0], graph=True)


def test_plan_empty_shapes(dev):
    plan = PairSearchPlan(0, 64, 10, device=dev, config=CFGS[0])
    assert plan(0).total == 0
    one = PairSearchPlan(1, 64, 10, device=dev, config=CFGS[0])
    assert one(10**9, torch.ones((1, 64), dtype=torch.int8, device=dev),
               torch.zeros(1, dtype=torch.int32, device=dev)).total == 0  # no pair i < j


@pytest.mark.gpu
@pytest.mark.parametrize("m,bound,dump", [(16384, 0, False), (3001, 0, False), (16384, 1, False), (3001, 1, False),
                                          (16384, 0, True), (3001, 0, True)])
def test_gpu_plan_graph_default_config_equals_pair_search(rng, m, bound, dump):
    """The default config (bound: with norm_bound from one pair, the sorted path; dump: dump_bits) captured as a CUDA
    graph: at 16384 vectors and an odd size, over goals at two rates and fresh inputs, equal to
    pair_search's records without norm_bound (itself checked against the reference elsewhere) and to
    the reference where that is cheap."""
    k = 128
    plan = PairSearchPlan(m, k, 2000000, config=replace(DEFAULT_FILTER_CONFIG, norm_bound=bound or
                                                        DEFAULT_FILTER_CONFIG.norm_bound, dump_bits=dump))
    assert (plan._dump is not None) == dump
    assert plan._graph is not None
    for trial in range(2):
        x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda")
        h = half_norms(x)
        sample = x[:512].cpu()
        for rate in (1e-4, 1e-3):
            goal = _goal(sample, half_norms(sample), rate)
            _poison(plan)
            got = plan(goal, x, h, deterministic=True)
            want = pair_search(x, h, goal, 2000000, config=replace(DEFAULT_FILTER_CONFIG, norm_bound=0),
                               deterministic=True)
            assert got.total == want.total > 0 and got.dropped == 0
            assert torch.equal(got.valid(), want.valid())
    if m < 4000:
        xc = x.cpu()
        np.testing.assert_array_equal(got.valid().cpu().numpy(), ref.pair_search(xc.numpy(), h.cpu().numpy(), goal))


@pytest.mark.gpu
def test_gpu_plan_without_graph_and_zero_capacity(rng):
    """graph=False on CUDA runs the same launches eagerly; equal to the graph's records. A plan of
    capacity 0 keeps nothing and counts everything."""
    m, k = 700, 100
    x = _vecs(rng, m, k)
    h = half_norms(x)
    goal = _goal(x, h, 0.01)
    want = ref.pair_search(x.numpy(), h.numpy(), goal)
    for graph in (False, True):
        plan = PairSearchPlan(m, k, 10**5, graph=graph)
        assert (plan._graph is not None) == graph
        _poison(plan)
        hits = plan(goal, x.cuda(), h.cuda(), deterministic=True)
        np.testing.assert_array_equal(hits.valid().cpu().numpy(), want)
    empty = PairSearchPlan(m, k, 0)
    hits = empty(goal, x.cuda(), h.cuda())
    assert hits.total == len(want) and hits.kept == 0 and hits.dropped == len(want)
