"""Pair-search and bucketing plans: one shape, set up once, run many times (public API).

``pair_search`` validates, allocates and launches on every call; on the host that is ~0.25 ms
(the range pass, two Triton launches with their TMA descriptors, buffers), which is more than the
GPU needs for a Gram search of 16384 vectors (~0.06 ms at K = 128). A ``PairSearchPlan`` owns the
padded input buffers, the record buffer and the counters of one shape, and on CUDA captures the
whole search (input pass, which also zeroes the counters; search kernel; item kernel) as one
CUDA graph: a call copies the inputs in (or the caller wrote them in place), sets the goal (one
fill, only when it changed) and replays the graph, with no host sync. The goal lives in device
memory (the input pass writes the row limits h_i - goal; the captured kernels run with goal 0),
so a new goal needs no new capture.
"""

from __future__ import annotations

import os

import torch

from .ops import (DEFAULT_BUCKET_CONFIG, DEFAULT_FILTER_CONFIG, K_ALIGN, RANGE_BLOCK, BucketHits, FilterConfig, PairHits,
                  _bucket_buffers, _check_count, _check_goal, _check_int8, _check_vec, _dump_applies, _dump_buffers,
                  _launch_bucket, _launch_pair_search, _range_pass, _record_buffers, _sort_records, _sorted_lists, norm_bound_applies,
                  sort_by_norm)



def _plan_device(device, graph: bool | None, what: str) -> tuple[torch.device, bool]:
    """A plan's device (CUDA with its index, or CPU under the Triton interpreter) and whether it
    captures a graph (default: on CUDA)."""
    dev = torch.device(device)
    if dev.type == "cuda" and dev.index is None:
        dev = torch.device("cuda", torch.cuda.current_device())
    if dev.type not in ("cuda", "cpu") or (dev.type == "cpu" and os.environ.get("TRITON_INTERPRET") != "1"):
        raise ValueError(f"{what} runs the Triton kernels: a CUDA device, or CPU tensors under "
                         f"TRITON_INTERPRET=1; got device {dev}")
    if graph is None:
        graph = dev.type == "cuda"
    if graph and dev.type != "cuda":
        raise ValueError(f"graph=True needs a CUDA device, got {dev}")
    return dev, bool(graph)


def _capture(device: torch.device, enqueue) -> torch.cuda.CUDAGraph:
    """``enqueue`` run once on a side stream (it compiles the kernels), then captured as a CUDA graph."""
    side = torch.cuda.Stream(device)
    side.wait_stream(torch.cuda.current_stream(device))
    with torch.cuda.stream(side):
        enqueue()
    torch.cuda.current_stream(device).wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        enqueue()
    return graph


def _copy_rows(name: str, dst: torch.Tensor, src, device) -> None:
    """Copy int8 rows ``src`` into a plan's buffer view ``dst`` (shapes checked; None or dst itself: nothing)."""
    if src is None or src is dst:
        return
    _check_int8(name, src, device)
    if tuple(src.shape) != tuple(dst.shape):
        raise ValueError(f"{name} must be {list(dst.shape)} for this plan, got {list(src.shape)}")
    dst.copy_(src)


