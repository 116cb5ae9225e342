"""B's passes of a one-shot product on a side stream, overlapping A's (private).

A one-shot call (``gemm_fp64``, ``gemm_fp64_crt``, ``dgemm``) builds a plan for B and runs it on A
at once. B's scale and split passes do not depend on A's, and each is latency-bound rather than
bandwidth-bound, so the one-shot functions enqueue B's on a stream from torch's pool (after all
work already on the current stream, so both operands are ready) while A's run on the current
stream; the current stream waits on an event before the first kernel that reads B's results,
and in any case before the one-shot function returns (``joined``), so nothing enqueued later on the
current stream can race the side stream, also when the call raises. Plans built by users keep
B's passes on the current stream.
"""

from __future__ import annotations

import contextlib
from typing import Callable

import torch


def on_side_stream(device: torch.device, fn: Callable[[], None]) -> torch.cuda.Event | None:
    """Run ``fn`` (kernel launches only, no allocation) on a pooled side stream after the current
    stream's work; the event to wait on before using its results (None on CPU: ``fn`` ran inline)."""
    if device.type != "cuda":
        fn()
        return None
    cur = torch.cuda.current_stream(device)
    side = torch.cuda.Stream(device=device)  # from torch's stream pool: nothing is created
    side.wait_stream(cur)
    with torch.cuda.stream(side):
        fn()
    done = torch.cuda.Event()
    done.record(side)
    return done


def wait(device: torch.device, event: torch.cuda.Event | None) -> None:
    """The current stream waits on ``event`` (no host synchronisation)."""
    if event is not None:
        torch.cuda.current_stream(device).wait_event(event)


@contextlib.contextmanager
def joined(plan):
    """Around a one-shot call: the current stream waits on the plan's pending B passes at the end."""
    try:
        yield
    finally:
        plan._join_b()
