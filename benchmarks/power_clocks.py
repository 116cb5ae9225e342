"""SM clock and board power while the INT8 and FP64 GEMMs run (CUDA only; needs nvidia-smi).

Phases of --seconds each at n^3 (default 8192): idle, native DGEMM, our Triton INT8 GEMM (the
Ozaki-I product kernel, default config) on uniform random int8 in [-127, 127], the same on
narrow data ([-8, 7]: fewer toggling bits) and on zeros, and cuBLASLt's INT8 GEMM. nvidia-smi
samples clocks.sm, power.draw and the throttle reasons every 50 ms in the background; per phase
the script prints the rate (TFLOPS / TOPS) and the median clock and power of its samples.

    PYTHONPATH=src python3 benchmarks/power_clocks.py --n 8192 --seconds 2
"""

import argparse
import subprocess
import tempfile
import time

import torch

from int8tc.ozaki._launch import diagonal_gemm
from int8tc.ozaki import DEFAULT_CONFIG


def run_for(fn, seconds: float, ops: float) -> float:
    """Call fn back to back for ~seconds; the rate in T(FL)OPS."""
    fn()
    torch.cuda.synchronize()
    calls, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(4):
            fn()
        calls += 4
        torch.cuda.synchronize()
    return ops * calls / (time.perf_counter() - t0) / 1e12


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--n", type=int, default=8192)
    p.add_argument("--seconds", type=float, default=2.0)
    args = p.parse_args()
    n = args.n
    g = torch.Generator(device="cuda").manual_seed(0)
    a64 = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
    b64 = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
    c64 = torch.empty_like(a64)
    wide = [torch.randint(-127, 128, (1, n, n), dtype=torch.int8, device="cuda", generator=g) for _ in range(2)]
    narrow = [torch.randint(-8, 8, (1, n, n), dtype=torch.int8, device="cuda", generator=g) for _ in range(2)]
    zeros = [torch.zeros((1, n, n), dtype=torch.int8, device="cuda") for _ in range(2)]
    w = torch.empty((1, n, n), dtype=torch.int32, device="cuda")
    tri = lambda x: (lambda: diagonal_gemm(x[0], x[1], w, 1, 1, 0, n, DEFAULT_CONFIG))  # noqa: E731
    phases = [
        ("idle", lambda: time.sleep(0.01), 0.0),
        ("dgemm (fp64)", lambda: torch.matmul(a64, b64, out=c64), 2.0 * n**3),
        ("triton int8, uniform", tri(wide), 2.0 * n**3),
        ("triton int8, [-8, 7]", tri(narrow), 2.0 * n**3),
        ("triton int8, zeros", tri(zeros), 2.0 * n**3),
        ("cublasLt int8, uniform", lambda: torch._int_mm(wide[0][0], wide[1][0].t()), 2.0 * n**3),
    ]
    log = tempfile.NamedTemporaryFile("w+", suffix=".csv")
    smi = subprocess.Popen(["nvidia-smi", "--query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active",
                            "--format=csv,noheader,nounits", "-lms", "50"], stdout=log, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    marks = []
    for name, fn, ops in phases:
        t0 = time.time()
        rate = run_for(fn, args.seconds, ops) if ops else (time.sleep(args.seconds) or 0.0)
        marks.append((name, t0, time.time(), rate))
    time.sleep(0.3)
    smi.terminate()
    smi.wait()
    log.seek(0)
    samples = []
    for line in log:
        parts = [x.strip() for x in line.split(",")]
        if len(parts) < 4:
            continue
        try:
            ts = time.mktime(time.strptime(parts[0].split(".")[0], "%Y/%m/%d %H:%M:%S")) + float("0." + parts[0].split(".")[1])
            samples.append((ts, float(parts[1]), float(parts[2]), parts[3]))
        except (ValueError, IndexError):
            continue
    print(f"{'phase':26s} {'T(FL)OPS':>9s} {'SM MHz':>7s} {'W':>6s}  throttle reasons (most frequent)")
    for name, t0, t1, rate in marks:
        mid = [s for s in samples if t0 + 0.3 <= s[0] <= t1]  # skip each phase's first 0.3 s
        if not mid:
            print(f"{name:26s} {rate:9.1f}  (no samples)")
            continue
        clk = sorted(s[1] for s in mid)[len(mid) // 2]
        pw = sorted(s[2] for s in mid)[len(mid) // 2]
        reasons = max(set(s[3] for s in mid), key=[s[3] for s in mid].count)
        print(f"{name:26s} {rate:9.1f} {clk:7.0f} {pw:6.0f}  {reasons}")


if __name__ == "__main__":
    main()
