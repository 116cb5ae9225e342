"""Ozaki scheme II on the GPU: plan and public function (``"fast"`` scaling; ``"accurate"``
replaces step 1 for A by ``_kernels/accurate.py``).

Pipeline (CUDA, or CPU tensors under ``TRITON_INTERPRET=1`` with ``backend="triton"``):
1. row maxima of A and of B's columns (Ozaki-I's max-abs kernel), then exact integer bounds of
   the row/column 2-norms (``norm_bound``), exponents -> scale shifts (Cauchy-Schwarz, see
   ``reference.scale_exponents``);
2. ``residue_split``: one pass per operand writes the N symmetric INT8 residues of the scaled
   integer operand (exact FP64 arithmetic, no integer division);
3. ``modular_gemm``: a persistent TMA INT8 GEMM over (modulus, tile) that reduces each INT32
   result mod p in its epilogue and writes one byte per entry and modulus (on sm_90 the
   warp-specialised Gluon kernel of ``ozaki/_kernels/gemm_ws.py``, elsewhere the Triton one);
4. ``crt``: chunked exact CRT to FP64 and the power-of-two unscaling, C written once.
No host synchronisation. A row of A (column of B) holding inf or NaN makes its whole row
(column) of C NaN, as in the reference (native DGEMM would give inf or NaN there).
"""

from __future__ import annotations

import math

import numpy as np
import torch
import triton

from .._checks import accepts_dlpack, check_2d, device_constant
from .._jit_helpers import f64_bits
from .._launcher import launch
from .._streams import DeferredB
from ..ozaki._ws import WS_TILES, ws_gemm, ws_supported
from . import reference
from .moduli import CHUNK_BITS, check_moduli, chunks, crt_constants
from .reference import check_budget, half_bits

#: same tiles as Ozaki-I's measured default (persistent TMA, 256x128x128, 8 warps, 3 stages)
BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, NUM_WARPS, NUM_STAGES = 256, 128, 128, 8, 8, 3
SMALL_TILES = (16, 16, 32, 2, 4, 2)
#: the guard GEMM's tiles (they divide the residue planes' padding: rows to BLOCK_M, columns to BLOCK_N) and
#: its persistent programs per SM. The kernel takes ~254 registers at every tile (sm_90a), so 8 warps fit one
#: block per SM and 4 warps two. 128 x 64 x 4 warps, 2 per SM (sixteenth session, benchmarks/tune_guard.py,
#: kernel time, 16 moduli, same counts): strided pass 0.279 ms at 8192^3 against 0.488 for 128 x 64 x 8 warps
#: and 0.473 for 128 x 128 x 8 (that one spills 832 bytes), full K 1.36 against 2.24 / 1.60 ms; at 4096^3
#: 0.110 against 0.117 / 0.124 and 0.189 against 0.288 / 0.233 (NOTES.md 68)
GUARD_TILES = (128, 64, 128, 8, 4, 3)
GUARD_PROGRAMS_PER_SM = 2
#: the accurate scaling's bound product (a full-K INT8 GEMM with a row-max epilogue)
BOUND_TILES = (128, 128, 128, 8, 8, 3)
#: the guard's first pass multiplies the floors of every GUARD_STRIDE-th k (for K >= GUARD_STRIDE_MIN_K):
#: on randn the bound's ratio E / (u L) is ~0.1 sqrt(K) against the test's 2 sqrt(K), so an 8x
#: smaller L still passes with ~2.5x margin; inputs that fail it run the full product
GUARD_STRIDE, GUARD_STRIDE_MIN_K = 8, 2048
#: the 7-bit bound plane of the accurate scaling
BOUND_BLOCK_R, BOUND_BLOCK_K = 32, 128
#: residue-split tile (block_r, block_k, num_warps): 8 x 128 with 4 warps. The earlier 32 x 128
#: spilled for sm_90a (NOTES.md 51); on the H200 (eighth session, guarded split of A, 15 moduli)
#: 8 x 128 x 4 took 0.579 ms at 8192^2 against 1.135 for 32 x 128 x 4 (0.168 against 0.290 at
#: 4096^2; 16 x 64 x 4: 0.650 / 0.164; 32 x 128 x 8: 0.798 / 0.223), residues bit-identical
#: (benchmarks/results/tune_ozaki2_session8_h200_2026-11-30.csv, NOTES.md 53)
SPLIT_TILES = (8, 128, 4)
#: the choices benchmarks/tune_ozaki2.py times (the default first)
SPLIT_TILE_CHOICES = (SPLIT_TILES, (32, 128, 4), (16, 64, 4), (32, 128, 8))
#: the norm bounds of the scaling: 16 x 64 (eighth session: A's scales with the L1 ceilings at 8192^2
#: 0.42 ms against 0.78 for 32 x 128, NOTES.md 53)
NORM_BLOCK_R, NORM_BLOCK_K, NORM_CHUNK_K = 16, 64, 1024
SCALE_BLOCK = 1024
#: the row-owning scales kernel's tile (rows per program, columns per step)
ROW_SCALES_BLOCK_R, ROW_SCALES_BLOCK_K = 8, 128
#: the longest K it takes (rows contiguous, rows strided); ``OzakiIIGemm.fused_scales``
ROW_SCALES_MAX_K = (8192, 2048)
#: the scales + residues kernel (``scale_split_rows_kernel``, ``OzakiIIGemm.fused_split``): each step covers
#: FUSED_SPLIT_ELEMENTS entries, min(FUSED_SPLIT_MAX_K, next_power_of_2(Kp)) columns of 1024 / that many rows,
#: with FUSED_SPLIT_WARPS warps. Twenty-first session (H200, benchmarks/tune_scale_split.py, 16 moduli with the
#: guard's data, bytes equal): rows of A, 1 x 1024 against the two-step path 0.200 / 0.257 ms at 4096^2,
#: 0.796 / 0.958 at 8192^2, 0.218 / 0.295 at 2048 x 8192, 1.03 / 1.13 at 1056 x 65536, 0.184 / 0.237 at 16384 x 1024
#: (4 x 256: 0.176); at 131072 x 256, 4 x 256 0.347 and 8 x 128 0.330 against 0.448 (1 x 1024 there: 1.24, the
#: block mostly past K); column-major views (B^T) ran 6-40% slower than the two-step path at every tile
FUSED_SPLIT_ELEMENTS, FUSED_SPLIT_MAX_K, FUSED_SPLIT_WARPS = 1024, 1024, 4
#: "auto" fuses for rows-contiguous operands whose grid gives at least this many programs per SM
FUSED_SPLIT_MIN_PROGRAMS_PER_SM = 4


