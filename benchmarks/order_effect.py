"""Does what runs before a timing change it? (the 4096^3 S = 2 point of `int8tc bench`).

In `int8tc bench` our Ozaki-I call at 4096^3, S = 2 took 0.74-0.84 ms in full tables, where
int8_cublas_baseline runs right before it, and 0.62-0.65 ms in runs without the baseline. This
times ours and cuBLAS's emulation as `int8tc bench` does (one warm-up call, --iters calls between
two events) after each of these preludes, --reps rounds:

- none: right after the previous timing;
- baseline: int8_cublas_baseline as the bench runs it (a warm-up and --iters calls);
- baseline+empty_cache: the same, then torch.cuda.empty_cache();
- baseline+idle: the same, then 0.5 s idle;
- dgemm: native DGEMM for ~0.5 s (heat without the baseline's allocations).

    PYTHONPATH=src python3 benchmarks/order_effect.py --size 4096 --splits 2 --reps 3
"""

import argparse
import time

import torch

from int8tc.bench.common import time_cuda
from int8tc.bench.gemm import make_inputs_torch
from int8tc.ozaki import gemm_fp64
from int8tc.ozaki.baseline import int8_cublas_baseline
from int8tc.ozaki.cublas_emulation import CublasEmulatedDgemm


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--size", type=int, default=4096)
    p.add_argument("--splits", type=int, default=2)
    p.add_argument("--iters", type=int, default=10)
    p.add_argument("--reps", type=int, default=3)
    args = p.parse_args()
    n, s, it = args.size, args.splits, args.iters
    a, b = make_inputs_torch(n, n, n, "randn", 0, torch.device("cuda"))
    out = torch.empty(n, n, dtype=torch.float64, device="cuda")
    ref = torch.empty_like(out)
    emu = CublasEmulatedDgemm(bits=8 * s - 1, workspace_bytes=256 * 2**20 + (s + 2) * 2 * n * n + 16 * n * n,
                              device=a.device)
    methods = {"ours": lambda: gemm_fp64(a, b, s, out=out), "cublas_emulated": lambda: emu(a, b, out=out)}

    def baseline():
        time_cuda(lambda: int8_cublas_baseline(a, b, s), it)

    def dgemm_heat():
        t = time.perf_counter()
        while time.perf_counter() - t < 0.5:
            torch.matmul(a, b, out=ref)
            torch.cuda.synchronize()

    preludes = {
        "none": lambda: None,
        "baseline": baseline,
        "baseline+empty_cache": lambda: (baseline(), torch.cuda.empty_cache()),
        "baseline+idle": lambda: (baseline(), time.sleep(0.5)),
        "dgemm": dgemm_heat,
    }
    for f in methods.values():  # compile / plan once
        f()
    torch.cuda.synchronize()
    rows = []
    for rep in range(args.reps):
        for pname, prelude in preludes.items():
            for mname, f in methods.items():
                prelude()
                torch.cuda.synchronize()
                ms = time_cuda(f, it)
                rows.append((rep, pname, mname, ms))
                print(f"rep {rep} {pname:22s} {mname:16s} {ms:.4f} ms", flush=True)
    print(f"\nmedian ms over {args.reps} rounds, {n}^3, S = {s}, {it} iterations:")
    for pname in preludes:
        med = {}
        for mname in methods:
            v = sorted(r[3] for r in rows if r[1] == pname and r[2] == mname)
            med[mname] = v[len(v) // 2]
        print(f"  {pname:22s} ours {med['ours']:.4f}  cublas_emulated {med['cublas_emulated']:.4f}  "
              f"ratio {med['cublas_emulated'] / med['ours']:.2f}")
    emu.close()


if __name__ == "__main__":
    main()
