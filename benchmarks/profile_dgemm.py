"""Where one FP64-emulated product's time goes, kernel by kernel (CUDA only).

For each size: `int8tc.dgemm(a, b, "fp64")` (one-shot, guarded) and, with --splits, the Ozaki-I
one-shot `gemm_fp64(a, b, S)`; each is profiled --reps times, one call per profile after three
untimed ones. Printed per call: every GPU kernel and copy in stream order with its start
(relative to the call's first kernel), duration and the idle gap before it, then the call's span
(first start to last end), the summed kernel time and the summed gaps. --trace DIR writes the
Chrome traces.

    PYTHONPATH=src python3 benchmarks/profile_dgemm.py --sizes 4096,8192 --splits 4
"""

import argparse
import json
import os
import tempfile

import torch


def kernel_events(trace_path: str) -> list[dict]:
    with open(trace_path) as f:
        events = json.load(f)["traceEvents"]
    out = [e for e in events if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset") and "dur" in e]
    return sorted(out, key=lambda e: e["ts"])


def short(name: str) -> str:
    name = name.split("(")[0]
    return name if len(name) <= 48 else name[:45] + "..."


def profile_call(fn, trace: str | None, tag: str) -> list[dict]:
    """The GPU events of one call of fn (after three untimed ones), in start order."""
    from torch.profiler import ProfilerActivity, profile

    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA, ProfilerActivity.CPU]) as prof:
        fn()
        torch.cuda.synchronize()
    path = os.path.join(trace, f"{tag}.json") if trace else tempfile.mktemp(suffix=".json")
    prof.export_chrome_trace(path)
    evs = kernel_events(path)
    if not trace:
        os.remove(path)
    return evs


def summarize(calls: list[list[dict]], tag: str) -> None:
    """Spans of every profiled call; the last one kernel by kernel."""
    calls = [c for c in calls if c]
    if not calls:
        print(f"{tag}: no kernels recorded")
        return
    spans = [(c[-1]["ts"] + c[-1]["dur"] - c[0]["ts"]) / 1e3 for c in calls]
    call = calls[-1]
    t0 = call[0]["ts"]
    busy = sum(e["dur"] for e in call) / 1e3
    print(f"== {tag}: {len(call)} kernels per call; span per call (ms): " + " ".join(f"{s:.3f}" for s in spans))
    prev_end = t0
    for e in call:
        gap = (e["ts"] - prev_end) / 1e3
        print(f"  {(e['ts'] - t0) / 1e3:8.3f} {e['dur'] / 1e3:8.3f} gap {gap:6.3f}  {short(e['name'])}")
        prev_end = max(prev_end, e["ts"] + e["dur"])
    span = (call[-1]["ts"] + call[-1]["dur"] - t0) / 1e3
    print(f"  span {span:.3f} ms, kernels {busy:.3f} ms, idle {span - busy:.3f} ms")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="4096,8192")
    p.add_argument("--splits", default="", help="also Ozaki-I gemm_fp64 at these split counts")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--trace", help="directory for the Chrome traces")
    args = p.parse_args()
    import int8tc

    if args.trace:
        os.makedirs(args.trace, exist_ok=True)
    for n in [int(s) for s in args.sizes.split(",")]:
        g = torch.Generator(device="cuda").manual_seed(0)
        a = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
        b = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
        out = torch.empty(n, n, dtype=torch.float64, device="cuda")
        tag = f"dgemm_fp64_{n}"
        summarize([profile_call(lambda: int8tc.dgemm(a, b, "fp64", out=out), args.trace, f"{tag}_{r}")
                   for r in range(args.reps)], tag)
        for s in [int(v) for v in args.splits.split(",") if v]:
            tag = f"ozaki1_S{s}_{n}"
            summarize([profile_call(lambda: int8tc.gemm_fp64(a, b, s, out=out), args.trace, f"{tag}_{r}")
                       for r in range(args.reps)], tag)
        del a, b, out
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
