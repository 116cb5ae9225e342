"""INT8 GEMM roof on this GPU: cuBLASLt (torch._int_mm, fast layout) vs our slice-GEMM kernel
(one split, one diagonal = a plain INT8 GEMM) over a few tile configs. Prints TOPS.

    PYTHONPATH=src python benchmarks/tune_gemm.py [--sizes 4096,8192] [--out results/tune.csv]
"""

import argparse
import sys

import torch
import triton

from int8tc.bench.common import environment, format_table, time_cuda, write_csv
from int8tc.ozaki._launch import diagonal_gemm
from int8tc.ozaki.scheme import Config

CONFIGS = [
    Config(128, 256, 128, 8, 8, 3, persistent=False),  # OVERVIEW: 1119 TOPS at 8192^3 as a plain Triton GEMM
    Config(128, 256, 128, 8, 8, 4, persistent=False),
    Config(256, 128, 128, 8, 8, 3, persistent=False),
    Config(128, 128, 128, 8, 4, 4, persistent=False),
    Config(128, 256, 64, 8, 8, 4, persistent=False),
    Config(128, 128, 128, 8, 8, 4, persistent=False),
    Config(128, 256, 128, 8, 8, 3, persistent=True),
    Config(128, 256, 128, 8, 8, 4, persistent=True),
    Config(256, 128, 128, 8, 8, 3, persistent=True),
    Config(128, 128, 128, 8, 4, 4, persistent=True),
]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="4096,8192")
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--out")
    args = p.parse_args()
    rows = []
    for n in [int(x) for x in args.sizes.split(",")]:
        g = torch.Generator(device="cuda").manual_seed(0)
        a = torch.randint(-127, 128, (n, n), dtype=torch.int8, device="cuda", generator=g)
        bt = torch.randint(-127, 128, (n, n), dtype=torch.int8, device="cuda", generator=g)
        ref = torch._int_mm(a, bt.t())
        ms = time_cuda(lambda: torch._int_mm(a, bt.t()), args.iters, warmup=3)
        rows.append({"n": n, "kernel": "cublasLt _int_mm", "ms": f"{ms:.4f}", "tops": f"{2 * n**3 / ms / 1e9:.0f}"})
        w = torch.empty((1, n, n), dtype=torch.int32, device="cuda")
        for cfg in CONFIGS:
            try:
                fn = lambda: diagonal_gemm(a[None], bt[None], w, 1, 1, 0, n, cfg)  # noqa: E731
                fn()
                ok = torch.equal(w[0], ref)
                ms = time_cuda(fn, args.iters, warmup=3)
                rows.append({"n": n, "kernel": f"triton {cfg.block_m}x{cfg.block_n}x{cfg.block_k} w{cfg.num_warps} s{cfg.num_stages}"
                             + (" persistent" if cfg.persistent else ""),
                             "ms": f"{ms:.4f}", "tops": f"{2 * n**3 / ms / 1e9:.0f}", "exact": ok})
            except (triton.runtime.errors.OutOfResources, RuntimeError) as e:  # config does not fit: report, go on
                rows.append({"n": n, "kernel": f"triton {cfg}", "ms": "", "tops": "", "exact": f"failed: {type(e).__name__}"})
            print(rows[-1], file=sys.stderr, flush=True)
    cols = ["n", "kernel", "ms", "tops", "exact"]
    print(format_table(rows, cols))
    if args.out:
        write_csv(args.out, rows, cols, environment())


if __name__ == "__main__":
    main()
