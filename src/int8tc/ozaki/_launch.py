"""Launchers of the Ozaki-I kernels: check the invariants the kernels rely on, pick grids."""

from __future__ import annotations

import torch
import triton

from .._checks import device_constant, sm_count
from .._launcher import launch
from ._kernels.gemm import (diagonal_gemm_kernel, diagonal_gemm_persistent_kernel, diagonal_gemm_recon_kernel,
                           diagonals_gemm_persistent_kernel)
from ._kernels.recon import reconstruct_kernel
from ._kernels.scales import absmax_rows_kernel, row_scales_kernel
from ._kernels.split import split_kernel, split_rows_kernel, split_rows_once_kernel, split_scaled_kernel
from ._ws import ws_gemm, ws_supported
from .scheme import EXP_MAX, EXP_MIN, K_INT32_MAX, SPLIT_PASSES, Config, diagonal_pairs

SPLIT_BLOCK_R = 8  # 32 x 128 x 4 warps took 254 registers and spilled at S = 8 (sm_90a, NOTES.md 53)
SPLIT_BLOCK_K = 128
ABSMAX_BLOCK_R = 32
ABSMAX_BLOCK_K = 128
ABSMAX_CHUNK_K = 1024  # a 2-D grid: enough programs in flight to stream X at full bandwidth
SCALES_BLOCK = 1024
RECON_BLOCK_M = 32
RECON_BLOCK_N = 128


class ScaleBuffers:
    """Per-row scale workspace of one operand with R rows: rowmax bits, 2^-e and c (the scale is c 2^e)."""

    def __init__(self, rows: int, device: torch.device):
        # one allocation (a call's host time: one torch.empty, not three), each vector 16-byte aligned
        buf = torch.empty((3, rows + rows % 2), dtype=torch.int64, device=device)
        self.rowmax = buf[0, :rows]
        self.pre = buf[1, :rows].view(torch.float64)
        self.c = buf[2, :rows].view(torch.float64)


def absmax_rows(x: torch.Tensor, rowmax: torch.Tensor) -> None:
    """rowmax [R] int64 := bits of max |x[r, :]| for x [R, K] (any strides); one launch, no sync."""
    r, k = x.shape
    rowmax.zero_()
    grid = (triton.cdiv(r, ABSMAX_BLOCK_R), max(1, triton.cdiv(k, ABSMAX_CHUNK_K)))
    launch(absmax_rows_kernel, grid, x, x.stride(0), x.stride(1), rowmax, r, k, CHUNK_K=ABSMAX_CHUNK_K,
           BLOCK_R=ABSMAX_BLOCK_R, BLOCK_K=ABSMAX_BLOCK_K, num_warps=4)


def row_scales(x: torch.Tensor, scaling: str, buf: ScaleBuffers) -> None:
    """Fill ``buf`` with the scales of x [R, K] (any strides): two launches, no host sync."""
    r, k = x.shape
    if buf.rowmax.numel() != r:
        raise ValueError(f"scale buffers hold {buf.rowmax.numel()} rows, x has {r}")
    absmax_rows(x, buf.rowmax)
    matrix = scaling == "matrix"
    grid = (1,) if matrix else (triton.cdiv(r, SCALES_BLOCK),)
    launch(row_scales_kernel, grid, buf.rowmax, buf.pre, buf.c, r, MATRIX=matrix, EXP_MIN=EXP_MIN, EXP_MAX=EXP_MAX,
           BLOCK=SCALES_BLOCK, num_warps=4, enable_fp_fusion=False)


