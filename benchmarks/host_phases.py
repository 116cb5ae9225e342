"""Where a one-shot call's host time goes (CUDA only): per-primitive host costs and a cProfile.

Prints the host time (us) of the primitives a one-shot call is made of (one Triton launch, one
Gluon launch with its descriptors, torch.empty, an event record, a pooled side stream), then for
each one-shot case its host time per call (enqueue only, GPU work queued behind) and a cProfile
of --calls calls sorted by own time.

    PYTHONPATH=src python3 benchmarks/host_phases.py --size 4096 --calls 200
"""

import argparse
import time

import torch

import int8tc
from host_overhead import host_profile  # benchmarks/ is the script's directory


def host_us(fn, n: int) -> float:
    fn()
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(n):
        fn()
    dt = (time.perf_counter() - t) / n * 1e6
    torch.cuda.synchronize()
    return dt


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--size", type=int, default=4096)
    p.add_argument("--calls", type=int, default=200)
    p.add_argument("--top", type=int, default=40)
    args = p.parse_args()
    from int8tc.ozaki._launch import absmax_rows
    from int8tc.ozaki._ws import ws_gemm

    dev = torch.device("cuda")
    x = torch.randn(64, 64, dtype=torch.float64, device=dev)
    bits = torch.empty(64, dtype=torch.int64, device=dev)
    pa = torch.zeros(1, 128, 128, dtype=torch.int8, device=dev)
    pb = torch.zeros(1, 256, 128, dtype=torch.int8, device=dev)
    o = torch.empty(1, 128, 256, dtype=torch.int32, device=dev)
    prims = {
        "absmax_rows (zero_ + 1 Triton launch)": lambda: absmax_rows(x, bits),
        "bits.zero_()": lambda: bits.zero_(),
        "ws_gemm (2 descriptors + 1 Gluon launch)": lambda: ws_gemm(pa, pb, o, mode=0, k0=0, k_len=128),
        "torch.empty 32 MB": lambda: torch.empty((2, 4096, 4096), dtype=torch.int8, device=dev),
        "Event() + record()": lambda: torch.cuda.Event().record(),
        "pooled Stream + wait_stream": lambda: torch.cuda.Stream(device=dev).wait_stream(torch.cuda.current_stream()),
    }
    for name, fn in prims.items():
        print(f"prim {name}: {host_us(fn, 1000):.1f} us")
    n = args.size
    g = torch.Generator(device="cuda").manual_seed(0)
    a = torch.randn(n, n, dtype=torch.float64, device=dev, generator=g)
    b = torch.randn(n, n, dtype=torch.float64, device=dev, generator=g)
    out = torch.empty_like(a)
    cases = {
        "gemm_fp64 S=2": lambda: int8tc.gemm_fp64(a, b, 2, out=out),
        "plan S=2 (B kept)": None,
        "dgemm fp64": lambda: int8tc.dgemm(a, b, "fp64", out=out),
    }
    plan = int8tc.OzakiGemm(b, 2)
    cases["plan S=2 (B kept)"] = lambda: plan(a, out=out)
    for name, fn in cases.items():
        for _ in range(3):
            fn()
        host, text = host_profile(fn, 20, args.calls, args.top)
        print(f"== {name} at {n}^3: host {host:.3f} ms per call (enqueue of 20 calls, GPU queued behind)")
        print(text)


if __name__ == "__main__":
    main()
