"""B's passes of a one-shot product on a side stream, overlapping A's (private).

A one-shot call (``gemm_fp64``, ``gemm_fp64_crt``, ``dgemm``) builds a plan for B and runs it on A
at once. B's scale and split passes do not depend on A's, and each is latency-bound rather than
bandwidth-bound, so the one-shot functions enqueue B's on a stream from torch's pool (after all
work already on the current stream, so both operands are ready) while A's run on the current
stream; the current stream waits on an event before the first kernel that reads B's results,
and in any case before the one-shot function returns (``joined``), so nothing enqueued later on the
current stream can race the side stream, also when the call raises. Plans built by users keep
B's passes on the current stream, and so do one-shot products below SIDE_STREAM_MIN_MNK, where
the side stream's host cost (a pooled stream, its wait, the stream switches and an event: ~40 us)
weighs more than the overlap it buys.
"""

from __future__ import annotations

import contextlib
from typing import Callable

import torch

#: M N K from which a one-shot product runs B's passes on the side stream: measured -2% for
#: dgemm("fp64") at 8192^3 and nothing at 4096^3 (seventeenth session, benchmarks/NOTES.md 69),
#: while Ozaki-I at 4096^3 with S = 2 is bound by the call's host time (NOTES.md 71)
SIDE_STREAM_MIN_MNK = 2**38


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


class DeferredB:
    """Mixin of the plans whose B passes a one-shot call defers: ``_b_deferred`` (set by the plan's
    constructor) means they have not run; ``_fork_b`` enqueues them on a side stream, ``_join_b``
    (before the first kernel that reads B's results) waits for them, or runs them in order if they
    were never forked. The plan provides ``_b_passes`` and ``backend``, ``device``, ``k``, ``n``."""

    _b_ready = None
    _b_deferred = False

    def _b_passes(self) -> None:
        raise NotImplementedError

    def _b_runs(self) -> bool:
        return self.backend == "triton" and self.k > 0 and self.n > 0

    def _fork_b(self, m: int) -> None:
        """Before a one-shot call with ``m`` rows of A: B's passes go to the side stream if the
        product is large enough (SIDE_STREAM_MIN_MNK), else they stay deferred and ``_join_b``
        runs them on the current stream."""
        if self._b_deferred and self._b_runs() and m * self.n * self.k >= SIDE_STREAM_MIN_MNK:
            self._b_ready = on_side_stream(self.device, self._b_passes)
            self._b_deferred = False

    def _join_b(self) -> None:
        if self._b_deferred:  # deferred but never forked: run them here, in order
            self._b_deferred = False
            if self._b_runs():
                self._b_passes()
        wait(self.device, self._b_ready)
        self._b_ready = None