class PairSearchPlan:
    """A pair search of fixed shapes (``pair_search``'s semantics), reusable across calls.

    Shapes: a Gram search of ``m`` vectors (all i < j) or, with ``n``, ``m`` vectors x against ``n``
    vectors y; rows of length ``k`` (1 <= k <= 192; padded to a multiple of 32 inside the plan).

    Usage::

        plan = PairSearchPlan(m, k, capacity)          # Gram search, on CUDA captured as a graph
        hits = plan(goal, x, h)                        # x [m, k] int8, h [m] int32 (copied in)
        plan.x.copy_(x2); plan.half_norms.copy_(h2)    # or write the inputs in place ...
        hits = plan(goal)                              # ... and run on them

    Results are views of the plan's buffers: valid until the plan's next call (clone what must
    outlive it). The half-norm range check (|h| < 2^29, as ``pair_search``) runs on the device
    inside the plan; an input out of range makes the result raise ValueError when it is read
    (``total``, ``kept``, ``dropped``, ``valid()``), not when the call returns: a call never waits
    for the device. A plan belongs to one device and stream use at a time (its buffers are reused).

    Args:
        m, k: rows and row length of x; capacity: records kept at most.
        n: rows of y (None: a Gram search of x).
        device: where it runs: CUDA, or CPU tensors under the Triton interpreter (tests).
        config: kernel choice (default ``DEFAULT_FILTER_CONFIG``).
        graph: capture a CUDA graph (default: on CUDA). False runs the same launches eagerly
            (still no host sync).
    """

    def __init__(self, m: int, k: int, capacity: int, *, n: int | None = None, device="cuda",
                 config: FilterConfig | None = None, graph: bool | None = None):
        m = _check_count("m", m)
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 192:
            raise ValueError(f"k must be an int in 1..192, got {k!r}")
        self.gram = n is None
        n = m if self.gram else _check_count("n", n)
        self.m, self.n, self.k = m, n, k
        self.capacity = _check_count("capacity", capacity)
        self.config = config or DEFAULT_FILTER_CONFIG
        if not isinstance(self.config, FilterConfig):
            raise TypeError(f"config must be a FilterConfig, got {type(self.config).__name__}")
        dev, graph = _plan_device(device, graph, "PairSearchPlan")
        self.device = dev
        kp = -(-k // K_ALIGN) * K_ALIGN
        self._xp = torch.zeros((m, kp), dtype=torch.int8, device=dev)  # padding columns stay zero
        self._h = torch.zeros(m, dtype=torch.int32, device=dev)
        self._hxg = torch.zeros(m, dtype=torch.int32, device=dev)  # row limits h - goal
        if self.gram:
            self._yp, self._hy = self._xp, self._h
        else:
            self._yp = torch.zeros((n, kp), dtype=torch.int8, device=dev)
            self._hy = torch.zeros(n, dtype=torch.int32, device=dev)
        self._sorted = None  # FilterConfig.norm_bound: y (a Gram plan: x) sorted by half norm, its permutation
        if m and n and norm_bound_applies(m, n, self.gram, self.config):
            self._sorted = (torch.empty_like(self._yp), torch.empty_like(self._hy),
                            torch.empty(n, dtype=torch.int64, device=dev),
                            torch.empty(-(-n // self.config.block_n), dtype=torch.int32, device=dev))
        programs = _dump_applies(m, n, self.gram, self.config, dev)  # FilterConfig.dump_bits: the dump, once
        self._dump = _dump_buffers(m, n, self.gram, self.config, programs, dev, plan=True) if programs else None
        self._goal = torch.zeros(1, dtype=torch.int32, device=dev)
        self._goal_value = 0  # what _goal holds (a call with the same goal writes nothing: no fill node)
        self._records, self._buf, _ = _record_buffers(self.capacity, dev, self.config)
        # status: the kernels' counters (total, items), then the input passes' range partials (min, max)
        # per program over x's half norms, then over y's (a Gram plan: x's only)
        self._x_parts = -(-m // RANGE_BLOCK)
        y_parts = 0 if self.gram else -(-n // RANGE_BLOCK)
        self._status = torch.zeros(2 + 2 * (self._x_parts + y_parts), dtype=torch.int64, device=dev)
        self._graph = None
        if graph:
            self._capture()

    @property
    def x(self) -> torch.Tensor:
        """The plan's x [m, k] int8 (a view of its padded buffer): write inputs here in place."""
        return self._xp[:, :self.k]

    @property
    def half_norms(self) -> torch.Tensor:
        """The plan's half norms of x [m] int32."""
        return self._h

    @property
    def y(self) -> torch.Tensor:
        """The plan's y [n, k] int8 (cross searches; a Gram plan's y is its x)."""
        return self._yp[:, :self.k]

    @property
    def y_half_norms(self) -> torch.Tensor:
        return self._hy

    def _enqueue(self) -> None:
        """The launches of one call (what the graph holds): the input pass (it zeroes the counters),
        the search (a dump_bits search, unsorted: the search kernel does the input pass itself)."""
        m, n = self.m, self.n
        xp, yp, hy, hmin, perm = self._xp, self._yp, self._hy, None, None
        if self._sorted is not None:  # (then m and n > 0) the search runs on y sorted by half norm
            yp, hy, perm, hmin = sort_by_norm(self._yp, self._hy, self.config.block_n, out=self._sorted,
                                            order=self.config.norm_order)
            if self.gram:
                xp = yp
        if self._dump is not None and perm is None:  # dump_bits: the search does the input pass, reads the goal
            _launch_pair_search(xp, self._h, yp, hy, m, n, 0, self._buf, self._status[:2], self.capacity, self.gram,
                                self.config, dump=self._dump, inputs=(self._goal, self._status))
            return
        # the range pass (it zeroes the counters) writes the row limits h - goal
        _range_pass(hy if self.gram else self._h, None if self.gram else self._hy, self._status, self._goal, self._hxg)
        if m and n:
            _launch_pair_search(xp, self._hxg, yp, hy, m, n, 0, self._buf, self._status[:2], self.capacity, self.gram,
                                self.config, hmin, perm, self._dump)

    def _capture(self) -> None:
        # the warm-up run with a goal no pair meets (the zero inputs would all hit)
        self._goal.fill_(-(2**30))
        self._goal_value = -(2**30)
        self._graph = _capture(self.device, self._enqueue)

    def _copy_in(self, name: str, dst: torch.Tensor, src) -> None:
        if name.endswith("half_norms"):
            if src is not None and src is not dst:
                dst.copy_(_check_vec(name, src, dst.shape[0], self.device))
        else:
            _copy_rows(name, dst, src, self.device)

    def __call__(self, goal: int, x: torch.Tensor | None = None, half_norms: torch.Tensor | None = None,
                 y: torch.Tensor | None = None, y_half_norms: torch.Tensor | None = None, *,
                 deterministic: bool = False) -> PairHits:
        """Run the search with ``goal`` on the given inputs (copied into the plan) or, where one is
        None, on what the plan's buffer holds. Returns ``PairHits`` over the plan's buffers (valid
        until the next call); ``deterministic`` sorts the kept records (one host sync)."""
        _check_goal(goal)
        if self.gram and (y is not None or y_half_norms is not None):
            raise ValueError("y / y_half_norms given to a Gram plan (made without n)")
        self._copy_in("x", self.x, x)
        self._copy_in("half_norms", self._h, half_norms)
        if not self.gram:
            self._copy_in("y", self.y, y)
            self._copy_in("y_half_norms", self._hy, y_half_norms)
        if int(goal) != self._goal_value:
            self._goal.fill_(int(goal))
            self._goal_value = int(goal)
        if self._graph is not None:
            self._graph.replay()
        else:
            self._enqueue()
        hits = PairHits(self._records, self._status[:1], self.capacity, status=self._status, x_parts=self._x_parts)
        return _sort_records(hits, self.n) if deterministic else hits


class BucketPlan:
    """A bucketing of fixed shapes (``bucket``'s semantics), reusable across calls.

    Shapes: ``m`` vectors x against ``n`` centres, rows of length ``k`` (1 <= k <= 192; padded to a
    multiple of 32 inside the plan), lists of ``capacity_per_row`` entries.

    Usage::

        plan = BucketPlan(m, n, k, capacity_per_row)   # on CUDA captured as a graph
        b = plan(x, centres, thresholds)               # copied in: [m, k] int8, [n, k] int8, [m] int32
        plan.x.copy_(x2)                               # or write the inputs in place ...
        b = plan()                                     # ... and run on them

    ``bucket`` allocates its lists, counters and item scratch and launches its kernels (the item pass
    among them) on every call, ~0.2-0.4 ms of host time on the H200's host against ~0.35 ms of GPU
    time at 2^20 x 1024 centres, K = 128 (s122); a plan allocates once and on CUDA replays one
    CUDA graph per call (the fill of its counters, the hot kernel, the item kernels), with no host
    sync. The result is a ``BucketHits`` over the plan's buffers: valid until the plan's next call
    (clone what must outlive it). A plan belongs to one device and stream use at a time.

    Args:
        m, n, k: vectors, centres and row length; capacity_per_row: list length kept per row.
        device: CUDA, or CPU tensors under the Triton interpreter (tests).
        config: kernel choice (default ``DEFAULT_BUCKET_CONFIG``).
        graph: capture a CUDA graph (default: on CUDA). False runs the same launches eagerly.
    """

    def __init__(self, m: int, n: int, k: int, capacity_per_row: int, *, device="cuda",
                 config: FilterConfig | None = None, graph: bool | None = None):
        self.m, self.n = _check_count("m", m), _check_count("n", n)
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 192:
            raise ValueError(f"k must be an int in 1..192, got {k!r}")
        self.k = k
        self.capacity = _check_count("capacity_per_row", capacity_per_row)
        self.config = config or DEFAULT_BUCKET_CONFIG
        if not isinstance(self.config, FilterConfig):
            raise TypeError(f"config must be a FilterConfig, got {type(self.config).__name__}")
        self.device, graph = _plan_device(device, graph, "BucketPlan")
        kp = -(-k // K_ALIGN) * K_ALIGN
        self._xp = torch.zeros((self.m, kp), dtype=torch.int8, device=self.device)  # padding columns stay zero
        self._cp = torch.zeros((self.n, kp), dtype=torch.int8, device=self.device)
        # thresholds start above every |dot| (< 2^22): the warm-up run writes nothing
        self._thr = torch.full((self.m,), 2**30, dtype=torch.int32, device=self.device)
        self._bufs = _bucket_buffers(self.m, self.n, self.capacity, self.config, self.device, True)
        self._graph = None
        if graph:
            self._graph = _capture(self.device, self._enqueue)

    @property
    def x(self) -> torch.Tensor:
        """The plan's x [m, k] int8 (a view of its padded buffer): write inputs here in place."""
        return self._xp[:, :self.k]

    @property
    def centres(self) -> torch.Tensor:
        """The plan's centres [n, k] int8 (a view of its padded buffer)."""
        return self._cp[:, :self.k]

    @property
    def thresholds(self) -> torch.Tensor:
        """The plan's thresholds [m] int32 (2^30 until set: no hits)."""
        return self._thr

    def _enqueue(self) -> None:
        """One call's work (what the graph holds): the counters zeroed, then ``bucket``'s kernels."""
        self._bufs.zeros.zero_()
        _launch_bucket(self._xp, self._cp, self._thr, self.m, self.n, self.capacity, self._bufs, self.config)

    def __call__(self, x: torch.Tensor | None = None, centres: torch.Tensor | None = None,
                 thresholds: torch.Tensor | None = None, *, deterministic: bool = False) -> BucketHits:
        """Bucket the given inputs (copied into the plan) or, where one is None, what the plan's buffer
        holds. Returns ``BucketHits`` over the plan's buffers (valid until the next call);
        ``deterministic`` sorts each row's kept entries by centre id (as ``bucket``; new tensors)."""
        _copy_rows("x", self.x, x, self.device)
        _copy_rows("centres", self.centres, centres, self.device)
        if thresholds is not None and thresholds is not self._thr:
            self._thr.copy_(_check_vec("thresholds", thresholds, self.m, self.device))
        if self._graph is not None:
            self._graph.replay()
        else:
            self._enqueue()
        b = self._bufs
        ids, signs = (b.ids, b.signs)
        if deterministic and b.masks:
            ids, signs = _sorted_lists(ids, signs, b.counts)
        return BucketHits(ids, signs, b.counts, self.capacity)
