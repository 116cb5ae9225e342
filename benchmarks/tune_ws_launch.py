"""Ozaki-I's products on the Gluon kernel: every kept diagonal in one launch (``Config.ws_one_launch``,
the kernel's mode 2) against one launch per diagonal (mode 0), one-shot ``gemm_fp64`` calls on the
same data, alternated --reps times, outputs compared bit for bit (CUDA, sm_90).

    PYTHONPATH=src python3 benchmarks/tune_ws_launch.py --sizes 4096,8192 --splits 2,4,6,8
"""

import argparse
import dataclasses

import torch

from int8tc import gemm_fp64
from int8tc.bench.common import environment, format_table, time_cuda, write_csv
from int8tc.ozaki import DEFAULT_CONFIG


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="4096,8192")
    p.add_argument("--splits", default="2,4,6,8")
    p.add_argument("--iters", type=int, default=10)
    p.add_argument("--reps", type=int, default=2)
    p.add_argument("--out")
    args = p.parse_args()
    rows = []
    for n in [int(x) for x in args.sizes.split(",")]:
        g = torch.Generator(device="cuda").manual_seed(0)
        a = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
        b = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
        for s in [int(x) for x in args.splits.split(",")]:
            outs, times = {}, {True: [], False: []}
            for _ in range(args.reps):
                for one in (False, True):
                    cfg = dataclasses.replace(DEFAULT_CONFIG, ws_one_launch=one)
                    out = torch.full((n, n), float("nan"), dtype=torch.float64, device="cuda")
                    times[one].append(time_cuda(lambda: gemm_fp64(a, b, s, config=cfg, out=out), args.iters,
                                                warmup_ms=30.0))
                    outs[one] = out
            same = bool(torch.equal(outs[True], outs[False]))
            rows.append({"n": n, "S": s, "per_diagonal_ms": " / ".join(f"{t:.4f}" for t in times[False]),
                         "one_launch_ms": " / ".join(f"{t:.4f}" for t in times[True]), "equal": same})
            print(rows[-1], flush=True)
    cols = ["n", "S", "per_diagonal_ms", "one_launch_ms", "equal"]
    print(format_table(rows, cols))
    if args.out:
        write_csv(args.out, rows, cols, environment())


if __name__ == "__main__":
    main()
