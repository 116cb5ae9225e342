"""Every timed window of one-shot Gram pair searches, with the garbage collections that ran inside it.

s135's bench-filters (one window of 5 calls per point) read 17.4 ms per one-shot call at 65536 vectors
(K = 128, 1e-4) against 0.69-0.71 ms in the sessions before and 0.690 ms for the plan in the same run.
This times --windows windows of --iters calls each (``time_cuda``'s form: a primer call, then events
around the window) on bench-filters' data, prints each window's mean and the collections of each
generation that ran inside it (``gc.callbacks``), so a host stall shows where it happened.

    PYTHONPATH=src python3 benchmarks/oneshot_windows.py --m 16384,65536 --windows 9
"""

import argparse
import gc
import time

import torch

from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import half_norms, pair_search


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", default="16384,65536")
    p.add_argument("--k", type=int, default=128)
    p.add_argument("--rate", type=float, default=1e-4)
    p.add_argument("--iters", type=int, default=5)
    p.add_argument("--windows", type=int, default=9)
    args = p.parse_args()
    events = []

    def on_gc(phase, info):
        events.append((phase, info["generation"], time.perf_counter()))

    gc.callbacks.append(on_gc)
    g = torch.Generator(device="cuda").manual_seed(0)  # bench-filters' seed and order of draws
    for m in (int(v) for v in args.m.split(",")):
        x = torch.randint(-64, 64, (m, args.k), dtype=torch.int8, device="cuda", generator=g)
        h = half_norms(x)
        goal = _quantile(_sample_values(x, h, x, h, False), args.rate)
        pairs = m * (m - 1) // 2
        cap = int(4 * args.rate * pairs) + 4096
        res = {}

        def call():
            res["h"] = pair_search(x, h, goal, cap)

        for _ in range(2):
            call()
        torch.cuda.synchronize()
        for w in range(args.windows):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            call()
            events.clear()
            t0 = time.perf_counter()
            start.record()
            for _ in range(args.iters):
                call()
            end.record()
            host = time.perf_counter() - t0
            end.synchronize()
            gpu = start.elapsed_time(end) / args.iters
            pauses = {}
            starts = {}
            for phase, gen, t in events:
                if phase == "start":
                    starts[gen] = t
                elif gen in starts:
                    pauses.setdefault(gen, []).append(1e3 * (t - starts.pop(gen)))
            gcs = " ".join(f"gen{gen} x{len(v)} {sum(v):.2f} ms" for gen, v in sorted(pauses.items())) or "none"
            print(f"M={m} window {w}: {gpu:.3f} ms per call (host {1e3 * host / args.iters:.3f} ms per call "
                  f"enqueued), hits {res['h'].total}, collections: {gcs}", flush=True)
        del x, h


if __name__ == "__main__":
    main()