def split(x: torch.Tensor, pre: torch.Tensor, c: torch.Tensor, q: torch.Tensor, splits: int) -> None:
    """Write the ``splits`` INT8 slices of x [R, K] (any strides) into q [S, Rp, Kp] (zero padded)."""
    r, k = x.shape
    s, rp, kp = q.shape
    if s != splits or rp < r or kp < k or q.dtype != torch.int8 or not q.is_contiguous():
        raise ValueError(f"slice buffer {tuple(q.shape)} {q.dtype} does not fit x {tuple(x.shape)}, S={splits}")
    grid = (triton.cdiv(rp, SPLIT_BLOCK_R), triton.cdiv(kp, SPLIT_BLOCK_K))
    launch(split_kernel, grid, x, x.stride(0), x.stride(1), pre, c, q, r, k, rp, kp, SPLITS=splits,
           BLOCK_R=SPLIT_BLOCK_R, BLOCK_K=SPLIT_BLOCK_K, num_warps=4, enable_fp_fusion=False)


FUSED_BLOCK_R = 16
FUSED_BLOCK_K = 128


#: "once": whole rows in registers up to this padded K (next power of two), else the two sweeps
#: (eighth session, A at 8192^2, S = 2: 0.49 ms whole rows of 8192 against 0.33 for "rows"; at
#: 4096^2 0.100 against 0.111)
ONCE_MAX_K = 4096
#: "once": elements per program (rows of BLOCK_K each) and its warps: 16 (fifteenth session, A at 4096^2:
#: 0.077 against 0.092 ms for 8 warps at S = 2, 0.163 against 0.171 at S = 8; 8 warps took 92 registers,
#: 2 blocks per SM, latency-bound at 39% of DRAM; NOTES.md 67)
ONCE_ELEMENTS = 4096
ONCE_WARPS = 16  # register caps of 48-80 on top measured no better (s63)
#: "two": the scaled split's tile (8 x 128 x 4 warps: 62-90 registers for sm_90a, no spill; the
#: three-kernel split_kernel's 32 x 128 took 254 and spilled at S = 8, NOTES.md 53)
TWO_BLOCK_R, TWO_BLOCK_K = 8, 128
TWO_WARPS = 4


