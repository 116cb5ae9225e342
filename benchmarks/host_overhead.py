"""Host time of one-shot calls against their GPU time (CUDA only): is a call host-bound?

For each case: the mean GPU time per call (CUDA events over --iters back-to-back calls, as
`int8tc bench` times it), the host time per call (wall time to enqueue --iters calls, no sync
inside), and a cProfile of those host calls (top --top functions by own time).

    PYTHONPATH=src python3 benchmarks/host_overhead.py --size 4096
"""

import argparse
import cProfile
import io
import pstats
import time

import torch

import int8tc
from int8tc.bench.common import time_cuda


def host_profile(fn, timed: int, profiled: int, top: int, skip: int = 4) -> tuple[float, str]:
    """(host ms per call to enqueue ``timed`` calls with no sync inside, a cProfile of ``profiled``
    more calls: the ``top`` functions by own time, its first ``skip`` lines and blank lines dropped)."""
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(timed):
        fn()
    host = (time.perf_counter() - t) / timed * 1e3
    torch.cuda.synchronize()
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(profiled):
        fn()
    prof.disable()
    torch.cuda.synchronize()
    s = io.StringIO()
    pstats.Stats(prof, stream=s).sort_stats("tottime").print_stats(top)
    return host, "\n".join(line for line in s.getvalue().splitlines()[skip:] if line.strip())


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--size", type=int, default=4096)
    p.add_argument("--iters", type=int, default=10)
    p.add_argument("--top", type=int, default=18)
    args = p.parse_args()
    n = args.size
    g = torch.Generator(device="cuda").manual_seed(0)
    a = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
    b = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
    out = torch.empty_like(a)
    cases = {
        "gemm_fp64 S=2": lambda: int8tc.gemm_fp64(a, b, 2, out=out),
        "gemm_fp64 S=4": lambda: int8tc.gemm_fp64(a, b, 4, out=out),
        "dgemm fp64": lambda: int8tc.dgemm(a, b, "fp64", out=out),
    }
    for name, fn in cases.items():
        gpu = time_cuda(fn, args.iters, warmup=3)
        host, text = host_profile(fn, args.iters, args.iters, args.top, skip=6)
        print(f"== {name} at {n}^3: GPU {gpu:.3f} ms per call (events), host {host:.3f} ms per call (enqueue)")
        print(text)


if __name__ == "__main__":
    main()
