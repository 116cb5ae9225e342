"""Filter tiles and register caps beyond bench-filters' defaults (K = 128, one process, same data):
the Gram pair search, the segmented search and bucketing at two hit rates, every config's hit count
checked against the default's.

    PYTHONPATH=src python benchmarks/tune_filters.py --out results/x.csv
    PYTHONPATH=src python benchmarks/tune_filters.py --k 160 --kblocks   # K blocks and tile widths at K = 160
    PYTHONPATH=src python benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536 --tiles --plan
        # Gram searches of smaller M: tiles per program and tile shapes, each also as a PairSearchPlan (CUDA graph)
    PYTHONPATH=src python benchmarks/tune_filters.py --skip segment,bucket --m 16384 --balanced 2,3,4 --plan
        # the balanced schedule (programs per SM) against the (panel, chunk) grid
    PYTHONPATH=src python benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536 --occupancy --plan
        # four blocks per SM (128 registers, 2 stages) against the default (NOTES 67)
    PYTHONPATH=src python benchmarks/tune_filters.py --skip segment,bucket --m 16384 --item-programs 1024,512 --plan
        # the item kernel's grid
    PYTHONPATH=src python benchmarks/tune_filters.py --skip segment --m 16384,65536,131072 --norm-bound 1 --plan
        # norm_bound (ordered columns, the group max/min test) against the exact test (NOTES 72)
    PYTHONPATH=src python benchmarks/tune_filters.py --skip pair,segment --bucket-shapes --bucket-n 1024,4096,16384 \
        --bucket-m 1048576,4194304   # bucketing with few centres: panel shapes, caps, groups, item blocks (NOTES 73)
    PYTHONPATH=src python benchmarks/tune_filters.py --skip pair,segment --tensor-items 64x8,64x4 --bucket-n 1024,16384
        # bucketing's item kernel on tensor cores (FilterConfig.tensor_items) against the default

A call's result is read (its hit count: a host sync) after the timed calls, so host work of one
call overlaps the GPU work of the previous one, as in bench-filters.
"""

import argparse
from dataclasses import replace

import torch

