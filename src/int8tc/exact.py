"""An exact-product reference for FP64 GEMM on any torch device (error-free FP64 slicing).

Ozaki's original scheme with FP64 products: rows of A and columns of B are scaled by powers of
two, cut into integer slices of ``rho = floor((53 - ceil(log2 K)) / 2)`` bits, so that every slice
product has integer partial sums below 2^53: one plain FP64 GEMM computes it exactly, in any
summation order. The slice products are summed in double-double. Slicing continues until the
remainders are exactly zero, so the result (hi, lo) is the exact product to about 2^-100 of
sum |slice products|, far below FP64's own rounding. Used by the benchmarks and tests to measure
errors of FP64 emulation and of native DGEMM against the truth.
"""

from __future__ import annotations

import torch

MAX_SLICES = 64


def _ldexp(x: torch.Tensor, e: torch.Tensor) -> torch.Tensor:
    """x * 2^e in two exact steps (e up to +-2000; no overflowing power of two)."""
    e1 = e.clamp(-1000, 1000)
    return x * torch.exp2(e1.to(x.dtype)) * torch.exp2((e - e1).clamp(-1022, 1023).to(x.dtype))


def _slices(x: torch.Tensor, rho: int, max_slices: int) -> tuple[list[torch.Tensor], torch.Tensor]:
    """x [R, K] -> (integer-valued slices q_i with |q_i| <= 2^rho, row exponents e) with
    x = 2^e sum_i q_i 2^(-rho (i + 1)) exactly."""
    amax = x.abs().amax(dim=1) if x.shape[1] else torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
    _, e = torch.frexp(amax)  # amax < 2^e
    e = e.to(torch.int64)
    t = _ldexp(x, -e[:, None])  # |t| < 1, exact
    out = []
    while bool((t != 0).any()):
        if len(out) == max_slices:
            raise ValueError(f"exact_gemm: entries inside a row span more than {max_slices * rho} bits; "
                             "raise max_slices")
        t = t * 2.0**rho
        q = torch.round(t)
        out.append(q)
        t = t - q  # exact
    return out, e


def exact_gemm(a: torch.Tensor, b: torch.Tensor, max_slices: int = MAX_SLICES) -> tuple[torch.Tensor, torch.Tensor]:
    """(hi, lo) float64 [M, N] with hi + lo = A @ B to ~2^-100 relative to |A||B| (finite inputs).

    a [M, K], b [K, N] float64 on one device. Cost: (number of slices of A) x (of B) FP64 GEMMs.
    """
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        raise TypeError(f"exact_gemm takes torch tensors, got {type(a).__name__} and {type(b).__name__}")
    if a.dtype != torch.float64 or b.dtype != torch.float64 or a.ndim != 2 or b.ndim != 2:
        raise ValueError(f"need 2-D float64 a and b, got {a.dtype} {tuple(a.shape)} and {b.dtype} {tuple(b.shape)}")
    if a.shape[1] != b.shape[0]:
        raise ValueError(f"inner dimensions differ: a is {tuple(a.shape)}, b is {tuple(b.shape)}")
    if not (torch.isfinite(a).all() and torch.isfinite(b).all()):
        raise ValueError("exact_gemm needs finite inputs")
    k = a.shape[1]
    rho = (53 - max(k - 1, 1).bit_length()) // 2
    if rho < 2:
        raise ValueError(f"K = {k} is too large for exact FP64 slicing")
    sa, ea = _slices(a, rho, max_slices)
    sbt, eb = _slices(b.t(), rho, max_slices)
    terms = []  # (weight exponent, exact product)
    for i, qa in enumerate(sa):
        for j, qb in enumerate(sbt):
            terms.append((-rho * (i + j + 2), qa @ qb.t()))
    hi = torch.zeros((a.shape[0], b.shape[1]), dtype=torch.float64, device=a.device)
    lo = torch.zeros_like(hi)
    for w, p in sorted(terms, key=lambda t: -t[0]):  # most significant first
        p = p * 2.0**w  # exact (power of two, no underflow for the slice counts allowed)
        s = hi + p
        bp = s - hi
        lo = lo + ((hi - (s - bp)) + (p - bp))
        hi = s
    s = hi + lo
    lo = lo - (s - hi)
    hi = s
    scale = (ea[:, None] + eb[None, :])
    return _ldexp(hi, scale), _ldexp(lo, scale)


def error_stats(c: torch.Tensor, hi: torch.Tensor, lo: torch.Tensor) -> dict[str, float]:
    """Errors of c against the exact (hi, lo): max and median element-wise relative error (over
    nonzero exact entries), l2 relative error, max absolute error, and the count of entries
    wrong where the exact result is 0."""
    d = (c - hi) - lo
    ex = hi.abs()
    nz = ex > 0
    rel = d.abs()[nz] / ex[nz]
    norm = torch.linalg.norm(hi)
    return {
        "max_rel_err": float(rel.max()) if rel.numel() else 0.0,
        "median_rel_err": float(rel.median()) if rel.numel() else 0.0,
        "l2_rel_err": float(torch.linalg.norm(d) / norm) if float(norm) > 0 else float(torch.linalg.norm(d)),
        "max_abs_err": float(d.abs().max()) if d.numel() else 0.0,
        "wrong_zeros": int((d[~nz] != 0).sum()),
    }


__all__ = ["exact_gemm", "error_stats"]
