"""Probe (session 38): the balanced Gram search's flush (``_write_items``: popcounts, a reservation atomic,
block-wide reductions, rounds of item stores) against dumping each chunk's bit words to a slot of their own
(``DUMP`` 1: no atomic, no reduction, plain stores; ``DUMP`` 2: the same inside one pipelined loop per panel,
so no pipeline drain and refill at chunk ends). Times the search kernel alone in each form at the default
config and checks that the dumped bits (popcount over every slot) equal the default's item count, and that
both dump forms wrote the same words.

    PYTHONPATH=src python3 benchmarks/dump_probe.py --m 16384 --rates 1e-4,1e-6
"""
import argparse

import torch

from int8tc._launcher import launch
from int8tc.bench.common import time_cuda
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import DEFAULT_FILTER_CONFIG, PairSearchPlan, half_norms
from int8tc.sieve._kernels.filters import pair_search_tma_kernel
from int8tc.sieve.ops import _block_k, _descriptor, _dump_slots, _h_descriptor, _padded, _pair_grid, _record_buffers


def popcount(w: torch.Tensor) -> int:
    v = w.to(torch.int64) & 0xFFFFFFFF
    c = torch.zeros_like(v)
    for _ in range(32):
        c += v & 1
        v >>= 1
    return int(c.sum())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--m", default="16384")
    ap.add_argument("--k", type=int, default=128)
    ap.add_argument("--rates", default="1e-4,1e-6")
    ap.add_argument("--iters", type=int, default=50)
    args = ap.parse_args()
    cfg = DEFAULT_FILTER_CONFIG
    rows = []
    for m in (int(v) for v in args.m.split(",")):
        k = args.k
        g = torch.Generator(device="cuda").manual_seed(0)
        x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
        h = half_norms(x)
        vals = _sample_values(x, h, x, h, False)
        xp = _padded(x)
        grid, opts = _pair_grid(m, m, True, cfg, x.device)
        if not opts.get("BALANCED"):
            print(f"M={m}: the default runs the grid schedule here, skipped")
            continue
        programs = grid[0]
        slots = torch.tensor(_dump_slots(m, m, True, cfg, programs), dtype=torch.int64, device="cuda")
        n_slots = int(slots[-1])
        SLOT = cfg.block_m * cfg.column_groups + 16
        dumps = {d: torch.full((n_slots, SLOT), -7, dtype=torch.int32, device="cuda") for d in (1, 2)}
        bk = _block_k(xp.shape[1], cfg)
        xd = _descriptor(xp, cfg.block_m, bk)
        yd = xd if cfg.block_n == cfg.block_m else _descriptor(xp, cfg.block_n, bk)
        hd = _h_descriptor(h, cfg.block_n)
        for rate in (float(v) for v in args.rates.split(",")):
            goal = _quantile(vals, rate)
            cap = int(4 * rate * m * (m - 1) // 2) + 4096
            _, buf, count = _record_buffers(cap, x.device, cfg)

            def run(dump: int):
                count.zero_()
                extra = dict(DUMP=dump, dump_ptr=dumps[dump], slots_ptr=slots) if dump else {}
                launch(pair_search_tma_kernel, grid, xd, h, yd, hd, m, m, int(goal), buf, count, cap, KP=xp.shape[1],
                       GRAM=True, TILES_PER_PROGRAM=cfg.tiles_per_program, BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n,
                       BLOCK_K=bk, NUM_STAGES=cfg.num_stages, hy_ptr=h, **opts, **cfg.launch_options(), **extra)

            run(0)
            torch.cuda.synchronize()
            items = int(count[1])
            for d in (1, 2):
                run(d)
            torch.cuda.synchronize()
            bits = [popcount(dumps[d][:, 16:]) for d in (1, 2)]
            same = bool(torch.equal(dumps[1], dumps[2]))
            plan = PairSearchPlan(m, k, cap)
            plan.x.copy_(x)
            plan.half_norms.copy_(h)
            t_plan = time_cuda(lambda: plan(int(goal)), args.iters, warmup=3, warmup_ms=300, repeats=3)
            graphs = {}
            for d in (0, 1, 2):  # each form with its counters' zeroing as one CUDA graph (eager launches are host-bound)
                graphs[d] = torch.cuda.CUDAGraph()
                with torch.cuda.graph(graphs[d]):
                    run(d)
            times = {}
            for rnd in range(2):
                for d in ((0, 1, 2) if rnd == 0 else (2, 1, 0)):
                    t = time_cuda(graphs[d].replay, args.iters, warmup=3, warmup_ms=300, repeats=3)
                    times.setdefault(d, []).append(t)
            line = (f"M={m} rate {rate:g}: items {items}, dumped bits {bits} (same words: {same}); plan "
                    f"{t_plan * 1e3:.1f} us; search kernel (graph with its counters' zeroing), us: default "
                    + " / ".join(f"{t * 1e3:.1f}" for t in times[0]) + ", dump1 "
                    + " / ".join(f"{t * 1e3:.1f}" for t in times[1]) + ", dump2 "
                    + " / ".join(f"{t * 1e3:.1f}" for t in times[2]))
            print(line, flush=True)
            rows.append(line)
            ok = bits[0] == items and bits[1] == items and same
            print("CHECK", "ok" if ok else "FAILED")


if __name__ == "__main__":
    main()