from int8tc.bench.common import report, time_cuda
from int8tc.bench.filters import _name, _quantile, _sample_values
from int8tc.sieve import (DEFAULT_BUCKET_CONFIG, DEFAULT_FILTER_CONFIG, DEFAULT_SEGMENT_CONFIG, SIEVE_BUCKET_CONFIG,
                          SIEVE_PAIR_CONFIG, SIEVE_SEGMENT_CONFIG, PairSearchPlan, bucket, half_norms, pair_search,
                          segment_pair_search)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--iters", type=int, default=3)
    p.add_argument("--rates", default="3e-4,1e-4")
    p.add_argument("--skip", default="", help="comma list of ops to leave out: pair,segment,bucket")
    p.add_argument("--k", type=int, default=128, help="vector length")
    p.add_argument("--kblocks", action="store_true",
                   help="each default with block_k 128 and 64 and, for the 64x128 ones, as 64x64 (which wins at a K)")
    p.add_argument("--m", default="131072", help="comma list of Gram-search sizes")
    p.add_argument("--tiles", action="store_true",
                   help="pair search: the default with 64/128 (bits flushed every 32), 16 and 8 tiles per program, "
                        "128x128 tiles and 64x64 tiles")
    p.add_argument("--balanced", default="",
                   help="pair search: the default, the (panel, chunk) grid at 64 and 32 tiles per program, and the "
                        "balanced schedule always on at these programs per SM (comma list) and panel costs 0, 4, 8 "
                        "(NOTES 65)")
    p.add_argument("--occupancy", action="store_true",
                   help="pair search: the default beside 4 blocks per SM (128 registers, 2 stages, balanced 4) at "
                        "64x128 with 16 and 8 column groups and at 64x64 (NOTES 67: 3 warps per scheduler)")
    p.add_argument("--item-programs", default="",
                   help="pair search: the default with these item_programs (comma list; the item kernel's grid)")
    p.add_argument("--norm-bound", default="",
                   help="pair search: the default beside norm_bound at these thresholds (comma list of pairs; 1 = "
                        "always) and with norm_order='sort' (NOTES 72)")
    p.add_argument("--bucket-shapes", action="store_true",
                   help="bucketing: the default beside 128-row panels of 8 warps under register caps (2 blocks per "
                        "SM), 16 column groups, a 128-register cap and item blocks of 32 (NOTES 73)")
    p.add_argument("--tensor-items", default="",
                   help="bucketing: the default beside tensor_items at these item_block x item_warps (comma list "
                        "of BxW, e.g. 64x8,64x4,32x4) and item_programs 1024 / 4096 at the first, against "
                        "the default (the CUDA-core item kernel)")
    p.add_argument("--bucket-n", default="16384", help="bucketing: comma list of centre counts")
    p.add_argument("--bucket-m", default=str(1 << 20), help="bucketing: comma list of vector counts")
    p.add_argument("--plan", action="store_true", help="pair search: each config also as a PairSearchPlan (CUDA graph)")
    p.add_argument("--out")
    args = p.parse_args()
    rates = [float(r) for r in args.rates.split(",")]
    g = torch.Generator(device="cuda").manual_seed(0)
    k = args.k
    D, S, B = DEFAULT_FILTER_CONFIG, DEFAULT_SEGMENT_CONFIG, DEFAULT_BUCKET_CONFIG
    if args.kblocks:  # NOTES 60: K blocks past K read zeros; which block and tile width wins at this K
        narrow = dict(block_n=64, num_stages=2, maxnreg=128)
        pair_cfgs = [D, replace(D, block_k=64), replace(D, **narrow), replace(D, block_k=64, **narrow)]
        seg_cfgs = [S, replace(S, block_k=64)]
        bucket_cfgs = [B, replace(B, block_k=64), replace(B, block_n=64, maxnreg=128),
                       replace(B, block_k=64, block_n=64, maxnreg=128)]
    else:  # each default beside its reservation variant (NOTES 59), its other column groups (60), the sieve's config
        other = "item" if D.item_reserve == "batch" else "batch"
        pair_cfgs = [D, replace(D, item_reserve=other), replace(D, column_groups=24 - D.column_groups), SIEVE_PAIR_CONFIG]
        seg_cfgs = [S, replace(S, item_reserve=other), replace(S, column_groups=24 - S.column_groups),
                    SIEVE_SEGMENT_CONFIG]
        bucket_cfgs = [B, replace(B, column_groups=24 - B.column_groups), SIEVE_BUCKET_CONFIG]
    if args.bucket_shapes:  # few centres: the per-panel costs (NOTES 73)
        w8 = dict(block_m=128, num_warps=8)  # two warpgroups of 64 rows: one prologue and one item flush per 128 rows
        bucket_cfgs = [B, replace(B, **w8, maxnreg=128), replace(B, **w8, maxnreg=128, num_stages=2),
                       replace(B, **w8, maxnreg=128, num_stages=4), replace(B, **w8, maxnreg=128, item_block=32),
                       replace(B, **w8, maxnreg=120), replace(B, **w8, maxnreg=128, column_groups=16),
                       replace(B, column_groups=16), replace(B, maxnreg=128), replace(B, item_block=32)]
    if args.tensor_items:  # items (row, centre tile) sorted by tile, their products on tensor cores
        shapes = [tuple(int(v) for v in bw.split("x")) for bw in args.tensor_items.split(",")]
        ti = [replace(B, tensor_items=True, item_block=bi, item_warps=bw) for bi, bw in shapes]
        bucket_cfgs = [B] + ti + [replace(ti[0], item_programs=p) for p in (1024, 4096)]
    if args.tiles:  # smaller M: fewer tiles per program (the tail), other tile shapes
        pair_cfgs = [D, replace(D, tiles_per_program=64), replace(D, tiles_per_program=128),
                     replace(D, tiles_per_program=16), replace(D, tiles_per_program=8),
                     replace(D, block_m=128, tiles_per_program=16, num_warps=8, maxnreg=None),
                     replace(D, block_n=64, num_stages=2, maxnreg=128, column_groups=8),
                     replace(D, block_n=64, num_stages=2, maxnreg=128, column_groups=8, tiles_per_program=16)]
    if args.balanced:  # one contiguous range of (panel, tile) units per program (NOTES 65)
        per_sm = [int(v) for v in args.balanced.split(",")]
        grid = replace(D, balanced=0, panel_cost=0, balanced_waves=0)
        pair_cfgs = ([D, grid, replace(grid, tiles_per_program=32)]
                     + [replace(D, balanced=b, panel_cost=c, balanced_waves=0) for b in per_sm for c in (0, 4, 8)])
    if args.occupancy:  # ncu at 16384: 0.84 eligible warps of 2.84 per scheduler (NOTES 67)
        four = dict(maxnreg=128, num_stages=2, balanced=4)
        pair_cfgs = [D, replace(D, **four), replace(D, column_groups=8, **four),
                     replace(D, block_n=64, column_groups=8, **four)]
    if args.item_programs:  # the item kernel's grid for searches with few items (16384: ~13K at 1e-4)
        pair_cfgs = [D] + [replace(D, item_programs=int(v)) for v in args.item_programs.split(",")]
    if args.norm_bound:  # sorted columns and the group max/min bound (NOTES 72)
        thresholds = [int(float(v)) for v in args.norm_bound.split(",")]
        pair_cfgs = ([replace(D, norm_bound=0)] + [replace(D, norm_bound=t) for t in thresholds]
                     + [replace(D, norm_bound=thresholds[0], norm_order="sort")])
    rows = []

    def run(op, cfgs, fn, pairs, total_of=lambda r: r.total):
        base = None
        for c in cfgs:
            res = {}
            try:
                ms = time_cuda(lambda: res.update(h=fn(c)), args.iters, warmup=2)
                total = total_of(res["h"])
            except Exception as e:  # a config the compiler rejects: said, the run goes on
                print(f"{op} {_name(c)}: {type(e).__name__}: {str(e)[:200]}")
                continue
            base = total if base is None else base
            rows.append({"op": op, "config": _name(c), "time_ms": f"{ms:.3f}", "gpairs_s": f"{pairs / ms / 1e6:.1f}",
                         "tops": f"{2 * k * pairs / ms / 1e9:.0f}", "hits": total, "same_hits": total == base})
            print(rows[-1], flush=True)

    for m in [int(v) for v in args.m.split(",")] if "pair" not in args.skip else []:
        x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
        h = half_norms(x)
        vals = _sample_values(x, h, x, h, False)
        for rate in rates:
            goal = _quantile(vals, rate)
            cap = int(4 * rate * m * (m - 1) // 2) + 4096
            run(f"pair_search {m} rate {rate:g}", pair_cfgs, lambda c: pair_search(x, h, goal, cap, config=c),
                m * (m - 1) // 2)
            for c in pair_cfgs if args.plan else []:
                try:
                    plan = PairSearchPlan(m, k, cap, config=c)
                except Exception as e:  # as run's
                    print(f"plan {_name(c)}: {type(e).__name__}: {str(e)[:200]}")
                    continue
                run(f"pair_search_plan {m} rate {rate:g}", [c], lambda c: plan(goal, x, h), m * (m - 1) // 2)
                del plan
        del x, h
    count, size = 4096, 4096
    xs = torch.randint(-64, 64, (count * size, k), dtype=torch.int8, device="cuda", generator=g)
    hs = half_norms(xs)
    offsets = torch.arange(0, count * size + 1, size, dtype=torch.int64, device="cuda")
    vals = _sample_values(xs, hs, xs, hs, False)
    for rate in rates if "segment" not in args.skip else []:
        goal = _quantile(vals, rate)
        pairs = count * size * (size - 1) // 2
        cap = int(4 * rate * pairs) + 4096
        run(f"segment_pair_search {count}x{size} rate {rate:g}", seg_cfgs,
            lambda c: segment_pair_search(xs, hs, goal, cap, offsets, config=c), pairs)
    del xs, hs
    for mb in [int(v) for v in args.bucket_m.split(",")] if "bucket" not in args.skip else []:
        xb = torch.randint(-64, 64, (mb, k), dtype=torch.int8, device="cuda", generator=g)
        for n in [int(v) for v in args.bucket_n.split(",")]:
            c = torch.randint(-64, 64, (n, k), dtype=torch.int8, device="cuda", generator=g)
            vals = _sample_values(xb, None, c, None, True)
            for rate in rates:
                thr = torch.full((mb,), _quantile(vals, 1 - rate), dtype=torch.int32, device="cuda")
                cap = int(10 * rate * n) + 16
                run(f"bucket {mb}x{n} rate {rate:g}", bucket_cfgs,
                    lambda cf: bucket(xb, c, thr, cap, config=cf), mb * n, lambda r: int(r.counts.sum()))
            del c
        del xb
    report(rows, args.out)


if __name__ == "__main__":
    main()
