"""norm_bound's ordering alone (``sort_by_norm``), captured as a CUDA graph and replayed: the counting sort's and
torch.sort's GPU time per ordering at a few sizes, every variant's output checked: the permutation, the rows and norms moved
with it, each tile's least norm (CUDA only).

    PYTHONPATH=src python3 benchmarks/ab_norm_sort.py [--n 16384,65536,262144]
"""
import argparse

import torch

from int8tc.bench.common import time_cuda
from int8tc.sieve import half_norms
from int8tc.sieve.ops import sort_by_norm
from int8tc.sieve.plan import _capture

#: the two orders (s129 timed variants of the counting sort under this script, NOTES.md 78; "bins" is the one kept)
VARIANTS = {"bins": dict(order="bins"), "sort": dict(order="sort")}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n", default="16384,65536,262144")
    p.add_argument("--iters", type=int, default=50)
    args = p.parse_args()
    g = torch.Generator(device="cuda").manual_seed(0)
    print(f"{'n':>8s}  {'order':6s} {'us/sort':>8s}")
    for n in (int(v) for v in args.n.split(",")):
        y = torch.randint(-64, 64, (n, 128), dtype=torch.int8, device="cuda", generator=g)
        h = half_norms(y)
        for name, kw in VARIANTS.items():
            out = (torch.empty_like(y), torch.empty_like(h), torch.empty(n, dtype=torch.int64, device="cuda"),
                   torch.empty(-(-n // 128), dtype=torch.int32, device="cuda"))
            graph = _capture(y.device, lambda: sort_by_norm(y, h, 128, out=out, **kw))  # (the run first compiles)
            ms = time_cuda(graph.replay, args.iters)
            ys, hs, perm, hmin = out
            assert torch.equal(ys, y[perm]) and torch.equal(hs, h[perm])
            assert torch.equal(torch.sort(perm).values, torch.arange(n, device="cuda"))
            want = torch.nn.functional.pad(hs, (0, (-n) % 128), value=2**29 - 1).view(-1, 128).min(1).values
            assert torch.equal(hmin, want), name
            print(f"{n:8d}  {name:6s} {ms * 1e3:8.1f}")


if __name__ == "__main__":
    main()
