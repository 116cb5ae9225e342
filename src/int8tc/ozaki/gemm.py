"""FP64 GEMM emulated on INT8 tensor cores, Ozaki scheme I: launchers, plan and public API.

Pipeline on CUDA (no host synchronisation, no allocation once the workspace exists):

1. ``scale_and_split``: for row scaling one kernel per operand finds each row's max |x| and
   writes all S INT8 slices, padded to the GEMM tile (matrix scaling: max-abs, scale and split
   kernels).
2. ``diagonal_gemm``: for every kept anti-diagonal d, the exact INT32 sum W[d] = sum_{i+j=d}
   A_i B_j^T (one K loop over the concatenated pairs): on sm_90 one launch of the warp-specialised
   Gluon kernel for all diagonals (``_kernels/gemm_ws.py``), elsewhere one Triton launch per diagonal.
3. ``reconstruct``: C = (f^A f^B^T) * sum_d W[d] / 254^d in FP64, C written once.

K is cut into chunks when an INT32 diagonal sum could overflow; chunk results are added in FP64.
On CPU tensors the NumPy reference runs instead (same arithmetic). The one-shot ``gemm_fp64``
splits B on a side stream while A is split (``int8tc._streams``).
"""

from __future__ import annotations

import torch

from .._checks import accepts_dlpack, check_2d, device_constant
from .._streams import DeferredB
from . import reference
from .scheme import (
    Config,
    diagonal_weights,
    check_scaling,
    check_splits,
    k_chunk as k_chunk_limit,
    resolve_diagonals,
)

#: Config used by the CPU interpreter tests (small tiles keep the interpreter fast).
SMALL_CONFIG = Config(block_m=16, block_n=16, block_k=32, group_m=2, num_warps=4, num_stages=2, persistent=False,
                      ws=False)
#: H200 default (benchmarks/NOTES.md, 2026-11-30): persistent grid, TMA loads, 256x128x128 tiles,
#: 8 warps, 3 stages: 1209 TOPS as a plain INT8 GEMM at 8192^3 and 1018 at 4096^3, against 1056 /
#: 924 for one program per 128x256 tile and 960 / 854 for cuBLASLt. (128x256 tiles do not fit
#: in shared memory in the persistent variant.)
#: On sm_90 its products run on the warp-specialised Gluon kernel instead (``Config.ws``, ``_ws.WS_TILES``:
#: 1506 TOPS at 8192^3 in the seventeenth session, benchmarks/NOTES.md 69); the tiles above are the Triton
#: kernel's, for other GPUs.
DEFAULT_CONFIG = Config()


