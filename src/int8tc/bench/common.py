"""Shared benchmark plumbing: environment metadata, CUDA-event timing, CSV output."""

from __future__ import annotations

import contextlib
import csv
import datetime as _dt
import os
import subprocess
import sys
import time
from typing import Callable, Iterable


def git_commit() -> str:
    """The commit the results come from: $INT8TC_COMMIT if set, else HEAD, marked "-dirty" when
    tracked files differ from it (as on a machine that got the tree but a stale .git)."""
    env = os.environ.get("INT8TC_COMMIT")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        run = lambda *cmd: subprocess.run(cmd, cwd=here, capture_output=True, text=True, timeout=10).stdout.strip()  # noqa: E731
        head = run("git", "rev-parse", "--short=12", "HEAD")
        if not head:
            return "unknown"
        dirty = run("git", "status", "--porcelain", "--untracked-files=no")
        return head + ("-dirty" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def environment() -> dict[str, str]:
    """GPU name, driver, versions, commit and date: the columns every result CSV carries."""
    import torch
    import triton

    info = {
        "gpu": "cpu",
        "driver": "",
        "torch": torch.__version__,
        "triton": triton.__version__,
        "cuda": str(torch.version.cuda),
        "commit": git_commit(),
        "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    if torch.cuda.is_available():
        info["gpu"] = torch.cuda.get_device_name()
        try:
            out = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                 capture_output=True, text=True, timeout=10).stdout.strip()
            info["driver"] = out.splitlines()[0] if out else ""
        except (OSError, subprocess.SubprocessError):
            pass
    return info


def progress(msg: str) -> None:
    print(f"[int8tc] {msg}", file=sys.stderr, flush=True)


def time_cuda(fn: Callable[[], object], iters: int, warmup: int = 1, warmup_ms: float = 0.0,
              repeats: int = 1) -> float:
    """Milliseconds per call: ``warmup`` untimed calls (they compile what is not compiled yet), then
    more untimed calls for ``warmup_ms`` of wall time, back to back in batches of ~16 ms between syncs
    (so each method is timed in its own steady state, not in the clock and power state that the
    previous one, or an idle GPU during compilation, left; up to the twenty-seventh session a sync
    followed every warm-up call, and in s137/s138 every 16th), then ``repeats`` windows of ``iters`` back-to-back calls, each between two
    events; the median window's mean (one window: its mean). Several windows keep a host stall
    (a garbage collection, a descheduled thread) in one window from moving the result.

    Each window is primed: one more untimed call is enqueued before its start event, so the window
    opens on a busy GPU and times a stream of calls in its steady state, not the host latency of its
    first call on an idle GPU (~0.15-0.3 ms for a filter call on the H200's host: with 5 calls of
    0.35 ms, 8-9% of the mean; up to the twenty-sixth session the windows were not primed). A call
    whose host time exceeds its GPU time still shows it: the GPU then waits inside the window."""
    import torch

    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    if warmup_ms > 0:
        # back to back, as timed: batches of calls of ~16 ms (at most 16 calls) between syncs (a sync after every
        # call idles the GPU during a multi-launch call's host time; 16 slow calls overshoot warmup_ms by seconds)
        fn()
        torch.cuda.synchronize()
        batch = max(1, min(16, int(16.0 / max(1e-3, (time.perf_counter() - t0) * 1e3))))
        while (time.perf_counter() - t0) * 1e3 < warmup_ms:
            for _ in range(batch):
                fn()
            torch.cuda.synchronize()
    means = []
    for _ in range(max(1, repeats)):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        fn()  # the primer (untimed): the start event waits behind it
        start.record()
        for _ in range(iters):
            fn()
        end.record()
        end.synchronize()
        means.append(start.elapsed_time(end) / iters)
    return sorted(means)[len(means) // 2]


def time_windows(fn: Callable[[], object], seconds: float, window_ms: float = 20.0) -> list[tuple[float, float]]:
    """Run fn back to back for ``seconds`` (after one call to size the windows) in consecutive windows
    of about ``window_ms`` each, events around each window. Returns (seconds from the start to the
    window's end, milliseconds per call in it) per window: a rate against time, from the burst of a
    cool card to the clock it holds at its power limit."""
    import torch

    fn()
    torch.cuda.synchronize()
    t1 = time.perf_counter()
    fn()
    torch.cuda.synchronize()
    calls = max(1, int(window_ms / max(1e-3, 1e3 * (time.perf_counter() - t1))))
    windows, t0 = [], time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(calls):
            fn()
        end.record()
        end.synchronize()
        windows.append((time.perf_counter() - t0, start.elapsed_time(end) / calls))
    return windows


def time_host(fn: Callable[[], object], iters: int, warmup: int = 1) -> float:
    for _ in range(warmup):
        fn()
    t0 = time.perf_counter()
    for _ in range(iters):
        fn()
    return (time.perf_counter() - t0) * 1e3 / iters


def write_csv(path: str, rows: Iterable[dict], columns: list[str], meta: dict[str, str]) -> None:
    """Long-format CSV: the result columns followed by the environment columns."""
    cols = columns + list(meta)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=cols)
        w.writeheader()
        for r in rows:
            w.writerow({**{c: r.get(c, "") for c in columns}, **meta})


def format_table(rows: list[dict], columns: list[str]) -> str:
    cells = [[str(r.get(c, "")) for c in columns] for r in rows]
    widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(columns)]
    line = "  ".join(c.rjust(w) for c, w in zip(columns, widths))
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(v.rjust(w) for v, w in zip(row, widths)) for row in cells]
    return "\n".join(out)


def report(rows: list[dict], out: str | None) -> None:
    """Print rows as a table and, with ``out``, write them as CSV with the environment columns."""
    print(format_table(rows, list(rows[0])))
    if out:
        write_csv(out, rows, list(rows[0]), environment())


def tune_grid(args):
    """The tuning scripts' cases: (n, count, a, b, out) for each --sizes n (square randn inputs
    made once per size on the GPU, seed 0) and each count."""
    import torch

    from .gemm import make_inputs_torch

    for n in args.size_list:
        a, b = make_inputs_torch(n, n, n, "randn", 0, "cuda")
        out = torch.empty_like(a)
        for c in args.count_list:
            yield n, c, a, b, out


def tune_row(rows: list, row: dict) -> None:
    """Append a tuning row (floats to 4 decimals) and print it."""
    rows.append({k: (f"{v:.4f}" if isinstance(v, float) else v) for k, v in row.items()})
    print(rows[-1], flush=True)


def tune_args(counts: str, counts_default: str, iters: int):
    """The tuning scripts' command line: --sizes, --<counts> (a comma list), --iters, --out."""
    import argparse

    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="4096,8192")
    p.add_argument(f"--{counts}", default=counts_default)
    p.add_argument("--iters", type=int, default=iters)
    p.add_argument("--out")
    args = p.parse_args()
    args.size_list = [int(v) for v in args.sizes.split(",")]
    args.count_list = [int(v) for v in getattr(args, counts).split(",")]
    return args


@contextlib.contextmanager
def patched_constants(module, **values):
    """The tuning scripts' variants: ``module``'s constants set to ``values`` inside the block (launchers
    read them at call time), restored after it."""
    old = {k: getattr(module, k) for k in values}
    for k, v in values.items():
        setattr(module, k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            setattr(module, k, v)
