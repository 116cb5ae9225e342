"""Bucketing's items on tensor cores (DEFAULT_BUCKET_CONFIG since the twenty-sixth session, and the same with an
uncapped item kernel) against the CUDA-core item kernel (MASK_ITEMS_BUCKET_CONFIG, the default before), K = 128,
1e-4 and 1e-6, hit totals compared. Three measures per config, so that host time and GPU time are told apart
(s120: eager windows of 2^20 x 1024 were bimodal, 0.38 or 0.52 ms, in every config):

- eager: back-to-back calls between two events (configs alternated three times per shape, the order reversed
  every other round; median of the windows), what a caller that enqueues calls sees;
- graph: the same call captured once as a CUDA graph and replayed (no host work between kernels: the GPU time);
- host: wall time per call of 20 calls enqueued without a sync (the launches' host cost).

``--kernels`` adds each config's per-kernel CUDA times (torch.profiler, three calls) at the first shape.

    PYTHONPATH=src python3 benchmarks/ab_tensor_items.py [all|1024] [--kernels] [--csv PATH]
"""
import argparse
import statistics
from dataclasses import replace

import torch

from int8tc.bench.common import time_cuda, time_host
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import DEFAULT_BUCKET_CONFIG as B, MASK_ITEMS_BUCKET_CONFIG as OLD, bucket

K = 128
CFGS = {"masks": OLD, "tensor": replace(B, item_maxnreg=None), "tensor-r128": B}
SHAPES = {"all": ((1 << 20, 1024), (1 << 22, 1024), (1 << 20, 4096), (1 << 20, 16384)),
          "1024": ((1 << 20, 1024), (1 << 22, 1024))}


def graph_ms(fn) -> float:
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        for _ in range(2):
            fn()
    torch.cuda.current_stream().wait_stream(s)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        fn()
    ms = time_cuda(g.replay, 20, warmup=2, warmup_ms=30, repeats=3)
    del g
    return ms


def main():
    p = argparse.ArgumentParser()
    p.add_argument("shapes", nargs="?", default="all", choices=tuple(SHAPES))
    p.add_argument("--kernels", action="store_true")
    p.add_argument("--csv")
    args = p.parse_args()
    gen = torch.Generator(device="cuda").manual_seed(0)
    rows = []
    for si, (m, n) in enumerate(SHAPES[args.shapes]):
        x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=gen)
        c = torch.randint(-64, 64, (n, K), dtype=torch.int8, device="cuda", generator=gen)
        vals = _sample_values(x, None, c, None, True)
        for rate in (1e-4, 1e-6):
            thr = torch.full((m,), _quantile(vals, 1 - rate), dtype=torch.int32, device="cuda")
            cap = int(10 * rate * n) + 16
            t = {k: [] for k in CFGS}
            hits = {}
            for rep in range(3):
                for name in (list(CFGS) if rep % 2 == 0 else list(CFGS)[::-1]):
                    res = {}
                    t[name].append(time_cuda(lambda: res.update(b=bucket(x, c, thr, cap, config=CFGS[name])), 10,
                                             warmup=2, warmup_ms=30, repeats=3))
                    hits[name] = int(res["b"].counts.sum())
            ops = 2 * K * m * n
            parts = []
            for name, cfg in CFGS.items():
                call = lambda: bucket(x, c, thr, cap, config=cfg)  # noqa: E731
                gm = graph_ms(call)
                hm = time_host(call, 20, warmup=2)
                torch.cuda.synchronize()
                em = statistics.median(t[name])
                rows.append(dict(m=m, n=n, rate=rate, config=name, eager_ms=em, eager_min=min(t[name]),
                                 eager_max=max(t[name]), graph_ms=gm, host_ms=hm, hits=hits[name]))
                parts.append(f"{name} eager {em:.4f} ({min(t[name]):.4f}-{max(t[name]):.4f}) graph {gm:.4f} "
                             f"({ops / gm / 1e9:.0f} TOPS) host {hm:.3f}")
            print(f"bucket {m}x{n} {rate:g}: " + " | ".join(parts) + f" | hits equal {len(set(hits.values())) == 1}",
                  flush=True)
            if args.kernels and si == 0 and rate == 1e-4:
                from torch.profiler import ProfilerActivity, profile

                for name, cfg in CFGS.items():
                    with profile(activities=[ProfilerActivity.CUDA]) as prof:
                        for _ in range(3):
                            bucket(x, c, thr, cap, config=cfg)
                        torch.cuda.synchronize()
                    ks = [f"{e.key[:28]} {e.device_time_total / e.count / 1e3:.4f}"
                          for e in sorted(prof.key_averages(), key=lambda e: -e.device_time_total)
                          if e.device_time_total > 0]
                    print(f"  kernels {name}: " + "; ".join(ks), flush=True)
        del x, c
    if args.csv:
        import csv

        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)


if __name__ == "__main__":
    main()