def scale_and_split(x: torch.Tensor, scaling: str, buf: ScaleBuffers, q: torch.Tensor, splits: int,
                    fused: bool = True, passes: str = "rows") -> None:
    """Scales of x [R, K] into ``buf`` and its S slices into q [S, Rp, Kp] (same results on every
    path). Row scaling with ``fused``: ``passes`` "rows" = one launch, each program two sweeps over
    its rows (max, then slices); "once" = one launch, whole rows loaded once (K up to
    ONCE_MAX_K, else as "rows"); "two" = the row maxima (2-D grid, atomics), then a 2-D grid of
    tiles that derive the scales and write the slices. Otherwise three launches (maxima, scales,
    split)."""
    r, k = x.shape
    s, rp, kp = q.shape
    if passes not in SPLIT_PASSES:
        raise ValueError(f"passes must be one of {SPLIT_PASSES}, got {passes!r}")
    if not (fused and scaling == "row"):
        row_scales(x, scaling, buf)
        split(x, buf.pre, buf.c, q, splits)
        return
    if s != splits or rp < r or kp < k or q.dtype != torch.int8 or not q.is_contiguous():
        raise ValueError(f"slice buffer {tuple(q.shape)} {q.dtype} does not fit x {tuple(x.shape)}, S={splits}")
    if buf.pre.numel() != r:
        raise ValueError(f"scale buffers hold {buf.pre.numel()} rows, x has {r}")
    common = dict(SPLITS=splits, EXP_MIN=EXP_MIN, EXP_MAX=EXP_MAX, enable_fp_fusion=False)
    bk = triton.next_power_of_2(kp)
    if passes == "once" and bk <= ONCE_MAX_K:
        br = max(1, ONCE_ELEMENTS // bk)
        launch(split_rows_once_kernel, (triton.cdiv(rp, br),), x, x.stride(0), x.stride(1), buf.pre, buf.c, q, r, k, rp,
               kp, BLOCK_R=br, BLOCK_K=bk, num_warps=ONCE_WARPS, **common)
    elif passes == "two":
        absmax_rows(x, buf.rowmax)
        grid = (triton.cdiv(rp, TWO_BLOCK_R), triton.cdiv(kp, TWO_BLOCK_K))
        launch(split_scaled_kernel, grid, x, x.stride(0), x.stride(1), buf.rowmax, buf.pre, buf.c, q, r, k, rp, kp,
               BLOCK_R=TWO_BLOCK_R, BLOCK_K=TWO_BLOCK_K, num_warps=TWO_WARPS, **common)
    else:
        launch(split_rows_kernel, (triton.cdiv(rp, FUSED_BLOCK_R),), x, x.stride(0), x.stride(1), buf.pre, buf.c, q, r,
               k, rp, kp, BLOCK_R=FUSED_BLOCK_R, BLOCK_K=FUSED_BLOCK_K, num_warps=8, **common)


def _num_programs(device: torch.device) -> int:
    if device.type == "cuda":
        return sm_count(device)
    return 4  # interpreter


def diagonal_gemm(qa: torch.Tensor, qb: torch.Tensor, w: torch.Tensor, diagonals: int, splits: int,
                  k0: int, k_len: int, cfg: Config) -> None:
    """W[d] = sum_{i+j=d} qa[i] qb[j]^T over k in [k0, k0 + k_len), for d < ``diagonals``.

    One launch per diagonal, the ones with most pairs first.
    """
    s, mp, kp = qa.shape
    _, np_, kpb = qb.shape
    d = diagonals
    if kpb != kp or mp % cfg.block_m or np_ % cfg.block_n or k0 % cfg.block_k or k_len % cfg.block_k:
        raise ValueError(f"slice buffers {tuple(qa.shape)}, {tuple(qb.shape)} not padded for {cfg}")
    pairs = max(len(diagonal_pairs(splits, x)) for x in range(d))
    if pairs * k_len > K_INT32_MAX:
        raise ValueError(f"K chunk {k_len} x {pairs} pairs can overflow INT32 (limit {K_INT32_MAX} per chunk)")
    if w.shape[0] < d or w.shape[1:] != (mp, np_) or w.dtype != torch.int32:
        raise ValueError(f"W buffer {tuple(w.shape)} {w.dtype} does not fit ({d}, {mp}, {np_}) int32")
    order = sorted(range(d), key=lambda x: -len(diagonal_pairs(splits, x)))
    if cfg.ws and cfg.persistent and ws_supported(qa.device):
        # the warp-specialised Gluon kernel (Config.ws); the buffers are padded to its tiles too
        if cfg.ws_one_launch:  # every diagonal in one persistent launch, the larger ones first
            ws_gemm(qa, qb, w, mode=2, k0=k0, k_len=k_len, n_groups=d, splits=splits,
                    order=device_constant(order, torch.int32, qa.device))
            return
        for diag in order:
            pairs_d = diagonal_pairs(splits, diag)
            ws_gemm(qa, qb, w, mode=0, k0=k0, k_len=k_len, diag=diag, i_lo=pairs_d[0][0], n_sub=len(pairs_d))
        return
    tiles = (mp // cfg.block_m) * (np_ // cfg.block_n)
    common = dict(SPLITS=splits, BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, BLOCK_K=cfg.block_k,
                  GROUP_M=cfg.group_m, num_warps=cfg.num_warps, num_stages=cfg.num_stages)
    if cfg.persistent:
        from triton.tools.tensor_descriptor import TensorDescriptor

        qa_desc = TensorDescriptor(qa, [s * mp, kp], [kp, 1], [cfg.block_m, cfg.block_k])
        qb_desc = TensorDescriptor(qb, [qb.shape[0] * np_, kp], [kp, 1], [cfg.block_n, cfg.block_k])
        nprog = min(_num_programs(qa.device), tiles)
    if cfg.one_launch and not cfg.persistent:
        raise ValueError("one_launch needs the persistent (TMA) configuration")
    if cfg.one_launch:
        order_t = device_constant(order, torch.int32, qa.device)  # built once per (order, device)
        nprog = min(_num_programs(qa.device), d * tiles)
        launch(diagonals_gemm_persistent_kernel, (nprog,), qa_desc, qb_desc, order_t, w, mp, np_, k0, k_len, D=d,
               NUM_PROGRAMS=nprog, **common)
        return
    for diag in order:
        if cfg.persistent:
            launch(diagonal_gemm_persistent_kernel, (nprog,), qa_desc, qb_desc, w, mp, np_, k0, k_len, DIAG=diag,
                   NUM_PROGRAMS=nprog, **common)
        else:
            launch(diagonal_gemm_kernel, (tiles,), qa, qb, w, mp, np_, kp, k0, k_len, DIAG=diag, **common)


def diagonal_gemm_recon(qa: torch.Tensor, qb: torch.Tensor, sa: "ScaleBuffers", sb: "ScaleBuffers", out: torch.Tensor,
                        m: int, n: int, weights: torch.Tensor, splits: int, k0: int, k_len: int, cfg: Config,
                        accumulate: bool) -> None:
    """out (+)= (s_a s_b^T) * sum_d 254^-d sum_{i+j=d} qa[i] qb[j]^T over k in [k0, k0 + k_len), one
    persistent launch (``Config.fused_recon``); same arithmetic as diagonal_gemm + reconstruct."""
    from triton.tools.tensor_descriptor import TensorDescriptor

    s, mp, kp = qa.shape
    _, np_, kpb = qb.shape
    d = weights.numel()
    if not cfg.persistent:
        raise ValueError("fused_recon needs the persistent (TMA) configuration")
    if kpb != kp or mp % cfg.block_m or np_ % cfg.block_n or k0 % cfg.block_k or k_len % cfg.block_k:
        raise ValueError(f"slice buffers {tuple(qa.shape)}, {tuple(qb.shape)} not padded for {cfg}")
    pairs = max(len(diagonal_pairs(splits, x)) for x in range(d))
    if pairs * k_len > K_INT32_MAX:
        raise ValueError(f"K chunk {k_len} x {pairs} pairs can overflow INT32 (limit {K_INT32_MAX} per chunk)")
    qa_desc = TensorDescriptor(qa, [s * mp, kp], [kp, 1], [cfg.block_m, cfg.block_k])
    qb_desc = TensorDescriptor(qb, [qb.shape[0] * np_, kp], [kp, 1], [cfg.block_n, cfg.block_k])
    tiles = (mp // cfg.block_m) * (np_ // cfg.block_n)
    nprog = min(_num_programs(qa.device), tiles)
    launch(diagonal_gemm_recon_kernel, (nprog,), qa_desc, qb_desc, sa.c, sa.pre, sb.c, sb.pre, weights, out,
           out.stride(0), out.stride(1), m, n, mp, np_, k0, k_len, SPLITS=splits, D=d, ACCUMULATE=accumulate,
           BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, BLOCK_K=cfg.block_k, GROUP_M=cfg.group_m, NUM_PROGRAMS=nprog,
           num_warps=cfg.num_warps, num_stages=cfg.num_stages, enable_fp_fusion=False)


def reconstruct(w: torch.Tensor, sa: "ScaleBuffers", sb: "ScaleBuffers", out: torch.Tensor, m: int, n: int,
                weights: torch.Tensor, accumulate: bool) -> None:
    """out (+)= (s_a s_b^T) * sum_d W[d] weights[d] over the first m x n entries of W (s = c 2^e from
    the scale buffers, applied split: ``recon.store_scaled``).

    ``weights`` [D] float64 = ``scheme.diagonal_weights(D)`` on the device.
    """
    _, mp, np_ = w.shape
    diagonals = weights.numel()
    grid = (triton.cdiv(m, RECON_BLOCK_M), triton.cdiv(n, RECON_BLOCK_N))
    launch(reconstruct_kernel, grid, w, sa.c, sa.pre, sb.c, sb.pre, out, out.stride(0), out.stride(1), m, n, mp, np_,
           weights, D=diagonals, ACCUMULATE=accumulate, BLOCK_M=RECON_BLOCK_M, BLOCK_N=RECON_BLOCK_N, num_warps=4,
           enable_fp_fusion=False)
