"""Ozaki-II's ``"accurate"`` scaling of A on the GPU (``reference.accurate_exponents``): 7-bit
upper bounds of |A| and |B^T| as int8 planes, their INT8 product U with a row-max epilogue
M_i = max_j U_ij 2^(eb_j + sb_j), and the row exponents from M_i and the bounds' row sums.
Integer arithmetic and exact FP64 steps only, so the exponents equal the reference's."""

import triton
import triton.language as tl

from ..._jit_helpers import f64_arg, grouped_tile, live_row, load_rows, max_exponent
from .kernels import NONFINITE, _ldexp, chunked_tile_product


@triton.jit
def _row_exponent(bits):
    # e with max |x_r| < 2^e from the bits of the row maximum (0 for zero rows, as the reference)
    return tl.where(bits == 0, 0, max_exponent(bits))


@triton.jit
def bound_plane_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides
    rowmax_ptr,  # [R] int64 bits of max |x_r|
    out_ptr,  # [Rp, Kp] int8 out: u = min(127, ceil(|x| 2^-e 127 + 2^-45)), >= 1 where x != 0
    rowsum_ptr,  # [R] int64, zeroed by the caller: += sum_k u
    R, K, Rp, Kp,
    BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.program_id(1) * BLOCK_K + tl.arange(0, BLOCK_K)
    rmask = rows < R
    bits = tl.load(rowmax_ptr + rows, mask=rmask, other=0)
    live = live_row(bits)  # rows with inf/nan: zero bounds
    e = _row_exponent(bits)
    inside = rmask[:, None] & (cols < K)[None, :] & live[:, None]
    x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, inside)
    v = _ldexp(tl.abs(x), -e[:, None] + tl.zeros_like(x).to(tl.int64)) * 127.0 + 2.842170943040401e-14  # + 2^-45
    t = v.to(tl.int32)
    u = tl.minimum(t + (t.to(tl.float64) < v).to(tl.int32), 127)
    u = tl.maximum(u, (x != 0).to(tl.int32))
    u = tl.where(rmask[:, None] & (cols < K)[None, :], u, 0)  # padding: 0 (U and the row sums as the reference's)
    tl.store(out_ptr + rows[:, None].to(tl.int64) * Kp + cols[None, :], u.to(tl.int8),
             mask=(rows < Rp)[:, None] & (cols < Kp)[None, :])
    tl.atomic_add(rowsum_ptr + rows, tl.sum(u, axis=1).to(tl.int64), mask=rmask, sem="relaxed")


@triton.jit
def bound_product_kernel(
    ua_desc,  # TMA descriptor over A's bounds [Mp, Kp] int8, block [BLOCK_M, BLOCK_K]
    ub_desc,  # TMA descriptor over B^T's bounds [Np, Kp] int8, block [BLOCK_N, BLOCK_K]
    t_ptr,  # [N] int64: eb_j + sb_j
    mmax_ptr,  # [M] int64 bits, zeroed by the caller: atomic max of U_ij 2^t_j over j (>= 0)
    M, N, Mp, Np, Kp,
    K_CHUNK: tl.constexpr,  # INT32 sums over at most this many k (127^2 K_CHUNK < 2^31), then FP64
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    NUM_PROGRAMS: tl.constexpr,
):
    num_pid_m = Mp // BLOCK_M
    num_pid_n = Np // BLOCK_N
    for w in tl.range(tl.program_id(0), num_pid_m * num_pid_n, NUM_PROGRAMS):
        pid_m, pid_n = grouped_tile(w, num_pid_m, num_pid_n, GROUP_M)
        u = chunked_tile_product(ua_desc, ub_desc, pid_m * BLOCK_M, pid_n * BLOCK_N, Kp, K_CHUNK, BLOCK_M, BLOCK_N,
                                 BLOCK_K)
        offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        t = tl.load(t_ptr + offs_n, mask=offs_n < N, other=0)
        v = _ldexp(u, t[None, :] + tl.zeros_like(u).to(tl.int64))  # exact (padding columns: u = 0)
        m = tl.max(v, axis=1)
        tl.atomic_max(mmax_ptr + offs_m, m.to(tl.int64, bitcast=True), mask=offs_m < M, sem="relaxed")


@triton.jit(do_not_specialize=["qd_bits"])
def accurate_scale_kernel(
    rowmax_ptr, rowsum_ptr, mmax_ptr,  # [R] int64: row max bits, bound row sums, bits of M_i
    s_ptr,  # [R] int64 out: reference.accurate_a_exponents, 0 on zero rows, NONFINITE on inf/nan rows
    R, qd_bits,  # f64_bits(reference.accurate_budget): ~2^133, beyond fp32
    MAX_BITS: tl.constexpr, BLOCK: tl.constexpr,
):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < R
    bits = tl.load(rowmax_ptr + offs, mask=mask, other=0)
    e = _row_exponent(bits)
    m_max = tl.load(mmax_ptr + offs, mask=mask, other=0).to(tl.float64, bitcast=True)
    rs = tl.load(rowsum_ptr + offs, mask=mask, other=0).to(tl.float64)
    m2 = m_max + 63.5 * rs
    m2 = (m2.to(tl.int64, bitcast=True) + 1).to(tl.float64, bitcast=True)  # nextafter(m2, inf), m2 >= 0 finite
    v = f64_arg(qd_bits) / m2
    vb = v.to(tl.int64, bitcast=True)
    ex = ((vb >> 52) & 0x7FF) - 1022  # frexp's exponent (v is normal here)
    fl = ex - 1 - ((vb & 0xFFFFFFFFFFFFF) == 0).to(tl.int64)  # floor(log2 v), one less at a power of two
    s = tl.minimum(fl - e, MAX_BITS - e)
    s = tl.where(bits == 0, 0, s)
    s = tl.where(((bits >> 52) & 0x7FF) == 0x7FF, NONFINITE, s)
    tl.store(s_ptr + offs, s, mask=mask)
