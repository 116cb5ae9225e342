"""One filter launch at a chosen shape and hit rate, for Nsight Compute (CUDA only).

    ncu --clock-control none -k regex:pair_search --launch-skip 2 --launch-count 1 \\
        --section SpeedOfLight --section WarpStateStats python3 benchmarks/profile_filters.py --op pair

--op pair: Gram pair search of --m vectors; segment: --segments Gram searches of --size vectors
(BGJ1 at dimension 110: ~4096 buckets of ~4300, in-bucket rate 2.5-5.4e-4); bucket: --m
vectors against --centres centres. Random int8 rows in [-64, 64), K = --k; the goal (threshold)
comes from a sample so that about --rate of the pairs hit. Runs the op twice (the first
compiles), then times a third run and prints it with the hits. --kernels: also run it under
torch.profiler and print each kernel's CUDA time (search kernel vs item kernel vs the rest).
--host: where a call's time outside the kernels goes (the wall time of a call and its count read,
the same call on 256 vectors, where the kernels take microseconds, and the half-norm range check).
--tensor-items BLOCK,WARPS (bucket): the item kernel on tensor cores. --plan (pair): the search as a PairSearchPlan (one CUDA graph per call); --trace PATH: a Chrome
trace of the --kernels run, and the last call's GPU events printed with their start offsets and durations
(``last_call``: gaps between the graph's kernels).
"""

import argparse
from dataclasses import replace

import torch

from int8tc.bench.common import time_cuda
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import (DEFAULT_BUCKET_CONFIG, DEFAULT_FILTER_CONFIG, DEFAULT_SEGMENT_CONFIG, PLAIN_FILTER_CONFIG,
                          PairSearchPlan, bucket, half_norms, pair_search, segment_pair_search)


