"""Where a one-shot filter call's host time goes (CUDA only): cProfile over back-to-back calls, the top
functions by their own time (a wait on the device shows as ``synchronize``).

    PYTHONPATH=src python3 benchmarks/host_profile.py [--calls 200]
"""
import argparse
import cProfile
import pstats

import torch

from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import bucket, half_norms, pair_search


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--calls", type=int, default=200)
    args = p.parse_args()
    g = torch.Generator(device="cuda").manual_seed(0)
    k = 128
    x = torch.randint(-64, 64, (1 << 20, k), dtype=torch.int8, device="cuda", generator=g)
    c = torch.randint(-64, 64, (1024, k), dtype=torch.int8, device="cuda", generator=g)
    thr = torch.full((1 << 20,), _quantile(_sample_values(x, None, c, None, True), 1 - 1e-4), dtype=torch.int32,
                     device="cuda")
    y = x[:65536].contiguous()
    h = half_norms(y)
    goal = _quantile(_sample_values(y, h, y, h, False), 1e-4)
    cases = {"bucket 2^20 x 1024": lambda: bucket(x, c, thr, 17),
             "pair_search 65536": lambda: pair_search(y, h, goal, 1 << 20)}
    for name, fn in cases.items():
        for _ in range(3):
            fn()
        torch.cuda.synchronize()
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(args.calls):
            fn()
        torch.cuda.synchronize()
        prof.disable()
        st = pstats.Stats(prof)
        total = st.total_tt / args.calls * 1e3
        print(f"== {name}: {total:.3f} ms of host time per call (profiled), top by own time:")
        rows = sorted(st.stats.items(), key=lambda kv: -kv[1][2])[:22]
        for (file, line, fn_name), (cc, nc, tt, ct, _) in rows:
            print(f"  {tt / args.calls * 1e3:7.4f} ms own {ct / args.calls * 1e3:7.4f} cum x{nc / args.calls:5.1f} "
                  f"{file.split('/')[-1]}:{line} {fn_name}")


if __name__ == "__main__":
    main()
