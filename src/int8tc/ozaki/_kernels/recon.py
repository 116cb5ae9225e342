"""FP64 reconstruction: C (+)= (f^A f^B^T) * sum_d W[d] 254^-d, one pass, C written once."""

import triton
import triton.language as tl

from ..._jit_helpers import int_to_f64


@triton.jit
def reconstruct_kernel(
    w_ptr,  # [D, Mp, Np] int32 diagonal sums
    fa_ptr, fb_ptr,  # [M], [N] float64 first-level scales of A's rows and B's columns
    c_ptr, stride_cm, stride_cn,  # C [M, N] float64, any strides
    M, N, Mp, Np,
    wt_ptr,  # [D] float64 weights 254^-d (correctly rounded)
    D: tl.constexpr, ACCUMULATE: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m < M)[:, None] & (offs_n < N)[None, :]
    w_offs = offs_m[:, None].to(tl.int64) * Np + offs_n[None, :]
    plane = Mp.to(tl.int64) * Np
    # sum_d W[d] 254^-d from the smallest term up (weights from memory: float constants in a
    # kernel may be rounded to fp32)
    # (INT32 to FP64 through int_to_f64: exact, without the slow conversion instruction)
    f = int_to_f64(tl.load(w_ptr + (D - 1) * plane + w_offs, mask=mask, other=0)) * tl.load(wt_ptr + D - 1)
    for t in tl.static_range(D - 1):
        wd = int_to_f64(tl.load(w_ptr + (D - 2 - t) * plane + w_offs, mask=mask, other=0))
        f = f + wd * tl.load(wt_ptr + D - 2 - t)
    store_scaled(f, offs_m, offs_n, M, N, fa_ptr, fb_ptr, c_ptr, stride_cm, stride_cn, ACCUMULATE)


@triton.jit
def store_scaled(f, offs_m, offs_n, M, N, fa_ptr, fb_ptr, c_ptr, stride_cm, stride_cn, ACCUMULATE: tl.constexpr):
    """C[offs] (+)= (fa fb^T) * f, masked to the M x N matrix (shared by both reconstructions).
    fa fb is formed first unless it falls below the normal range (2^-1022): the scales are not
    powers of two (c / 127), so a subnormal fa fb would lose bits before the product (results near
    underflow 1e-14..1 relative error); then (fa f) fb, whose first product cannot overflow there
    (fa fb < 2^-1022 bounds fa by ~2^59). One rounding more than native only near underflow."""
    mask = (offs_m < M)[:, None] & (offs_n < N)[None, :]
    fa = tl.load(fa_ptr + offs_m, mask=offs_m < M, other=0.0)[:, None]
    fb = tl.load(fb_ptr + offs_n, mask=offs_n < N, other=0.0)[None, :]
    fab = fa * fb
    out = tl.where(tl.abs(fab) >= 2.2250738585072014e-308, fab * f, (fa * f) * fb)
    c_offs = offs_m[:, None].to(tl.int64) * stride_cm + offs_n[None, :].to(tl.int64) * stride_cn
    if ACCUMULATE:
        out = tl.load(c_ptr + c_offs, mask=mask, other=0.0) + out
    tl.store(c_ptr + c_offs, out, mask=mask)
