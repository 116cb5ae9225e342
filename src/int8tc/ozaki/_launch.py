"""Launchers of the Ozaki-I kernels: check the invariants the kernels rely on, pick grids."""

from __future__ import annotations

import torch
import triton

from ._kernels.gemm import diagonal_gemm_kernel
from ._kernels.recon import reconstruct_kernel
from ._kernels.split import split_kernel
from .scheme import K_INT32_MAX, Config, diagonal_pairs

SPLIT_BLOCK_R = 32
SPLIT_BLOCK_K = 128
RECON_BLOCK_M = 32
RECON_BLOCK_N = 128


def split(x: torch.Tensor, pre: torch.Tensor, c: torch.Tensor, q: torch.Tensor, splits: int) -> None:
    """Write the ``splits`` INT8 slices of x [R, K] (any strides) into q [S, Rp, Kp] (zero padded)."""
    r, k = x.shape
    s, rp, kp = q.shape
    if s != splits or rp < r or kp < k or q.dtype != torch.int8 or not q.is_contiguous():
        raise ValueError(f"slice buffer {tuple(q.shape)} {q.dtype} does not fit x {tuple(x.shape)}, S={splits}")
    grid = (triton.cdiv(rp, SPLIT_BLOCK_R), triton.cdiv(kp, SPLIT_BLOCK_K))
    split_kernel[grid](x, x.stride(0), x.stride(1), pre, c, q, r, k, rp, kp,
                       SPLITS=splits, BLOCK_R=SPLIT_BLOCK_R, BLOCK_K=SPLIT_BLOCK_K,
                       num_warps=4, enable_fp_fusion=False)


def diagonal_gemm(qa: torch.Tensor, qb: torch.Tensor, w: torch.Tensor, diagonals: int, splits: int,
                  k0: int, k_len: int, cfg: Config) -> None:
    """W[d] = sum_{i+j=d} qa[i] qb[j]^T over k in [k0, k0 + k_len), for d < ``diagonals``.

    One launch per diagonal, the ones with most pairs first.
    """
    _, mp, kp = qa.shape
    _, np_, kpb = qb.shape
    d = diagonals
    if kpb != kp or mp % cfg.block_m or np_ % cfg.block_n or k0 % cfg.block_k or k_len % cfg.block_k:
        raise ValueError(f"slice buffers {tuple(qa.shape)}, {tuple(qb.shape)} not padded for {cfg}")
    pairs = min(splits, d)
    if pairs * k_len > K_INT32_MAX:
        raise ValueError(f"K chunk {k_len} x {pairs} pairs can overflow INT32 (limit {K_INT32_MAX} per chunk)")
    if w.shape[0] < d or w.shape[1:] != (mp, np_) or w.dtype != torch.int32:
        raise ValueError(f"W buffer {tuple(w.shape)} {w.dtype} does not fit ({d}, {mp}, {np_}) int32")
    grid = ((mp // cfg.block_m) * (np_ // cfg.block_n),)
    for diag in sorted(range(d), key=lambda x: -len(diagonal_pairs(splits, x))):
        diagonal_gemm_kernel[grid](qa, qb, w, mp, np_, kp, k0, k_len, SPLITS=splits, DIAG=diag,
                                   BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, BLOCK_K=cfg.block_k,
                                   GROUP_M=cfg.group_m, num_warps=cfg.num_warps, num_stages=cfg.num_stages)


def reconstruct(w: torch.Tensor, fa: torch.Tensor, fb: torch.Tensor, out: torch.Tensor, m: int, n: int,
                accumulate: bool) -> None:
    """out (+)= (fa fb^T) * sum_d W[d] / 254^d over the first m x n entries of W."""
    d, mp, np_ = w.shape
    grid = (triton.cdiv(m, RECON_BLOCK_M), triton.cdiv(n, RECON_BLOCK_N))
    reconstruct_kernel[grid](w, fa, fb, out, out.stride(0), out.stride(1), m, n, mp, np_,
                             D=d, ACCUMULATE=accumulate, BLOCK_M=RECON_BLOCK_M, BLOCK_N=RECON_BLOCK_N,
                             num_warps=4, enable_fp_fusion=False)
