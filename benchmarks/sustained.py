"""Burst against sustained rates: the INT8 roof GEMMs and the filters run back to back for --seconds each.

bench-filters times every point (the roof included) in windows of a few calls right after a short warm-up:
a burst, during which the card may still run above the clock it holds at its power limit. Issue 4 defines
the roof as the 8192^3 INT8 GEMM's rate "at the card's power limit". This runs each workload continuously
and reports its rate in consecutive windows of about --window-ms: the first window (the burst), the median,
and the median of the last --tail seconds (the steady state), with nvidia-smi's SM clock and power over
the same seconds when it is on the PATH. Workloads alternate between rounds (--rounds) so each runs after
both others.

    PYTHONPATH=src python3 benchmarks/sustained.py --seconds 3 --rounds 2
"""

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time

import torch

from int8tc.bench.common import time_windows
from int8tc.bench.filters import _quantile, _sample_values, roof_kernels
from int8tc.sieve import BucketPlan, PairSearchPlan, half_norms


def workloads():
    n = 8192
    out = {f"roof {name.split()[0]} {n}^3": (fn, 2 * n**3) for name, fn in roof_kernels(n)}
    g = torch.Generator(device="cuda").manual_seed(1)
    k, rate = 128, 1e-4
    m = 65536
    x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
    h = half_norms(x)
    goal = _quantile(_sample_values(x, h, x, h, False), rate)
    pairs = m * (m - 1) // 2
    plan = PairSearchPlan(m, k, int(4 * rate * pairs) + 4096)
    out["pair plan 65536"] = (lambda: plan(goal, x, h), 2 * k * pairs)
    mb, nb = 1 << 20, 1024
    bp = BucketPlan(mb, nb, k, int(10 * rate * nb) + 16)
    bp.x.copy_(torch.randint(-64, 64, (mb, k), dtype=torch.int8, device="cuda", generator=g))
    bp.centres.copy_(torch.randint(-64, 64, (nb, k), dtype=torch.int8, device="cuda", generator=g))
    bp.thresholds.fill_(_quantile(_sample_values(bp.x, None, bp.centres, None, True), 1 - rate))
    out["bucket plan 2^20 x 1024"] = (lambda: bp(), 2 * k * mb * nb)
    return out


def run(fn, ops: float, seconds: float, window_ms: float) -> list[tuple[float, float]]:
    """(seconds since the start, T(OPS) of the window) for consecutive windows of back-to-back calls."""
    return [(t, ops / ms / 1e9) for t, ms in time_windows(fn, seconds, window_ms)]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--tail", type=float, default=1.0)
    p.add_argument("--window-ms", type=float, default=20.0)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--idle", type=float, default=1.0, help="idle seconds before each workload (a cool start)")
    args = p.parse_args()
    smi = shutil.which("nvidia-smi")
    loads = workloads()
    print(f"{'workload':26s} {'round':>5s} {'burst':>7s} {'median':>7s} {'tail':>7s} TOPS  (windows ~{args.window_ms} ms)"
          f"{'  SM MHz / W over the run' if smi else ''}", flush=True)
    for r in range(args.rounds):
        for name, (fn, ops) in loads.items():
            time.sleep(args.idle)
            log = tempfile.NamedTemporaryFile("w+", suffix=".csv")
            mon = subprocess.Popen([smi, "--query-gpu=clocks.sm,power.draw", "--format=csv,noheader,nounits",
                                    "-lms", "50"], stdout=log) if smi else None
            rates = run(fn, ops, args.seconds, args.window_ms)
            clocks = ""
            if mon:
                mon.terminate()
                mon.wait()
                log.seek(0)
                rows = [v.split(",") for v in log.read().split("\n") if v.count(",") == 1]
                vals = [(float(c), float(w)) for c, w in rows if c.strip().replace(".", "").isdigit()]
                if vals:
                    clocks = (f"  {statistics.median(c for c, _ in vals):.0f} MHz (min {min(c for c, _ in vals):.0f}),"
                              f" {statistics.median(w for _, w in vals):.0f} W")
            tail = [v for t, v in rates if t >= args.seconds - args.tail] or [rates[-1][1]]
            print(f"{name:26s} {r:5d} {rates[0][1]:7.0f} {statistics.median(v for _, v in rates):7.0f} "
                  f"{statistics.median(tail):7.0f}{clocks}", flush=True)


if __name__ == "__main__":
    main()
