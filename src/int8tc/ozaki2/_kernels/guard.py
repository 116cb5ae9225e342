"""The a posteriori accuracy guard of ``dgemm(accuracy="fp64")``: one INT8 product of 7-bit
floors of |A| and |B| (a lower bound of |A||B|) with the bound test fused into its epilogue;
nothing of size M x N is written, only the count of failing entries."""

import triton
import triton.language as tl

from ..._jit_helpers import grouped_tile, load_rows
from .kernels import _ldexp


@triton.jit
def floor_bounds_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides (rows with inf/nan: zeroed by e = NONE)
    e_ptr,  # [R] int64: max |x_r| < 2^e_r; rows to skip hold a value below -2000
    out_ptr,  # [Rp, Kp] int8 out: floor(|x| 2^-e 127), zero padded
    R, K, Rp, Kp,
    BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.program_id(1) * BLOCK_K + tl.arange(0, BLOCK_K)
    e = tl.load(e_ptr + rows, mask=rows < R, other=-4000)
    live = e > -2000
    inside = (rows < R)[:, None] & (cols < K)[None, :] & live[:, None]
    x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, inside)
    e = tl.where(live, e, 0)
    v = _ldexp(tl.abs(x), -e[:, None] + tl.zeros_like(x).to(tl.int64)) * 127.0  # |x| 2^-e < 1: exact, then one rounding
    q = v.to(tl.int32)  # truncation = floor for v >= 0
    tl.store(out_ptr + rows[:, None].to(tl.int64) * Kp + cols[None, :], q.to(tl.int8),
             mask=(rows < Rp)[:, None] & (cols < Kp)[None, :])


@triton.jit
def guard_kernel(
    la_ptr,  # [Mp, Kp] int8 floors of |A| (K contiguous)
    lb_ptr,  # [Np, Kp] int8 floors of |B^T|
    pa_ptr, na_ptr,  # [M] float64: 2^-(sa_i + ea_i), |a_i|_1 2^-ea_i (0 for rows to skip)
    pb_ptr, nb_ptr,  # [N] float64: 2^-(sb_j + eb_j), |b_j|_1 2^-eb_j
    count_ptr,  # [1] int64: += entries with E'_ij > thr * (la lb^T)_ij
    M, N, Mp, Np, Kp, kq, thr,  # kq = K / 4; thr = tau sqrt(K) u / 127^2
    K_CHUNK: tl.constexpr,  # INT32 sums over at most this many k (127^2 K_CHUNK < 2^31), then FP64
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
):
    pid_m, pid_n = grouped_tile(tl.program_id(0), Mp // BLOCK_M, Np // BLOCK_N, GROUP_M)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_base = la_ptr + offs_m[:, None].to(tl.int64) * Kp + offs_k[None, :]
    b_base = lb_ptr + offs_n[:, None].to(tl.int64) * Kp + offs_k[None, :]
    low = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    for k0 in range(0, Kp, K_CHUNK):
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
        for kk in range(k0, tl.minimum(k0 + K_CHUNK, Kp), BLOCK_K):
            acc = tl.dot(tl.load(a_base + kk), tl.trans(tl.load(b_base + kk)), acc, out_dtype=tl.int32)
        low += acc.to(tl.float64)
    pa = tl.load(pa_ptr + offs_m, mask=offs_m < M, other=0.0)
    na = tl.load(na_ptr + offs_m, mask=offs_m < M, other=0.0)
    pb = tl.load(pb_ptr + offs_n, mask=offs_n < N, other=0.0)
    nb = tl.load(nb_ptr + offs_n, mask=offs_n < N, other=0.0)
    # E' = |b_j|_1 2^-eb / 2 * 2^-(sa+ea) + |a_i|_1 2^-ea / 2 * 2^-(sb+eb) + K/4 2^-(sa+ea) 2^-(sb+eb)
    err = 0.5 * (pa[:, None] * nb[None, :]) + 0.5 * (na[:, None] * pb[None, :]) + kq * (pa[:, None] * pb[None, :])
    fail = (err > thr * low).to(tl.int32)
    n_fail = tl.sum(tl.sum(fail, axis=1), axis=0)
    if n_fail > 0:
        tl.atomic_add(count_ptr, n_fail.to(tl.int64))
