"""Where a one-wave Gram pair search's time goes: per-program phase stamps of the balanced schedule (CUDA only).

At 16384 vectors (K = 128) the default search runs the balanced schedule, one wave of 3 x SMs programs, in
~55-61 us, while its tiles at the loop's steady rate would take ~20-26 us (NOTES 67, 79). This launches
the default config's search kernel with ``TRACE`` (SM cycle stamps: start, after the panel search, per
chunk before / after its tile loop / after its flush, end; global nanosecond timer at start and end; the
SM), then prints per phase the median and max over programs, each program's busy span against the
kernel's, and how the programs' ends spread (the tail). The kernel is also timed with and without TRACE
(the stamps' own cost).

    PYTHONPATH=src python3 benchmarks/trace_balanced.py --m 16384 --rates 1e-4,1e-6 --out trace.csv
"""

import argparse
import csv
import statistics

import torch

from int8tc._launcher import launch
from int8tc.bench.common import time_cuda
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import DEFAULT_FILTER_CONFIG, half_norms
from int8tc.sieve._kernels.filters import pair_search_tma_kernel
from int8tc.sieve.ops import _block_k, _descriptor, _h_descriptor, _padded, _pair_grid, _pair_tiles, _record_buffers

SLOTS = 64


def chunks_of(p: int, programs: int, m: int, cfg, detail: bool = False) -> list:
    """Tiles in each chunk of balanced program p (the kernel's walk, in Python); ``detail``: (tiles, panel, whether
    the chunk starts at the panel's first tile, the one the diagonal crosses) per chunk."""
    bm, bn = cfg.block_m, cfg.block_n
    n_tiles, panels = -(-m // bn), -(-m // bm)
    chunk = min(cfg.tiles_per_program, 32)

    def first(ti):
        return (ti * bm) // bn

    before = [0]  # units of panels 0 .. q - 1
    for q in range(panels):
        before.append(before[-1] + cfg.panel_cost + n_tiles - first(q))
    tiles, _ = _pair_tiles(m, m, True, cfg)
    total = tiles + cfg.panel_cost * panels
    assert total == before[panels], (total, before[panels])
    u, u_end = p * total // programs, (p + 1) * total // programs
    ti = max(q for q in range(panels) if before[q] <= u)
    p_start = before[ti]
    out = []
    while u < u_end:
        p_end = p_start + cfg.panel_cost + n_tiles - first(ti)
        t0 = max(u - p_start - cfg.panel_cost, 0)
        t1 = min(u_end, p_end) - p_start - cfg.panel_cost
        n = t1 - t0
        out += [(min(n - c, chunk), ti, t0 + c == 0) if detail else min(n - c, chunk) for c in range(0, max(n, 0), chunk)]
        u = min(u_end, p_end)
        if u == p_end:
            ti += 1
            p_start = p_end
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--m", type=int, default=16384)
    ap.add_argument("--k", type=int, default=128)
    ap.add_argument("--rates", default="1e-4,1e-6")
    ap.add_argument("--out", help="also write every program's raw stamps here (CSV: rate, program, slot 0..63)")
    args = ap.parse_args()
    raw = []
    cfg = DEFAULT_FILTER_CONFIG
    m, k = args.m, args.k
    g = torch.Generator(device="cuda").manual_seed(0)
    x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
    h = half_norms(x)
    vals = _sample_values(x, h, x, h, False)
    xp = _padded(x)
    grid, opts = _pair_grid(m, m, True, cfg, x.device)
    if not opts.get("BALANCED"):
        raise SystemExit(f"M={m}: the default runs the grid schedule here, not the balanced one")
    programs = grid[0]
    bk = _block_k(xp.shape[1], cfg)
    xd = _descriptor(xp, cfg.block_m, bk)
    yd = xd if cfg.block_n == cfg.block_m else _descriptor(xp, cfg.block_n, bk)  # as _launch_pair_search
    hd = _h_descriptor(h, cfg.block_n)
    trace = torch.zeros((programs, SLOTS), dtype=torch.int64, device="cuda")
    for rate in (float(v) for v in args.rates.split(",")):
        goal = _quantile(vals, rate)
        cap = int(4 * rate * m * (m - 1) // 2) + 4096
        _, buf, count = _record_buffers(cap, x.device, cfg)

        def run(tr: bool):
            count.zero_()
            launch(pair_search_tma_kernel, grid, xd, h, yd, hd, m, m, int(goal), buf, count, cap, KP=xp.shape[1],
                   GRAM=True, TILES_PER_PROGRAM=cfg.tiles_per_program, BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n,
                   BLOCK_K=bk, NUM_STAGES=cfg.num_stages, hy_ptr=h, **opts, **cfg.launch_options(),
                   **(dict(TRACE=True, trace_ptr=trace) if tr else {}))

        plain = time_cuda(lambda: run(False), 20, warmup=3, warmup_ms=200, repeats=5)
        traced = time_cuda(lambda: run(True), 20, warmup=3, warmup_ms=200, repeats=5)
        items_plain = int(count[1])
        trace.zero_()
        run(True)
        torch.cuda.synchronize()
        t = trace.cpu().tolist()
        raw += [[f"{rate:g}", p] + r for p, r in enumerate(t)]
        print(f"\nM={m} rate {rate:g}: {programs} programs; kernel {plain * 1e3:.1f} us plain, {traced * 1e3:.1f} us "
              f"traced (count of one launch, hits {int(count[0])}, items {int(count[1])} / {items_plain})")
        g0 = min(r[60] for r in t)
        span_ns = max(r[61] for r in t) - g0
        phases = {"start -> panel found": [], "panel load + row limits (before the chunk)": [], "tile loop": [],
                  "flush": [], "after the last chunk": [], "program (clock)": []}
        per_tile, starts, ends, busy = [], [], [], []
        for p, r in enumerate(t):
            ns = r[61] - r[60]
            cyc = r[63] - r[0]
            ghz = cyc / ns if ns > 0 else 1.9
            us = lambda c: c / ghz / 1e3  # noqa: E731
            starts.append((r[60] - g0) / 1e3)
            ends.append((r[61] - g0) / 1e3)
            busy.append(ns / 1e3)
            phases["start -> panel found"].append(us(r[1] - r[0]))
            prev = r[1]
            sizes = chunks_of(p, programs, m, cfg)
            for c, n in enumerate(sizes[:19]):
                s0, s1, s2 = r[2 + 3 * c], r[3 + 3 * c], r[4 + 3 * c]
                phases["panel load + row limits (before the chunk)"].append(us(s0 - prev))
                phases["tile loop"].append(us(s1 - s0))
                phases["flush"].append(us(s2 - s1))
                per_tile.append(us(s1 - s0) / max(n, 1))
                prev = s2
            phases["after the last chunk"].append(us(r[63] - prev))
            phases["program (clock)"].append(us(cyc))
        print(f"kernel span by the global timer {span_ns / 1e3:.1f} us; program starts {min(starts):.1f}-"
              f"{max(starts):.1f} us, ends median {statistics.median(ends):.1f}, 90% {sorted(ends)[int(.9 * len(ends))]:.1f},"
              f" max {max(ends):.1f}; busy per program median {statistics.median(busy):.1f} us")
        for name, v in phases.items():
            if v:
                tot = sum(v) / programs
                print(f"  {name:45s} median {statistics.median(v):7.2f} us  max {max(v):7.2f}  per program {tot:7.2f}"
                      f"  (n={len(v)})")
        print(f"  tile loop per tile: median {statistics.median(per_tile):.3f} us, mean {statistics.mean(per_tile):.3f}")
        sms = {}
        for r in t:
            sms[r[62]] = sms.get(r[62], 0) + 1
        print(f"  programs per SM: {sorted(set(sms.values()))} over {len(sms)} SMs")
    if args.out:
        with open(args.out, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["rate", "program"] + [f"slot{i}" for i in range(SLOTS)])
            w.writerows(raw)


if __name__ == "__main__":
    main()
