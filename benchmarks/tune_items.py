"""The item kernel of tile_masks (mask_items_kernel) alone: items per iteration, programs and warps.

Gram pair search of --m vectors (K = 128, rate --rate) with the default config, the item kernel's
CUDA time from torch.profiler (mean of 3 calls) for each (item_block, item_programs, item_warps),
hits checked against the default's.

    PYTHONPATH=src python benchmarks/tune_items.py --m 65536 --out results/x.csv
"""

import argparse
from dataclasses import replace

import torch
from torch.profiler import ProfilerActivity, profile

from int8tc.bench.common import report
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import DEFAULT_FILTER_CONFIG, half_norms, pair_search


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, default=65536)
    p.add_argument("--rate", type=float, default=1e-4)
    p.add_argument("--blocks", default="16,32,64")
    p.add_argument("--programs", default="1024,2048,4096")
    p.add_argument("--warps", default="2,4,8")
    p.add_argument("--out")
    args = p.parse_args()
    g = torch.Generator(device="cuda").manual_seed(0)
    m, k = args.m, 128
    x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
    h = half_norms(x)
    goal = _quantile(_sample_values(x, h, x, h, False), args.rate)
    cap = int(4 * args.rate * m * (m - 1) // 2) + 4096
    rows, base = [], None
    for blk in (int(v) for v in args.blocks.split(",")):
        for progs in (int(v) for v in args.programs.split(",")):
            for warps in (int(v) for v in args.warps.split(",")):
                cfg = replace(DEFAULT_FILTER_CONFIG, item_block=blk, item_programs=progs, item_warps=warps)
                for _ in range(2):
                    total = pair_search(x, h, goal, cap, config=cfg).total
                with profile(activities=[ProfilerActivity.CUDA]) as prof:
                    for _ in range(3):
                        pair_search(x, h, goal, cap, config=cfg)
                    torch.cuda.synchronize()
                t = {e.key: e.device_time_total / e.count / 1e3 for e in prof.key_averages() if e.device_time_total > 0}
                base = total if base is None else base
                rows.append({"item_block": blk, "item_programs": progs, "item_warps": warps,
                             "items_ms": f"{t.get('mask_items_kernel', float('nan')):.4f}",
                             "search_ms": f"{t.get('pair_search_tma_kernel', float('nan')):.4f}", "hits": total,
                             "same_hits": total == base})
                print(rows[-1], flush=True)
    report(rows, args.out)


if __name__ == "__main__":
    main()