def last_call(trace_path: str) -> list[str]:
    """The last of the profiled calls in a Chrome trace: its GPU events (kernels, memsets, copies) from the last
    one named like the first event of the first call on, each as a line with its start offset and duration (us)."""
    import json

    with open(trace_path) as fh:
        ev = [e for e in json.load(fh)["traceEvents"]
              if e.get("ph") == "X" and e.get("cat") in ("kernel", "gpu_memset", "gpu_memcpy")]
    if not ev:
        return []
    ev.sort(key=lambda e: e["ts"])
    first = max(i for i, e in enumerate(ev) if e["name"] == ev[0]["name"])
    t0 = ev[first]["ts"]
    return [f"  {e['name'][:40]:40s} start {e['ts'] - t0:7.1f} us  dur {e['dur']:7.1f} us" for e in ev[first:]]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--op", choices=("pair", "segment", "bucket"), default="segment")
    p.add_argument("--m", type=int, default=131072)
    p.add_argument("--centres", type=int, default=16384)
    p.add_argument("--segments", type=int, default=4096)
    p.add_argument("--size", type=int, default=4300)
    p.add_argument("--k", type=int, default=128)
    p.add_argument("--rate", type=float, default=3e-4)
    p.add_argument("--plain", action="store_true", help="the pointer-load kernels instead of the TMA defaults")
    p.add_argument("--kernels", action="store_true", help="per-kernel CUDA times from torch.profiler")
    p.add_argument("--item-reserve", choices=("item", "batch"), default=None,
                   help="the pair searches' default config with this FilterConfig.item_reserve (NOTES 59)")
    p.add_argument("--column-groups", type=int, choices=(8, 16), default=None,
                   help="the op's default config with this FilterConfig.column_groups (NOTES 60)")
    p.add_argument("--host", action="store_true", help="host-side time of a call (see above)")
    p.add_argument("--plan", action="store_true", help="pair: run it as a PairSearchPlan (CUDA graph)")
    p.add_argument("--tiles-per-program", type=int, default=None, help="the config with this tiles_per_program")
    p.add_argument("--trace", help="with --kernels: write a Chrome trace here")
    p.add_argument("--norm-bound", type=int, default=None,
                   help="pair: the default config with this FilterConfig.norm_bound (1: always the sorted path)")
    p.add_argument("--dump-bits", action="store_true", help="pair: the default config with FilterConfig.dump_bits")
    p.add_argument("--item-block", type=int, default=None, help="the config with this item_block")
    p.add_argument("--dump-rows", type=int, default=None, help="with --dump-bits: the config with this dump_rows")
    p.add_argument("--dump-list", action="store_true", help="with --dump-bits: the config with dump_list")
    p.add_argument("--tensor-items", default="",
                   help="bucket: FilterConfig.tensor_items with item_block,item_warps (e.g. 64,8)")
    p.add_argument("--variant", default="",
                   help="--op pair only: DEFAULT_FILTER_CONFIG with these fields, ab_plans.py's variant syntax "
                        "(name:field=value;...); the other config flags then do not apply")
    args = p.parse_args()
    if args.variant and args.op != "pair":
        raise SystemExit(f"--variant is for --op pair, got --op {args.op}")
    g = torch.Generator(device="cuda").manual_seed(0)
    cfg = PLAIN_FILTER_CONFIG if args.plain else None
    base = {"segment": DEFAULT_SEGMENT_CONFIG, "pair": DEFAULT_FILTER_CONFIG, "bucket": DEFAULT_BUCKET_CONFIG}[args.op]
    if args.item_reserve and args.op != "bucket":
        cfg = base = replace(base, item_reserve=args.item_reserve)
    if args.column_groups:
        cfg = base = replace(base, column_groups=args.column_groups)
    if args.tensor_items and args.op == "bucket":
        bi, bw = (int(v) for v in args.tensor_items.split(","))
        cfg = base = replace(base, tensor_items=True, item_block=bi, item_warps=bw)
    if args.norm_bound is not None:
        cfg = base = replace(base, norm_bound=args.norm_bound)
    if args.dump_bits and args.op == "pair":
        cfg = base = replace(base, dump_bits=True)
    if args.item_block is not None:
        cfg = base = replace(base, item_block=args.item_block)
    if args.dump_rows is not None:
        cfg = base = replace(base, dump_rows=args.dump_rows)
    if args.dump_list:
        cfg = base = replace(base, dump_list=True)
    if args.variant:  # (over DEFAULT_FILTER_CONFIG: the config flags above do not apply to it)
        from ab_plans import variant  # (benchmarks/, the script's own folder, is on sys.path)
        cfg = base = variant(args.variant)[1]
    if args.tiles_per_program:
        cfg = replace(base, tiles_per_program=args.tiles_per_program)
    m = args.segments * args.size if args.op == "segment" else args.m
    x = torch.randint(-64, 64, (m, args.k), dtype=torch.int8, device="cuda", generator=g)
    h = half_norms(x)
    if args.op == "bucket":
        c = torch.randint(-64, 64, (args.centres, args.k), dtype=torch.int8, device="cuda", generator=g)
        thr = torch.full((m,), _quantile(-_sample_values(x, h, c, None, True), args.rate) * -1, dtype=torch.int32,
                         device="cuda")
        pairs = m * args.centres
        run = lambda: bucket(x, c, thr, 16, config=cfg).counts.sum()  # noqa: E731
    else:
        goal = _quantile(_sample_values(x, h, x, h, False), args.rate)
        if args.op == "segment":
            offsets = torch.arange(0, m + 1, args.size, dtype=torch.int64, device="cuda")
            pairs = args.segments * args.size * (args.size - 1) // 2
            cap = int(4 * args.rate * pairs) + 4096
            run = lambda: segment_pair_search(x, h, goal, cap, offsets, config=cfg).count[0]  # noqa: E731
        else:
            pairs = m * (m - 1) // 2
            cap = int(4 * args.rate * pairs) + 4096
            if args.plan:
                plan = PairSearchPlan(m, args.k, cap, config=cfg)
                run = lambda: plan(goal, x, h).count[0]  # noqa: E731
            else:
                run = lambda: pair_search(x, h, goal, cap, config=cfg).count[0]  # noqa: E731
    for _ in range(2):
        hits = run()
    torch.cuda.synchronize()
    ms = time_cuda(run, 1, warmup=0)
    print(f"{args.op} M={m} K={args.k}: {ms:.2f} ms, {pairs / ms / 1e6:.1f} Gpairs/s, hits {int(hits)} "
          f"(rate {int(hits) / pairs:.2e})")
    if args.host and args.op == "pair":
        from int8tc.bench.common import time_host
        from int8tc.sieve.ops import _check_half_norms

        xs, hs = x[:256].contiguous(), h[:256].contiguous()
        wall = time_host(lambda: pair_search(x, h, goal, cap, config=cfg).total, 5, warmup=1)
        small = time_host(lambda: pair_search(xs, hs, goal, cap, config=cfg).total, 50, warmup=3)
        check = time_host(lambda: _check_half_norms("h", h, m, x.device)[1](), 50, warmup=3)
        print(f"host: call + count read {wall:.3f} ms wall (event-timed {ms:.3f}); the same call on 256 vectors "
              f"{small:.3f} ms; the half-norm check alone {check:.3f} ms")
    if args.kernels:
        from torch.profiler import ProfilerActivity, profile

        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(3):
                run()
            torch.cuda.synchronize()
        if args.trace:
            prof.export_chrome_trace(args.trace)
            print("last call:", *last_call(args.trace), sep="\n")
        busy = 0.0
        for e in sorted(prof.key_averages(), key=lambda e: -e.device_time_total):
            if e.device_time_total > 0:
                busy += e.device_time_total / 3 / 1e3
                print(f"  {e.key[:60]:60s} x{e.count:<3d} {e.device_time_total / e.count / 1e3:8.3f} ms each")
        print(f"  kernels {busy:.3f} ms per call against {ms:.3f} ms timed: {ms - busy:.3f} ms of gaps and launches")


if __name__ == "__main__":
    main()
