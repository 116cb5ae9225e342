"""FP64 reconstruction: C (+)= (s^A s^B^T) * sum_d W[d] 254^-d, one pass, C written once."""

import triton
import triton.language as tl

from ..._jit_helpers import int_to_f64, pow2, pow2_wide


@triton.jit
def reconstruct_kernel(
    w_ptr,  # [D, Mp, Np] int32 diagonal sums
    ca_ptr, prea_ptr, cb_ptr, preb_ptr,  # [M], [N] float64: c and 2^-e of A's rows and B's columns (``store_scaled``)
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
    store_scaled(f, offs_m, offs_n, M, N, ca_ptr, prea_ptr, cb_ptr, preb_ptr, c_ptr, stride_cm, stride_cn, ACCUMULATE)


@triton.jit
def store_scaled(f, offs_m, offs_n, M, N, ca_ptr, prea_ptr, cb_ptr, preb_ptr, c_ptr, stride_cm, stride_cn,
                 ACCUMULATE: tl.constexpr):
    """C[offs] (+)= (c_a c_b^T) * f * 2^(e_a + e_b), masked to the M x N matrix (shared by both
    reconstructions). The first-level scales s_0 = c 2^e stay split up to here: c (in [2^-81, 4/127],
    never subnormal) and e (read from the bits of 2^-e), so a row whose s_0 would be subnormal keeps
    its bits; x = (c_a c_b) f is then scaled by 2^s, s = e_a + e_b, in two exact steps: 2^s1 with s1 =
    clamp(s, -800, 900) keeps x 2^s1 normal, and 2^(s - s1) rounds once, where the result lands
    (subnormal, zero or inf as native). Bit-identical to (s_a s_b) f wherever s_a s_b is normal."""
    mask = (offs_m < M)[:, None] & (offs_n < N)[None, :]
    ca = tl.load(ca_ptr + offs_m, mask=offs_m < M, other=0.0)
    cb = tl.load(cb_ptr + offs_n, mask=offs_n < N, other=0.0)
    ea = (1023 - ((tl.load(prea_ptr + offs_m, mask=offs_m < M, other=1.0).to(tl.int64, bitcast=True) >> 52)
                  & 0x7FF)).to(tl.int32)
    eb = (1023 - ((tl.load(preb_ptr + offs_n, mask=offs_n < N, other=1.0).to(tl.int64, bitcast=True) >> 52)
                  & 0x7FF)).to(tl.int32)
    s = ea[:, None] + eb[None, :]  # int32: |e| <= 1023
    s1 = tl.minimum(tl.maximum(s, -800), 900)
    out = ((ca[:, None] * cb[None, :]) * f) * pow2(s1)
    if tl.max(tl.abs(s - s1)) > 0:  # a tile with scales at the ends of the range (rare): the second step
        out = out * pow2_wide(s - s1)
    c_offs = offs_m[:, None].to(tl.int64) * stride_cm + offs_n[None, :].to(tl.int64) * stride_cn
    if ACCUMULATE:
        out = tl.load(c_ptr + c_offs, mask=mask, other=0.0) + out
    tl.store(c_ptr + c_offs, out, mask=mask)
