"""One segmented pair search at the sieve's shape, for Nsight Compute (CUDA only).

    ncu --clock-control none -k regex:segment_pair --launch-skip 1 --launch-count 1 \\
        --section SpeedOfLight --section WarpStateStats python3 benchmarks/profile_segment.py

BGJ1 at dimension 110 (fifth session): ~4096 buckets of ~4300 vectors, K = 97 padded to 128,
in-bucket hit rate 2.5-5.4e-4. The goal is set from a sample so that about --rate of the pairs
hit. Runs the kernel twice (the first compiles); prints the time of a third run and the hits.
"""

import argparse

import torch

from int8tc.bench.common import time_cuda
from int8tc.sieve import PLAIN_FILTER_CONFIG, half_norms, segment_pair_search


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--segments", type=int, default=4096)
    p.add_argument("--size", type=int, default=4300)
    p.add_argument("--k", type=int, default=128)
    p.add_argument("--rate", type=float, default=3e-4)
    p.add_argument("--plain", action="store_true", help="the pointer-load kernel instead of the TMA default")
    args = p.parse_args()
    g = torch.Generator(device="cuda").manual_seed(0)
    m = args.segments * args.size
    x = torch.randint(-64, 64, (m, args.k), dtype=torch.int8, device="cuda", generator=g)
    h = half_norms(x)
    offsets = torch.arange(0, m + 1, args.size, dtype=torch.int64, device="cuda")
    s = 4096
    d = torch._int_mm(x[:s], x[s:2 * s].t())
    vals = (h[:s, None] + h[None, s:2 * s] - d.abs()).flatten().to(torch.float64).cpu()
    goal = int(torch.kthvalue(vals, max(1, int(args.rate * vals.numel()))).values)
    pairs = args.segments * args.size * (args.size - 1) // 2
    cap = int(4 * args.rate * pairs) + 4096
    cfg = PLAIN_FILTER_CONFIG if args.plain else None
    for _ in range(2):
        hits = segment_pair_search(x, h, goal, cap, offsets, config=cfg)
    torch.cuda.synchronize()
    ms = time_cuda(lambda: segment_pair_search(x, h, goal, cap, offsets, config=cfg), 1, warmup=0)
    print(f"{args.segments} x {args.size}, K={args.k}: {ms:.2f} ms, {pairs / ms / 1e6:.1f} Gpairs/s, "
          f"hits {int(hits.total)} (rate {int(hits.total) / pairs:.2e})")


if __name__ == "__main__":
    main()
