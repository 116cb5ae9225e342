"""``int8_cublas_baseline``: the seed's scheme done naively on cuBLAS INT8 GEMMs.

Per-matrix scales, one quantisation launch sequence per level (S passes of torch ops per
operand), all kept pairs as separate ``torch._int_mm`` calls (cuBLASLt, in its fast layout:
A row-major [M, K], B given as ``bt.t()`` of a row-major [N, K]) and a per-pair FP64
scale-and-add. Computes exactly ``reference.gemm_pairwise``. It is the performance floor the
library's own path is measured against, and works on CUDA tensors only.
"""

from __future__ import annotations

import torch

from .scheme import K_INT32_MAX, QMAX, RATIO, check_splits, resolve_diagonals


def _ceil_to(x: int, m: int) -> int:
    return -(-x // m) * m


def seed_scales(x: torch.Tensor, splits: int) -> list[torch.Tensor]:
    """s_0 = Xmax/127 (all-zero: Xmax = 1), s_{i+1} = s_i/254, as 0-d device tensors (no sync)."""
    xmax = x.abs().amax()
    xmax = torch.where(xmax == 0, torch.ones_like(xmax), xmax)
    s = [xmax / QMAX]
    for _ in range(splits - 1):
        s.append(s[-1] / RATIO)
    return s


def quantize_levels(x: torch.Tensor, scales: list[torch.Tensor], rows: int, cols: int) -> list[torch.Tensor]:
    """The seed's level-by-level quantisation of x [R, C] into zero-padded int8 [rows, cols] slices."""
    r = x.clone()
    out = []
    for s in scales:
        y = r / s
        y = torch.where(y == y, y, torch.zeros_like(y)).clamp_(-QMAX, QMAX)
        q = torch.round(y)
        qp = torch.zeros((rows, cols), dtype=torch.int8, device=x.device)
        qp[: x.shape[0], : x.shape[1]] = q.to(torch.int8)
        out.append(qp)
        r = r - q * s
    return out


def int8_cublas_baseline(a: torch.Tensor, b: torch.Tensor, splits: int, diagonals: int | str | None = "all") -> torch.Tensor:
    """C ~ a @ b, a [M, K], b [K, N] float64 CUDA tensors; pairs i + j < diagonals (default all S^2)."""
    check_splits(splits)
    dg = resolve_diagonals(splits, diagonals)
    if a.device.type != "cuda":
        raise ValueError(f"int8_cublas_baseline runs on CUDA tensors, got {a.device}")
    m, k = a.shape
    n = b.shape[1]
    # torch._int_mm needs M > 16 and K, N multiples of 8
    mp, kp, np_ = max(m, 17), _ceil_to(max(k, 16), 8), _ceil_to(n, 8)
    sa, sb = seed_scales(a, splits), seed_scales(b, splits)
    qa = quantize_levels(a, sa, mp, kp)
    qb = quantize_levels(b.t(), sb, np_, kp)  # [N, K] row-major slices of B^T
    c = torch.zeros((mp, np_), dtype=torch.float64, device=a.device)
    chunk = (K_INT32_MAX // 8) * 8
    for i in range(splits):
        for j in range(splits):
            if i + j >= dg:
                continue
            scale = sa[i] * sb[j]
            for k0 in range(0, kp, chunk):
                p = torch._int_mm(qa[i][:, k0 : k0 + chunk].contiguous() if kp > chunk else qa[i],
                                  (qb[j][:, k0 : k0 + chunk].contiguous() if kp > chunk else qb[j]).t())
                t = p.to(torch.float64)
                t.mul_(scale)
                c.add_(t)
    return c[:m, :n]
