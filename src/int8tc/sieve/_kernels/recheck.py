"""The sieve's exact re-check of filter hits, fused: for each pair (i, j), gather y_i and y_j
(FP64 rows), and write the squared norm of the shorter of y_i - y_j and y_i + y_j with its sign.
One pass over the two rows per pair instead of the gathers, differences and sums that torch
materialises (NOTES.md 44)."""

import triton
import triton.language as tl


@triton.jit(do_not_specialize=["P", "D"])
def pair_norms_kernel(
    y_ptr, stride_y,  # Y [N, D] float64, unit stride along D
    pairs_ptr, stride_p0, stride_p1,  # pairs [P, 2] int64 (i, j)
    P, D,
    n2_ptr,  # [P] float64: min(|y_i - y_j|^2, |y_i + y_j|^2)
    sign_ptr,  # [P] int8: +1 when y_i - y_j is the shorter (ties: +1), -1 when y_i + y_j
    BLOCK_P: tl.constexpr, BLOCK_D: tl.constexpr,
):
    p = tl.program_id(0) * BLOCK_P + tl.arange(0, BLOCK_P)
    pm = p < P
    p64 = p.to(tl.int64)
    i = tl.load(pairs_ptr + p64 * stride_p0, mask=pm, other=0)
    j = tl.load(pairs_ptr + p64 * stride_p0 + stride_p1, mask=pm, other=0)
    sm = tl.zeros((BLOCK_P,), dtype=tl.float64)
    sp = tl.zeros((BLOCK_P,), dtype=tl.float64)
    for d0 in range(0, D, BLOCK_D):
        ds = d0 + tl.arange(0, BLOCK_D)
        m2 = pm[:, None] & (ds < D)[None, :]
        a = tl.load(y_ptr + i[:, None] * stride_y + ds[None, :], mask=m2, other=0.0)
        b = tl.load(y_ptr + j[:, None] * stride_y + ds[None, :], mask=m2, other=0.0)
        dm = a - b
        dp = a + b
        sm += tl.sum(dm * dm, axis=1)
        sp += tl.sum(dp * dp, axis=1)
    plus = sp < sm
    tl.store(n2_ptr + p, tl.where(plus, sp, sm), mask=pm)
    tl.store(sign_ptr + p, tl.where(plus, -1, 1).to(tl.int8), mask=pm)