def _ceil_to(x: int, m: int) -> int:
    return -(-x // m) * m


def _check_matrix(name: str, x, device: torch.device | None = None) -> None:
    check_2d(name, x, torch.float64, device)


class OzakiGemm(DeferredB):
    """A plan for C = A @ B with a fixed B: B's INT8 slices, scales and workspaces are kept.

    ``plan = OzakiGemm(b, splits=4); c = plan(a)`` computes ``a @ b`` for any ``a`` [M, K] on
    b's device. On CUDA no allocation happens after the first call with a given M (the
    workspace is kept per M; a new M reallocates it), and nothing synchronises with the host.

    Args:
        b: [K, N] float64 tensor (any strides; CUDA or CPU).
        splits: S, INT8 slices per operand (1..16).
        diagonals: keep slice pairs with i + j < diagonals (default min(S, 7): S(S+1)/2 products
            up to S = 7, see ``scheme.resolve_diagonals``; ``"all"``: all S^2).
        scaling: ``"row"`` (default: power-of-two scale per row of A and column of B) or
            ``"matrix"`` (the seed's per-matrix scale, s_0 = Xmax / 127). Row scaling was at least
            as accurate on every input measured (randn, uniform, rows spanning 2^-30..2^30) and
            is the one that keeps small rows when magnitudes differ.
        config: GEMM tile configuration (tests pin a small one).
        backend: ``"auto"`` (Triton kernels on CUDA, NumPy reference on CPU), ``"reference"``
            or ``"triton"`` (also on CPU tensors under ``TRITON_INTERPRET=1``, for tests).
        k_chunk: K per INT32 accumulation (default: the largest that cannot overflow; a multiple
            of the config's block_k). Chunk results are summed in FP64.

    Non-finite inputs are not checked (that would need a host sync): they propagate as NaN to
    the whole C (``"matrix"``) or to the affected rows of C / columns of C (``"row"``), never as
    a finite wrong answer.
    """

    def __init__(self, b: torch.Tensor, splits: int = 4, *, diagonals: int | str | None = None,
                 scaling: str = "row", config: Config | None = None, backend: str = "auto",
                 k_chunk: int | None = None, _defer_b: bool = False):
        _check_matrix("b", b)
        if backend not in ("auto", "reference", "triton"):
            raise ValueError(f"backend must be 'auto', 'reference' or 'triton', got {backend!r}")
        if b.device.type not in ("cuda", "cpu"):
            raise ValueError(f"b must be on a CUDA or CPU device, got {b.device}")
        if backend == "auto":
            backend = "triton" if b.device.type == "cuda" else "reference"
        if backend == "reference" and b.device.type != "cpu":
            raise ValueError("backend='reference' runs on CPU tensors; move the operands with .cpu()")
        self.backend = backend
        self.splits = check_splits(splits)
        self.diagonals = resolve_diagonals(splits, diagonals)
        self.scaling = check_scaling(scaling)
        self.config = config or DEFAULT_CONFIG
        self.k, self.n = b.shape
        self.device = b.device
        self._b = b
        limit = k_chunk_limit(self.splits, self.diagonals, self.config.pad_k)
        if k_chunk is None:
            k_chunk = limit
        elif not (isinstance(k_chunk, int) and 0 < k_chunk <= limit and k_chunk % self.config.pad_k == 0):
            raise ValueError(f"k_chunk must be a positive multiple of {self.config.pad_k} (the K tile) and at most "
                             f"{limit} (INT32 bound for splits={self.splits}, diagonals={self.diagonals}), got {k_chunk}")
        self._kchunk = k_chunk
        self._a_ws: dict | None = None
        #: the one-shot path (``gemm_fp64``) splits B on a side stream (``_streams.DeferredB``)
        self._b_deferred = bool(_defer_b)
        if backend == "triton" and self.k > 0 and self.n > 0:
            self._prepare_b()

    # ---- CUDA path -------------------------------------------------------------------------
    def _padded(self, m: int) -> tuple[int, int, int]:
        cfg = self.config
        return _ceil_to(max(m, 1), cfg.pad_m), _ceil_to(max(self.n, 1), cfg.pad_n), _ceil_to(max(self.k, 1), cfg.pad_k)

    def _prepare_b(self) -> None:
        from ._launch import ScaleBuffers

        _, np_, kp = self._padded(1)
        self._qb = torch.empty((self.splits, np_, kp), dtype=torch.int8, device=self.device)
        self._sb = ScaleBuffers(self.n, self.device)
        self._weights = device_constant(diagonal_weights(self.diagonals), torch.float64, self.device)
        if not self._b_deferred:
            self.update_b(self._b)

    def _b_passes(self) -> None:
        """B's split (``DeferredB``: a one-shot call may run it on a side stream)."""
        self.update_b(self._b)

    def update_b(self, b: torch.Tensor) -> None:
        """Re-slice B in place from ``b`` (same shape, dtype and device; new values)."""
        from ._launch import scale_and_split

        _check_matrix("b", b, self.device)
        if tuple(b.shape) != (self.k, self.n):
            raise ValueError(f"b must keep shape {(self.k, self.n)}, got {tuple(b.shape)}")
        self._b = b
        if self.backend != "triton" or self.k == 0 or self.n == 0:
            return
        bt = b.t()  # [N, K] view: column j of B is row j
        scale_and_split(bt, self.scaling, self._sb, self._qb, self.splits, self.config.fused_split,
                        self.config.split_b)

    def _workspace(self, m: int) -> dict:
        ws = self._a_ws
        if ws is None or ws["m"] != m:
            from ._launch import ScaleBuffers

            mp, np_, kp = self._padded(m)
            ws = {
                "m": m,
                "qa": torch.empty((self.splits, mp, kp), dtype=torch.int8, device=self.device),
                "w": None if self.config.fused_recon else
                torch.empty((self.diagonals, mp, np_), dtype=torch.int32, device=self.device),
                "sa": ScaleBuffers(m, self.device),
            }
            self._a_ws = ws
        return ws

    def __call__(self, a: torch.Tensor, out: torch.Tensor | None = None) -> torch.Tensor:
        """C = a @ b. a: [M, K] float64 on b's device; out: optional [M, N] float64 (any strides)."""
        _check_matrix("a", a, self.device)
        m, k = a.shape
        if k != self.k:
            raise ValueError(f"a has K={k} columns but b has K={self.k} rows")
        if out is not None:
            _check_matrix("out", out, self.device)
            if tuple(out.shape) != (m, self.n):
                raise ValueError(f"out must have shape {(m, self.n)}, got {tuple(out.shape)}")
            if any(s == 0 and n > 1 for s, n in zip(out.stride(), out.shape)):
                raise ValueError(f"out must not overlap itself (stride {out.stride()})")
        else:
            out = torch.empty((m, self.n), dtype=torch.float64, device=self.device)
        if m == 0 or self.n == 0:
            return out
        if k == 0:
            return out.zero_()
        if self.backend == "reference":
            c = reference.gemm(a.numpy(), self._b.numpy(), self.splits, self.diagonals, self.scaling,
                               k_chunk=self._kchunk)
            out.copy_(torch.from_numpy(c))
            return out
        return self._run_triton(a, out)

    def _run_triton(self, a: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
        from ._launch import diagonal_gemm, diagonal_gemm_recon, reconstruct, scale_and_split

        m = a.shape[0]
        ws = self._workspace(m)
        scale_and_split(a, self.scaling, ws["sa"], ws["qa"], self.splits, self.config.fused_split,
                        self.config.split_a)
        self._join_b()  # B's slices, if a one-shot call split them on a side stream
        kp = ws["qa"].shape[2]
        for k0 in range(0, kp, self._kchunk):
            k_len = min(self._kchunk, kp - k0)
            if self.config.fused_recon:
                diagonal_gemm_recon(ws["qa"], self._qb, ws["sa"], self._sb, out, m, self.n, self._weights,
                                    self.splits, k0, k_len, self.config, accumulate=k0 > 0)
                continue
            diagonal_gemm(ws["qa"], self._qb, ws["w"], self.diagonals, self.splits, k0, k_len, self.config)
            reconstruct(ws["w"], ws["sa"], self._sb, out, m, self.n, self._weights, accumulate=k0 > 0)
        return out

    def capture(self, a: torch.Tensor, out: torch.Tensor, include_b: bool = False) -> "torch.cuda.CUDAGraph":
        """Record ``self(a, out=out)`` (and B's re-slicing if ``include_b``) as a CUDA graph.

        ``graph.replay()`` then recomputes out = a @ b from the current contents of ``a`` (and
        ``b``) with one launch from the host. The buffers must stay alive and keep their addresses.
        """
        if self.backend != "triton" or self.device.type != "cuda":
            raise ValueError("capture() needs the Triton backend on a CUDA device")
        # warm up outside the capture: compiles the kernels and allocates the workspace
        side = torch.cuda.Stream(self.device)
        side.wait_stream(torch.cuda.current_stream(self.device))
        with torch.cuda.stream(side):
            if include_b:
                self.update_b(self._b)
            self(a, out=out)
        torch.cuda.current_stream(self.device).wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            if include_b:
                self.update_b(self._b)
            self(a, out=out)
        return graph


@accepts_dlpack
def gemm_fp64(a: torch.Tensor, b: torch.Tensor, splits: int = 4, *, diagonals: int | str | None = None,
              scaling: str = "row", out: torch.Tensor | None = None, config: Config | None = None,
              backend: str = "auto") -> torch.Tensor:
    """C = A @ B in FP64, emulated with INT8 slices (Ozaki scheme I).

    Args:
        a: [M, K] float64, b: [K, N] float64, same device (CUDA, or CPU for the NumPy
            reference); any strides (a column-major matrix is just ``x.t()`` of a row-major one).
        splits: S, INT8 slices per operand, 1..16. Error falls about 254x per split.
        diagonals: keep pairs i + j < diagonals (default min(S, 7); ``"all"`` keeps all S^2).
        scaling: ``"row"`` (default; power-of-two per row of A / column of B) or ``"matrix"``
            (the seed's per-matrix s_0 = Xmax / 127).
        out: optional [M, N] float64 output (any strides).

    Returns:
        [M, N] float64.
    """
    _check_matrix("a", a)
    _check_matrix("b", b, a.device)
    if a.shape[1] != b.shape[0]:
        raise ValueError(f"inner dimensions differ: a is {tuple(a.shape)}, b is {tuple(b.shape)}")
    from .._streams import joined

    plan = OzakiGemm(b, splits, diagonals=diagonals, scaling=scaling, config=config, backend=backend, _defer_b=True)
    plan._fork_b(a.shape[0])  # B's split overlaps A's where that pays (``_streams``)
    with joined(plan):
        return plan(a, out=out)


__all__ = ["OzakiGemm", "gemm_fp64", "SMALL_CONFIG", "DEFAULT_CONFIG"]