def fused_split_tile(kp: int) -> tuple[int, int, int]:
    """(rows per program, columns per step, warps) of scale_split_rows_kernel for Kp padded columns."""
    bk = min(FUSED_SPLIT_MAX_K, triton.next_power_of_2(max(kp, 1)))
    return max(1, FUSED_SPLIT_ELEMENTS // bk), bk, FUSED_SPLIT_WARPS
#: the exponent that marks a row/column holding inf or nan (``_kernels.kernels.NONFINITE``)
NONFINITE_EXPONENT = -(1 << 40)
#: CRT tile: 16x64 with 4 warps. Eighth session, 8192^3, 15 moduli: 0.73 ms as a phase against
#: 0.98 for 32x32, and the guarded one-shot product, alternated twice, 18.81 / 17.40 ms against
#: 19.04 / 18.15 (same at 4096^3: 2.89 / 2.89); the fifth session's single end-to-end run that
#: kept 32x32 (NOTES 43) was within the run-to-run spread (NOTES.md 53)
CRT_BLOCK_M, CRT_BLOCK_N, CRT_WARPS = 16, 64, 4
#: one INT32 residue sum: K 128^2 <= 2^31 - 1
K_RESIDUE_MAX = (2**31 - 1) // (128 * 128)


def _ceil_to(x: int, m: int) -> int:
    return -(-x // m) * m


class OzakiIIGemm(DeferredB):
    """C = A @ B with a fixed B by Ozaki scheme II with ``moduli`` moduli (16: FP64 grade).

    Args:
        b: [K, N] float64 (any strides), CUDA (or CPU: NumPy reference).
        moduli: N in 2..20; one INT8 GEMM per modulus.
        scaling: ``"fast"`` (Cauchy-Schwarz, the default) or ``"accurate"`` (A's rows from an
            INT8 product of 7-bit bounds of |A| and |B|, ``_kernels/accurate.py``: one extra
            full-size INT8 product per call, +1.3-1.5 ms at 8192^3; in the NumPy reference
            within noise of "fast" on randn and not decisive on the structured inputs measured,
            so not the default).
        backend: ``"auto"``, ``"reference"`` or ``"triton"``.
        small_tiles: tiny tiles for interpreter tests.
        k_chunk: K per INT32 residue sum (default the largest safe multiple of the K tile; chunk
            residues are added mod p).
        transpose_b: copy B^T to row-major once before its residue split. Default off.
            It measured 3.07 against 4.11 ms for a guarded B plan at 8192^2, 15 moduli, before
            the conversion-free split (NOTES 33); after it, 2.59 against 2.51 ms, and the guarded
            one-shot product 19.33 against 18.53 ms (NOTES 43); without bounds it was always
            within noise.
        bounds: also keep what ``guard_failures`` needs (the L1 norms and, as an extra residue
            plane, the 7-bit floors of |A| and |B|, from the same passes over the operands).
        guard_stride: with ``bounds``, the guard first multiplies the floors of every
            guard_stride-th k only (a smaller lower bound of |A||B|, so a stricter test) and runs
            the full product only when that finds failures; same decision, ~1/guard_stride of the
            cost on inputs that pass. Default: GUARD_STRIDE from K >= GUARD_STRIDE_MIN_K, else 1.

    Tuning attributes (read at each call; every choice gives the same bits): ``split_tiles`` and
    ``crt_tiles`` (the residue split's and the CRT's tiles), ``scales_kernel`` ("auto", "fused" or
    "chunked": which kernels compute the operands' scales, see ``fused_scales``; B's were computed
    when the plan was built).
    """

    def __init__(self, b: torch.Tensor, moduli: int = 16, *, scaling: str = "fast", backend: str = "auto",
                 small_tiles: bool = False, k_chunk: int | None = None, transpose_b: bool = False,
                 bounds: bool = False, guard_stride: int | None = None, _defer_b: bool = False):
        check_2d("b", b, torch.float64)
        self.transpose_b = bool(transpose_b)
        self.bounds = bool(bounds)
        if guard_stride is None:
            guard_stride = GUARD_STRIDE if b.shape[0] >= GUARD_STRIDE_MIN_K else 1
        if isinstance(guard_stride, bool) or not isinstance(guard_stride, int) or guard_stride < 1:
            raise ValueError(f"guard_stride must be a positive int, got {guard_stride!r}")
        self.guard_stride = guard_stride
        self.n_moduli = check_moduli(moduli)
        if scaling not in reference.SCALINGS:
            raise ValueError(f"scaling must be one of {reference.SCALINGS}, got {scaling!r}")
        if backend not in ("auto", "reference", "triton"):
            raise ValueError(f"backend must be 'auto', 'reference' or 'triton', got {backend!r}")
        if backend == "auto":
            backend = "triton" if b.device.type == "cuda" else "reference"
        check_budget(self.n_moduli, b.shape[0])
        if bounds and scaling != "fast":
            raise ValueError("bounds (the dgemm guard's data) need scaling='fast'")
        self.backend, self.scaling, self.device = backend, scaling, b.device
        self.k, self.n = b.shape
        self._b = b
        self.tiles = SMALL_TILES if small_tiles else (BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, NUM_WARPS, NUM_STAGES)
        #: the modular products on the warp-specialised Gluon kernel (``ozaki/_ws.py``, sm_90 only;
        #: same residues as modular_gemm_kernel, bit for bit): the residue planes are then padded
        #: to its tiles too. Seventeenth session (H200, benchmarks/tune_ws_gemm.py, 16 moduli):
        #: 1.64 against 1.82 ms at 4096^3, 14.2-14.5 against 15.2 ms at 8192^3
        self.ws = (not small_tiles) and backend == "triton" and ws_supported(b.device)
        #: the guard GEMM's and the accurate scaling's product tiles: they divide the residue planes'
        #: padding (rows to BLOCK_M, columns to BLOCK_N)
        self.guard_tiles = SMALL_TILES if small_tiles else GUARD_TILES
        self.bound_tiles = SMALL_TILES if small_tiles else BOUND_TILES
        self.guard_programs_per_sm = GUARD_PROGRAMS_PER_SM
        self._ws = None
        self._count_host = None  # pinned [1] int64 for guarded()'s count (made on first use)
        #: CRT tile (block_m, block_n, num_warps); benchmarks/tune_ozaki2.py measures the choices
        self.crt_tiles = (CRT_BLOCK_M, CRT_BLOCK_N, CRT_WARPS)
        #: residue-split tile (block_r, block_k, num_warps); SPLIT_TILE_CHOICES lists the candidates
        self.split_tiles = SPLIT_TILES
        #: which kernels compute the operands' scales: "auto" (``fused_scales``), "fused" or "chunked"
        self.scales_kernel = "auto"
        #: scales and residues of an operand in one launch: "auto" (``fused_split``), "fused" or "separate"
        #: (the scales by ``scales_kernel``'s choice, then the residue split); same bytes either way
        self.split_kernel = "auto"
        #: the fused kernel's tile (rows per program, columns per step, warps); None: ``fused_split_tile``'s
        self.fused_split_tiles = None
        from ..ozaki._launch import _num_programs

        self._sms = _num_programs(b.device)
        bk = self.tiles[2]
        limit = (K_RESIDUE_MAX // bk) * bk
        if k_chunk is not None and not (isinstance(k_chunk, int) and 0 < k_chunk <= limit and k_chunk % bk == 0):
            raise ValueError(f"k_chunk must be a positive multiple of {bk} and at most {limit}, got {k_chunk!r}")
        self._kchunk = k_chunk or limit
        #: one-shot calls run B's passes on a side stream (``_streams.DeferredB``, "fast" scaling only)
        self._b_deferred = _defer_b and scaling == "fast"
        if backend == "triton" and self.k and self.n:
            self._prepare()

    # ---- GPU path ----------------------------------------------------------------------------
    def _prepare(self) -> None:
        ps, big_p, w, nchunk = crt_constants(self.n_moduli)
        bm, bn, bk = self.tiles[:3]
        self.g_a, self.g_b = half_bits(self.n_moduli)
        self.kp = _ceil_to(self.k, max(bk, WS_TILES.block_k) if self.ws else bk)
        self.np_ = _ceil_to(self.n, max(bn, WS_TILES.block_n) if self.ws else bn)
        self._p = device_constant(ps, torch.int64, self.device)
        self._pf = device_constant([v for p in ps for v in (1.0 / p, float(2**31 % p))], torch.float64, self.device)
        consts = [v for wk in w for v in chunks(wk, nchunk)] + chunks(big_p, nchunk)
        consts += [2.0 ** (CHUNK_BITS * c) / big_p for c in range(nchunk)]  # as the reference computes them
        self._consts = device_constant(consts, torch.float64, self.device)
        self._nchunk = nchunk
        self._rb = torch.empty((self.n_moduli + self.bounds, self.np_, self.kp), dtype=torch.int8, device=self.device)
        self._sb = torch.empty(self.n, dtype=torch.int64, device=self.device)
        self._rows_b = self._row_buffers(self.n)
        self._fs_b = self._sub_floors(self.np_)
        if not self._b_deferred:
            self._b_passes()

    def _b_passes(self) -> None:
        """B's scales and residue split (and, for the accurate scaling, its bound plane)."""
        # B's columns are the rows of B^T; a row-major B makes that a strided view whose residue
        # split needs a layout conversion per modulus (NOTES 19); transpose_b copies B^T once instead
        bt = self._b.t().contiguous() if self.transpose_b and self._b.stride(0) != 1 else self._b.t()
        self._scale_split(bt, self.g_b, self._sb, self._rows_b, self._rb, self._fs_b)
        if self.scaling == "accurate":  # B's 7-bit bounds and t_j = eb_j + sb_j, for A's exponents
            self._ub = torch.empty((self.np_, self.kp), dtype=torch.int8, device=self.device)
            self._bound_plane(bt, self._rows_b[0], self._ub, self._rows_b[1])
            biased = (self._rows_b[0] >> 52) & 0x7FF
            eb = torch.where(biased == 0, -1021, biased - 1022)
            self._tb = torch.where(self._rows_b[0] == 0, 0, eb) + self._sb

    def _bound_plane(self, x: torch.Tensor, bits: torch.Tensor, out: torch.Tensor, rowsum: torch.Tensor) -> None:
        """out [Rp, Kp] int8 := 7-bit upper bounds of |x| (``reference.bound_int8``), rowsum [R] := their row sums."""
        from ._kernels.accurate import bound_plane_kernel

        r, k = x.shape
        rp, kp = out.shape
        rowsum.zero_()
        grid = (triton.cdiv(rp, BOUND_BLOCK_R), triton.cdiv(kp, BOUND_BLOCK_K))
        launch(bound_plane_kernel, grid, x, x.stride(0), x.stride(1), bits, out, rowsum, r, k, rp, kp,
               BLOCK_R=BOUND_BLOCK_R, BLOCK_K=BOUND_BLOCK_K, num_warps=4, enable_fp_fusion=False)

    def _accurate_scales(self, a: torch.Tensor, sa: torch.Tensor, rows: tuple, ua: torch.Tensor) -> None:
        """sa [M] := ``reference.accurate_a_exponents`` for a (NONFINITE on rows with inf/nan):
        row maxima, A's bounds plane, U = ua ub^T with a row-max epilogue, the exponents. Four
        launches (and two zero fills), no host synchronisation."""
        from ..ozaki._launch import absmax_rows
        from ._kernels.accurate import accurate_scale_kernel, bound_product_kernel

        m = a.shape[0]
        bits, rowsum, mmax = rows
        absmax_rows(a, bits)
        self._bound_plane(a, bits, ua, rowsum)
        mmax.zero_()
        bm, bn, bk, gm, nw, ns = self.bound_tiles
        mp = ua.shape[0]
        da, db, nprog = self._plane_product_setup(ua, self._ub, self.bound_tiles)
        launch(bound_product_kernel, (nprog,), da, db, self._tb, mmax.view(torch.int64), m, self.n, mp, self.np_,
               self.kp, K_CHUNK=self._kchunk, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=gm, NUM_PROGRAMS=nprog,
               num_warps=nw, num_stages=ns, enable_fp_fusion=False)
        launch(accurate_scale_kernel, (triton.cdiv(m, SCALE_BLOCK),), bits, rowsum, mmax.view(torch.int64), sa, m,
               f64_bits(reference.accurate_budget(self.n_moduli, self.k)), MAX_BITS=reference.MAX_OPERAND_BITS,
               BLOCK=SCALE_BLOCK, num_warps=4, enable_fp_fusion=False)

    def _plane_product_setup(self, a_plane: torch.Tensor, b_plane: torch.Tensor, tiles: tuple, per_sm: int = 1):
        """TMA descriptors over two int8 planes [Mp, Kq] and [Np, Kq] in ``tiles`` (the guard's or
        the accurate scaling's INT8 product) and the persistent program count (``per_sm`` per SM at most)."""
        from triton.tools.tensor_descriptor import TensorDescriptor

        from ..ozaki._launch import _num_programs

        bm, bn, bk = tiles[:3]
        (mp, kq), np_ = a_plane.shape, b_plane.shape[0]
        da = TensorDescriptor(a_plane, [mp, kq], [kq, 1], [bm, bk])
        db = TensorDescriptor(b_plane, [np_, kq], [kq, 1], [bn, bk])
        return da, db, min(per_sm * _num_programs(self.device), (mp // bm) * (np_ // bn))

    def _row_buffers(self, r: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """(row max bits, squared 7-bit norm bound) [R] int64 and the L1 bound [R] float64 of one operand."""
        return (torch.empty(r, dtype=torch.int64, device=self.device), torch.empty(r, dtype=torch.int64, device=self.device),
                torch.empty(r, dtype=torch.float64, device=self.device))

    def _scales(self, x: torch.Tensor, g: int, s: torch.Tensor, rows: tuple) -> None:
        """s [R] int64 := per-row shifts (``reference.cs_exponents``: 2^s |x_r|_2 <= 2^(g/2),
        max |x_r| 2^s <= 2^62; the reference's integers), NONFINITE for rows with inf/nan; with
        ``bounds`` also the guard's L1 ceilings. No host synchronisation: one launch of the
        row-owning kernel where it is the faster (``fused_scales``), else the K-chunked kernels
        (max, bounds with atomics, exponents: three launches, two fills)."""
        from ._kernels.kernels import cs_scale_kernel, norm_bound_kernel, row_scales_kernel

        r, k = x.shape
        bits, n, l1 = rows
        if self.fused_scales(x):
            launch(row_scales_kernel, (triton.cdiv(r, ROW_SCALES_BLOCK_R),), x, x.stride(0), x.stride(1), bits, n, l1, s,
                   r, k, g, WITH_L1=self.bounds, L1_BITS=reference.L1_BITS, BLOCK_R=ROW_SCALES_BLOCK_R,
                   BLOCK_K=ROW_SCALES_BLOCK_K, num_warps=4, enable_fp_fusion=False)
            return
        from ..ozaki._launch import absmax_rows

        absmax_rows(x, bits)
        n.zero_()
        if self.bounds:
            l1.zero_()
        grid = (triton.cdiv(r, NORM_BLOCK_R), max(1, triton.cdiv(k, NORM_CHUNK_K)))
        launch(norm_bound_kernel, grid, x, x.stride(0), x.stride(1), bits, n, l1, r, k, WITH_L1=self.bounds,
               L1_BITS=reference.L1_BITS, CHUNK_K=NORM_CHUNK_K, BLOCK_R=NORM_BLOCK_R, BLOCK_K=NORM_BLOCK_K, num_warps=4,
               enable_fp_fusion=False)
        launch(cs_scale_kernel, (triton.cdiv(r, SCALE_BLOCK),), bits, n, s, r, g, BLOCK=SCALE_BLOCK, num_warps=4)

    def fused_scales(self, x: torch.Tensor) -> bool:
        """Whether the scales of x [R, K] (A, or B^T) come from the one-launch row-owning kernel
        (``scales_kernel``: "auto", "fused" or "chunked"). "auto" takes it where it measured
        faster on the H200 (``benchmarks/tune_row_scales.py``, nineteenth session): at least two
        programs per SM, and K <= ROW_SCALES_MAX_K (8192 where rows are contiguous, 2048 for a
        column-major view such as B^T of a row-major B); with few rows and long K it ran up to 12x
        slower than the K-chunked kernels, which spread over K as well."""
        if self.scales_kernel not in ("auto", "fused", "chunked"):
            raise ValueError(f"scales_kernel must be 'auto', 'fused' or 'chunked', got {self.scales_kernel!r}")
        if self.scales_kernel != "auto":
            return self.scales_kernel == "fused"
        r, k = x.shape
        max_k = ROW_SCALES_MAX_K[0] if x.stride(1) == 1 else ROW_SCALES_MAX_K[1]
        return triton.cdiv(r, ROW_SCALES_BLOCK_R) >= 2 * self._sms and k <= max_k

    def fused_split(self, x: torch.Tensor) -> bool:
        """Whether x [R, K] (A, or B^T) gets its scales and residues from one launch of the
        row-owning ``scale_split_rows_kernel`` (``split_kernel``: "auto", "fused" or "separate")."""
        if self.split_kernel not in ("auto", "fused", "separate"):
            raise ValueError(f"split_kernel must be 'auto', 'fused' or 'separate', got {self.split_kernel!r}")
        if self.split_kernel != "auto":
            return self.split_kernel == "fused"
        r, k = x.shape
        rows = self._fused_tile()[0]
        return x.stride(1) == 1 and triton.cdiv(r, rows) >= FUSED_SPLIT_MIN_PROGRAMS_PER_SM * self._sms

    def _fused_tile(self) -> tuple[int, int, int]:
        return self.fused_split_tiles or fused_split_tile(self.kp)

    def _scale_split(self, x: torch.Tensor, g: int, s: torch.Tensor, rows: tuple, out: torch.Tensor,
                     sub: torch.Tensor) -> None:
        """``_scales`` then ``_split`` (s, rows and out as they take them), or both in one launch
        where ``fused_split`` says so: the same bytes either way."""
        if not self.fused_split(x):
            self._scales(x, g, s, rows)
            self._split(x, s, out, rows[0], sub)
            return
        from ._kernels.kernels import scale_split_rows_kernel

        r, k = x.shape
        _, rp, kp = out.shape
        bits, n, l1 = rows
        br, bk, nw = self._fused_tile()
        launch(scale_split_rows_kernel, (triton.cdiv(rp, br),), x, x.stride(0), x.stride(1), bits, n, l1, s, self._p,
               self._pf, out, sub, r, k, rp, kp, sub.shape[1], g, NMOD=self.n_moduli, FLOORS=self.bounds,
               SUB=self.guard_stride if sub.numel() else 1, WITH_L1=self.bounds, L1_BITS=reference.L1_BITS,
               BLOCK_R=br, BLOCK_K=bk, num_warps=nw, enable_fp_fusion=False)

    def _sub_floors(self, rp: int) -> torch.Tensor:
        """[rp, Kps] int8 zeros: the guard's packed floors of every guard_stride-th column (its
        padding stays zero: the split writes only the columns it has)."""
        kps = _ceil_to(-(-self.kp // self.guard_stride), self.guard_tiles[2]) if self.bounds and self.guard_stride > 1 else 0
        return torch.zeros((rp if kps else 0, kps), dtype=torch.int8, device=self.device)

    def _split(self, x: torch.Tensor, s: torch.Tensor, out: torch.Tensor, bits: torch.Tensor,
               sub: torch.Tensor) -> None:
        from ._kernels.kernels import residue_split_kernel

        r, k = x.shape
        _, rp, kp = out.shape
        br, bk, nw = self.split_tiles
        grid = (triton.cdiv(rp, br), triton.cdiv(kp, bk))
        launch(residue_split_kernel, grid, x, x.stride(0), x.stride(1), s, self._p, self._pf, out, bits, sub, r, k, rp,
               kp, sub.shape[1], NMOD=self.n_moduli, FLOORS=self.bounds, SUB=self.guard_stride if sub.numel() else 1,
               BLOCK_R=br, BLOCK_K=bk, num_warps=nw, enable_fp_fusion=False)

    def _run_triton(self, a: torch.Tensor, out: torch.Tensor) -> torch.Tensor:
        ra, res, sa, rows, fs, ua = self._workspace(a.shape[0])
        if self.scaling == "accurate":
            self._join_b()
            self._accurate_scales(a, sa, rows, ua)
            self._split(a, sa, ra, rows[0], fs)
        else:
            self._scale_split(a, self.g_a, sa, rows, ra, fs)
        self._join_b()  # B's residues, if a one-shot call split them on a side stream
        self._products(ra, res)
        self._crt(res, sa, out)
        return out

    def _workspace(self, m: int):
        """(A's residues [+ floors], the residues of C, A's exponents, A's row buffers, A's packed
        floors, A's 7-bit bounds for the accurate scaling) for M = m (empty where unused)."""
        bm = max(self.tiles[0], WS_TILES.block_m) if self.ws else self.tiles[0]
        mp = _ceil_to(m, bm)
        if self._ws is None or self._ws[0] != m:
            self._ws = (m, torch.empty((self.n_moduli + self.bounds, mp, self.kp), dtype=torch.int8, device=self.device),
                        torch.empty((self.n_moduli, mp, self.np_), dtype=torch.uint8, device=self.device),
                        torch.empty(m, dtype=torch.int64, device=self.device), self._row_buffers(m),
                        self._sub_floors(mp),
                        torch.empty((mp, self.kp) if self.scaling == "accurate" else (0, 0), dtype=torch.int8,
                                    device=self.device))
        return self._ws[1:]

    def _products(self, ra: torch.Tensor, res: torch.Tensor) -> None:
        from triton.tools.tensor_descriptor import TensorDescriptor

        from ..ozaki._launch import _num_programs
        from ._kernels.kernels import modular_gemm_kernel

        bm, bn, bk, gm, nw, ns = self.tiles
        nmod, mp = self.n_moduli, ra.shape[1]
        if self.ws:
            for k0 in range(0, self.kp, self._kchunk):
                ws_gemm(ra, self._rb, res, mode=1, k0=k0, k_len=min(self._kchunk, self.kp - k0), n_groups=nmod,
                        p=self._p, pf=self._pf, accumulate=k0 > 0)
            return
        ra_desc = TensorDescriptor(ra, [nmod * mp, self.kp], [self.kp, 1], [bm, bk])
        rb_desc = TensorDescriptor(self._rb, [nmod * self.np_, self.kp], [self.kp, 1], [bn, bk])
        work = nmod * (mp // bm) * (self.np_ // bn)
        nprog = min(_num_programs(self.device), work)
        for k0 in range(0, self.kp, self._kchunk):
            launch(modular_gemm_kernel, (nprog,), ra_desc, rb_desc, self._p, self._pf, res, mp, self.np_, k0,
                   min(self._kchunk, self.kp - k0), NMOD=nmod, ACCUMULATE=k0 > 0, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
                   GROUP_M=gm, NUM_PROGRAMS=nprog, num_warps=nw, num_stages=ns)

    def _crt(self, res: torch.Tensor, sa: torch.Tensor, out: torch.Tensor) -> None:
        from ._kernels.kernels import crt_kernel

        m, mp = sa.shape[0], res.shape[1]
        cbm, cbn, cw = self.crt_tiles
        grid = (triton.cdiv(m, cbm), triton.cdiv(self.n, cbn))
        launch(crt_kernel, grid, res, self._consts, sa, self._sb, out, out.stride(0), out.stride(1), m, self.n, mp,
               self.np_, NMOD=self.n_moduli, NCHUNK=self._nchunk, CHUNK_BITS=CHUNK_BITS, BLOCK_M=cbm, BLOCK_N=cbn,
               num_warps=cw, enable_fp_fusion=False)

    # ---- public ------------------------------------------------------------------------------
    def _output(self, a: torch.Tensor, out: torch.Tensor | None) -> tuple[torch.Tensor, bool]:
        """Validate a call's a and out; (C, whether C is already final: empty shapes or K = 0)."""
        check_2d("a", a, torch.float64, self.device)
        m, k = a.shape
        if k != self.k:
            raise ValueError(f"a has K={k} columns but b has K={self.k} rows")
        if out is None:
            out = torch.empty((m, self.n), dtype=torch.float64, device=self.device)
        else:
            check_2d("out", out, torch.float64, self.device)
            if tuple(out.shape) != (m, self.n):
                raise ValueError(f"out must have shape {(m, self.n)}, got {tuple(out.shape)}")
        if m == 0 or self.n == 0:
            return out, True
        if k == 0:
            return out.zero_(), True
        return out, False

    def __call__(self, a: torch.Tensor, out: torch.Tensor | None = None) -> torch.Tensor:
        """C = a @ b. a: [M, K] float64 on b's device; out: optional [M, N] float64."""
        out, done = self._output(a, out)
        if done:
            return out
        if self.backend == "reference":
            out.copy_(torch.from_numpy(reference.gemm(a.numpy(), self._b.numpy(), self.n_moduli, self.scaling)))
            return out
        return self._run_triton(a, out)

    def guarded(self, a: torch.Tensor, tau: float, out: torch.Tensor | None = None) -> tuple[torch.Tensor, int]:
        """(C = a @ b, ``guard_failures(a, tau)`` of this product) in one call (needs ``bounds``).

        The guard's count depends on the operands' scales, norms and floors only, not on C: on the
        GPU path its GEMM runs right after the residue split, then the products and the CRT are
        enqueued, and only then does the host wait, on an event after the count's copy to pinned
        memory, not on the whole product. So the host's work for the next call overlaps the
        products (``self(a)`` then ``guard_failures`` waits for everything and leaves the GPU idle
        while the host prepares the next call). Where the first (strided) pass finds failures, the
        full pass runs after the product with a plain sync, as in ``guard_failures``."""
        if not self.bounds:
            raise ValueError("guarded needs a plan built with bounds=True")
        out, done = self._output(a, out)
        if done:
            return out, 0
        if self.backend == "reference":
            out = self(a, out)
            return out, self.guard_failures(a, tau)
        ra, res, sa, rows, fs, ua = self._workspace(a.shape[0])
        self._scale_split(a, self.g_a, sa, rows, ra, fs)
        self._join_b()  # B's scales, residues and floors, if a one-shot call split them on a side stream
        strided = fs.numel() > 0
        count = self._guard_count(a.shape[0], fs, self._fs_b, tau) if strided else \
            self._guard_count(a.shape[0], ra[self.n_moduli], self._rb[self.n_moduli], tau)
        ready = None
        if count.is_cuda:
            if self._count_host is None:
                self._count_host = torch.empty(1, dtype=torch.int64, pin_memory=True)
            self._count_host.copy_(count, non_blocking=True)
            ready = torch.cuda.Event()
            ready.record()
        self._products(ra, res)
        self._crt(res, sa, out)
        if ready is not None:
            ready.synchronize()
            failures = int(self._count_host[0])
        else:
            failures = int(count.item())
        if failures and strided:  # the subset's stricter test failed somewhere: the full product decides
            failures = int(self._guard_count(a.shape[0], ra[self.n_moduli], self._rb[self.n_moduli], tau).item())
        return out, failures

    def scales(self, a: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(sa [M], sb [N]) int64: the power-of-two exponents this plan used for ``a`` (the last
        call's on the GPU path, so call it right after ``self(a)``; recomputed on the reference
        path). Rows/columns with inf/nan hold a large negative sentinel."""
        if self.backend == "reference":
            an, bn = a.numpy(), self._b.numpy()
            bad_a, bad_b = ~np.isfinite(an).all(axis=1), ~np.isfinite(bn).all(axis=0)
            sa, sb = reference.scale_exponents(np.where(bad_a[:, None], 0.0, an), np.where(bad_b[None, :], 0.0, bn),
                                               self.n_moduli, self.scaling)
            return (torch.from_numpy(np.where(bad_a, NONFINITE_EXPONENT, sa)),
                    torch.from_numpy(np.where(bad_b, NONFINITE_EXPONENT, sb)))
        if self._ws is None or self._ws[0] != a.shape[0]:
            raise ValueError("scales(a): call the plan on a first")
        return self._ws[3], self._sb


    def guard_failures(self, a: torch.Tensor, tau: float) -> int:
        """How many entries of the last product ``self(a)`` have a rigorous error bound above
        tau sqrt(K) u (|A||B|)_ij (``reference.guard_count``; rows/columns with inf or nan are
        skipped). GPU path: a persistent INT8 GEMM of the floors kept by the last call (needs
        ``bounds=True``) with the test in its epilogue, first on every ``guard_stride``-th k and
        on all of K only where that finds failures; one host sync per pass (``guarded`` runs the
        product and this count with less waiting)."""
        m = a.shape[0]
        if m == 0 or self.n == 0 or self.k == 0:
            return 0
        if self.backend == "reference":
            sa, sb = self.scales(a)
            return reference.guard_count(a.numpy(), self._b.numpy(), sa.numpy(), sb.numpy(), tau)
        if not self.bounds:
            raise ValueError("guard_failures needs a plan built with bounds=True")
        if self._ws is None or self._ws[0] != m:
            raise ValueError("guard_failures(a): call the plan on a first")
        ra, fs_a = self._ws[1], self._ws[5]
        # a subset of k gives a smaller lower bound of |A||B|, so a stricter test: if nothing fails
        # on it, nothing fails on all of K; else the full product decides (the same count either way)
        if fs_a.numel() and int(self._guard_count(m, fs_a, self._fs_b, tau).item()) == 0:
            return 0
        return int(self._guard_count(m, ra[self.n_moduli], self._rb[self.n_moduli], tau).item())

    def _guard_count(self, m: int, la_plane: torch.Tensor, lb_plane: torch.Tensor, tau: float) -> torch.Tensor:
        """[1] int64 on the device: the guard's failure count over the floor planes given (A's of
        the last call with m rows, B's kept ones); enqueued, no host sync."""
        from ._kernels.guard import guard_kernel

        ra, _, sa, (bits_a, _, l1a), _, _ = self._ws[1:]
        bits_b, _, l1b = self._rows_b
        bm, bn, bk, gm, nw, ns = self.guard_tiles
        mp = ra.shape[1]
        thr = tau * math.sqrt(self.k) * reference.U64 / (128.0 * 128.0)
        kp = la_plane.shape[1]
        la, lb, nprog = self._plane_product_setup(la_plane, lb_plane, self.guard_tiles, self.guard_programs_per_sm)
        count = torch.zeros(1, dtype=torch.int64, device=self.device)
        launch(guard_kernel, (nprog,), la, lb, sa, bits_a, l1a, self._sb, bits_b, l1b, count, m, self.n, mp, self.np_,
               kp, self.k / 4.0, f64_bits(thr), L1_BITS=reference.L1_BITS, K_CHUNK=self._kchunk, BLOCK_M=bm, BLOCK_N=bn,
               BLOCK_K=bk, GROUP_M=gm, NUM_PROGRAMS=nprog, num_warps=nw, num_stages=ns, enable_fp_fusion=False)
        return count


@accepts_dlpack
def gemm_fp64_crt(a: torch.Tensor, b: torch.Tensor, moduli: int = 16, *, scaling: str = "fast",
                  out: torch.Tensor | None = None, backend: str = "auto") -> torch.Tensor:
    """C = A @ B in FP64 by Ozaki scheme II (one INT8 GEMM per modulus, CRT reconstruction).

    a [M, K], b [K, N] float64, same device; 16 moduli give FP64-grade results except where
    entries inside one row (or column) span more than about 2^9 x 2^53 (see ``ozaki2.reference``).
    """
    check_2d("a", a, torch.float64)
    check_2d("b", b, torch.float64, a.device)
    if a.shape[1] != b.shape[0]:
        raise ValueError(f"inner dimensions differ: a is {tuple(a.shape)}, b is {tuple(b.shape)}")
    from .._streams import joined

    plan = OzakiIIGemm(b, moduli, scaling=scaling, backend=backend, _defer_b=True)
    plan._fork_b(a.shape[0])  # B's passes overlap A's where that pays (``_streams``)
    with joined(plan):
        return plan(a, out=out)


__all__ = ["OzakiIIGemm", "gemm_fp64_crt"]
