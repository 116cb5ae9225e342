"""Ozaki-II kernels: residues of the scaled operand, products reduced mod p, CRT to FP64.

Every floating-point step matches ``ozaki2.reference`` operation for operation, so tests
compare bit for bit.
"""

import triton
import triton.language as tl

from ..._jit_helpers import (RNE, grouped_tile, int_to_f64, live_row, load_rows, low_word_biased, max_exponent,
                             rows_absmax_bits)
from ..._jit_helpers import pow2 as _pow2

TWO52 = tl.constexpr(4503599627370496.0)
#: scale exponent that marks a row/column holding inf or NaN (its row/column of C becomes NaN)
NONFINITE = tl.constexpr(-(1 << 40))  # 2^52: (y + 2^52) - 2^52 rounds 0 <= y < 2^52 to nearest even


@triton.jit
def _ldexp(x, e):
    # x * 2^e with one rounding at most (only when the result is subnormal), |e| <= 2046:
    # first a step that is exact for our operands, then the rest
    # (a second exponent beyond the normal range means the result is 0 or inf anyway)
    e1 = tl.minimum(tl.maximum(e, -1000), 1000)
    e2 = tl.minimum(tl.maximum(e - e1, -1022), 1023)
    return (x * _pow2(e1)) * _pow2(e2)


@triton.jit
def _rint(x):
    # round to nearest even for |x| < 2^51 (the magic-constant trick; exact, no fp fusion involved)
    return (x + RNE) - RNE


@triton.jit
def _ceil_shifted(x, shift):
    """ceil(|x| 2^shift) as int64, at least 1 for x != 0 (an underflowed product counts 1)."""
    v = _ldexp(tl.abs(x), shift)
    t = v.to(tl.int64)
    q = t + (t.to(tl.float64) < v).to(tl.int64)
    return tl.maximum(q, (x != 0).to(tl.int64))


@triton.jit
def _round_up_shifted(x, shift):
    """An integer-valued FP64 upper bound of |x| 2^shift (< 2^51): round to nearest, plus 1 where
    x != 0 (so an underflowed product counts 1), without integer conversions."""
    v = _ldexp(tl.abs(x), shift)
    return tl.where(x != 0, ((v + TWO52) - TWO52) + 1.0, 0.0)


@triton.jit
def norm_bound_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides (finite)
    rowmax_ptr,  # [R] int64 bits of each row's max |x| (Ozaki-I's absmax kernel)
    n_ptr,  # [R] int64, zeroed by the caller; atomically += sum_k ceil(|x| 2^(7 - e))^2
    l1_ptr,  # [R] float64, zeroed by the caller when WITH_L1; += sum_k (rint(|x| 2^(L1_BITS - e)) + 1), x != 0
    R, K,
    WITH_L1: tl.constexpr, L1_BITS: tl.constexpr,
    CHUNK_K: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < R
    bits = tl.load(rowmax_ptr + rows, mask=rmask, other=0)
    e = max_exponent(bits)  # max |x_r| <= 2^e
    kstart = tl.program_id(1) * CHUNK_K
    acc = tl.zeros((BLOCK_R,), dtype=tl.int64)
    acc1 = tl.zeros((BLOCK_R,), dtype=tl.float64)  # integers below 2^53: exact in any order
    for kk in range(0, CHUNK_K, BLOCK_K):
        cols = kstart + kk + tl.arange(0, BLOCK_K)
        m = rmask[:, None] & (cols < K)[None, :]
        x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, m)
        q = _ceil_shifted(x, (7 - e)[:, None] + tl.zeros_like(x).to(tl.int64))  # in [0, 128]
        acc += tl.sum(q * q, axis=1)
        if WITH_L1:
            acc1 += tl.sum(_round_up_shifted(x, (L1_BITS - e)[:, None] + tl.zeros_like(x).to(tl.int64)), axis=1)
    tl.atomic_add(n_ptr + rows, acc, mask=rmask, sem="relaxed")
    if WITH_L1:
        tl.atomic_add(l1_ptr + rows, acc1, mask=rmask, sem="relaxed")


@triton.jit
def _cs_exponent(bits, n, G):
    """reference.cs_exponents from the bits of max |x_r| and n_r (the sum of squared 7-bit
    ceilings); NONFINITE for rows with inf/nan."""
    e = tl.where(bits == 0, 0, max_exponent(bits))
    # L = ceil(log2 n) = bit_length(n - 1), from the exponent of float(n - 1) (exact: n < 2^53)
    nm1 = tl.maximum(n - 1, 0).to(tl.float64).to(tl.int64, bitcast=True)
    big_l = tl.where(n > 1, ((nm1 >> 52) & 0x7FF) - 1022, n - 1)
    s = (G - 2 * (e - 7) - big_l) >> 1
    s = tl.minimum(s, 62 - e)
    s = tl.where(big_l < 0, 0, s)
    return tl.where(((bits >> 52) & 0x7FF) == 0x7FF, NONFINITE, s)


@triton.jit
def cs_scale_kernel(
    rowmax_ptr, n_ptr,  # [R] int64: bits of max |x_r|, sum of squared 7-bit ceilings (norm_bound_kernel)
    s_ptr,  # [R] int64 out: scale exponents (reference.cs_exponents), NONFINITE for inf/nan rows
    R, G,  # G: the operand's half-bit budget
    BLOCK: tl.constexpr,
):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < R
    bits = tl.load(rowmax_ptr + offs, mask=mask, other=0)
    n = tl.load(n_ptr + offs, mask=mask, other=0)
    tl.store(s_ptr + offs, _cs_exponent(bits, n, G), mask=mask)


@triton.jit
def _row_scales(x_ptr, stride_xr, stride_xk, rows, rmask, K, G, WITH_L1: tl.constexpr, L1_BITS: tl.constexpr,
                BLOCK_K: tl.constexpr):
    """(bits of max |x_r|, n_r, L1 ceilings, scale exponents) of whole rows: two sweeps over K, the
    max, then the bounds from the end (its first tiles are the ones most likely still in L2). The
    same integers as absmax_rows + norm_bound_kernel + cs_scale_kernel: the 7-bit ceilings are
    formed in FP64 (exact: 0..128, their squares and sums are integers below 2^53), without the
    float-to-int conversions."""
    best = rows_absmax_bits(x_ptr, stride_xr, stride_xk, rows, rmask, K, BLOCK_K)
    e = max_exponent(best)
    acc = tl.zeros(rows.shape, dtype=tl.float64)
    acc1 = tl.zeros(rows.shape, dtype=tl.float64)
    last = (K - 1) // BLOCK_K * BLOCK_K
    for t in range(0, K, BLOCK_K):
        cols = last - t + tl.arange(0, BLOCK_K)
        x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, rmask[:, None] & (cols < K)[None, :])
        v = _ldexp(tl.abs(x), (7 - e)[:, None] + tl.zeros_like(x).to(tl.int64))
        r = _rint(v)
        q = r + tl.where(r < v, 1.0, 0.0)  # ceil(v), v <= 128
        q = tl.where(x != 0, tl.maximum(q, 1.0), 0.0)
        acc += tl.sum(q * q, axis=1)
        if WITH_L1:
            acc1 += tl.sum(_round_up_shifted(x, (L1_BITS - e)[:, None] + tl.zeros_like(x).to(tl.int64)), axis=1)
    n = acc.to(tl.int64)
    return best, n, acc1, _cs_exponent(best, n, G)


@triton.jit
def _store_row_scales(rowmax_ptr, n_ptr, l1_ptr, s_ptr, rows, rmask, best, n, l1, s, WITH_L1: tl.constexpr):
    tl.store(rowmax_ptr + rows, best, mask=rmask)
    tl.store(n_ptr + rows, n, mask=rmask)
    if WITH_L1:
        tl.store(l1_ptr + rows, l1, mask=rmask)
    tl.store(s_ptr + rows, s, mask=rmask)


@triton.jit
def row_scales_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides
    rowmax_ptr,  # [R] int64 out: bits of max |x_r| (as Ozaki-I's absmax kernel)
    n_ptr,  # [R] int64 out: sum_k ceil(|x| 2^(7 - e))^2 (as norm_bound_kernel; unspecified on inf/nan rows)
    l1_ptr,  # [R] float64 out when WITH_L1: sum_k (rint(|x| 2^(L1_BITS - e)) + 1) over x != 0
    s_ptr,  # [R] int64 out: the scale exponents (as cs_scale_kernel)
    R, K, G,
    WITH_L1: tl.constexpr, L1_BITS: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    """absmax_rows + norm_bound_kernel + cs_scale_kernel in one launch: each program owns BLOCK_R
    whole rows and reads them twice (``_row_scales``); no atomics, no zeroed buffers."""
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < R
    best, n, l1, s = _row_scales(x_ptr, stride_xr, stride_xk, rows, rmask, K, G, WITH_L1, L1_BITS, BLOCK_K)
    _store_row_scales(rowmax_ptr, n_ptr, l1_ptr, s_ptr, rows, rmask, best, n, l1, s, WITH_L1)


@triton.jit
def _residue_tile(x, rows, cols, rmask, s, bits, p_ptr, pf_ptr, r_ptr, fs_ptr, Rp, Kp, Kps,
                  NMOD: tl.constexpr, FLOORS: tl.constexpr, SUB: tl.constexpr):
    """The NMOD symmetric residues of rint(x 2^s) for a [rows, cols] tile of X (0 outside it) into
    r_ptr's planes, and with FLOORS the guard's 7-bit floors (``bits``: the rows' max |x| bits)."""
    y = _ldexp(x, s[:, None] + tl.zeros_like(x).to(tl.int64))
    # rint, ties to even, for |y| <= 2^62: values at or above 2^52 are already integers
    magic = tl.where(y >= 0, TWO52, -TWO52)
    y = tl.where(tl.abs(y) < TWO52, (y + magic) - magic, y)
    # y = h 2^31 + l exactly, |h| <= 2^31, |l| <= 2^30: all later FP64 steps are exact
    h = _rint(y * 4.656612873077393e-10)
    lo = y - h * 2147483648.0
    out_mask = (rows < Rp)[:, None] & (cols < Kp)[None, :]
    offs = rows[:, None].to(tl.int64) * Kp + cols[None, :]
    plane = Rp.to(tl.int64) * Kp
    # the low 32 bits of h and lo as int32 (the bits of v + 1.5 * 2^52 hold v mod 2^32 for |v| < 2^51)
    h32 = low_word_biased(h + RNE)
    lo32 = low_word_biased(lo + RNE)
    for k in tl.static_range(NMOD):
        p = tl.load(p_ptr + k).to(tl.int32)
        pinv = tl.load(pf_ptr + 2 * k)
        c31 = tl.load(pf_ptr + 2 * k + 1)
        t = tl.fma(h, c31, lo)  # = y mod p, up to multiples of p; exact, |t| < 2^40
        # q = rint(t / p) exactly, in the low bits of fma(t, 1/p, 1.5 * 2^52): t pinv is within
        # 2^-13 / p of t / p (|t| < 2^40), and for odd p, t / p is either an integer or at least
        # 1 / (2p) from a half-integer; for p = 256, pinv is exact and a tie gives +-128, one byte.
        # So m = t - q p is the symmetric residue itself (odd p: |m| <= (p - 1) / 2, no correction
        # steps), and its low byte follows from the low words in int32 arithmetic (mod 2^32):
        # two FP64 operations and two integer ones per modulus, no float-to-int conversion
        q32 = low_word_biased(tl.fma(t, pinv, RNE))
        m32 = (h32 * c31.to(tl.int32) + lo32) + q32 * (-p)  # wraps mod 2^32: only the low byte matters
        tl.store(r_ptr + k * plane + offs, m32.to(tl.int8), mask=out_mask)
    if FLOORS:  # plane NMOD: the guard's 7-bit floors of |x| 2^(7 - e), 0 on zero and non-finite rows
        e = max_exponent(bits)  # max |x_r| < 2^e: floors <= 127
        f = _ldexp(tl.abs(x), (7 - e)[:, None] + tl.zeros_like(x).to(tl.int64))  # exact or rounded down
        f = tl.where(live_row(bits)[:, None], f, 0.0).to(tl.int32).to(tl.int8)  # truncation = floor
        tl.store(r_ptr + NMOD * plane + offs, f, mask=out_mask)
        if SUB > 1:  # every SUB-th column again, packed: the guard's cheap first pass
            sc = cols // SUB
            keep = out_mask & ((cols % SUB == 0) & (sc < Kps))[None, :]
            tl.store(fs_ptr + rows[:, None].to(tl.int64) * Kps + sc[None, :], f, mask=keep)


@triton.jit
def residue_split_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides
    s_ptr,  # [R] int64 scale exponents: X' = rint(X 2^s), |X'| <= 2^62
    p_ptr,  # [NMOD] int64 moduli
    pf_ptr,  # [NMOD, 2] float64: 1/p (rounded), 2^31 mod p
    r_ptr,  # [NMOD (+1), Rp, Kp] int8 out: symmetric residues of X' (zero padded), then the floors
    rowmax_ptr,  # [R] int64 bits of max |x_r| (read when FLOORS)
    fs_ptr,  # [Rp, Kps] int8, zeroed once by the caller: the floors of columns 0, SUB, 2 SUB, ... (SUB > 1)
    R, K, Rp, Kp, Kps,
    NMOD: tl.constexpr, FLOORS: tl.constexpr, SUB: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.program_id(1) * BLOCK_K + tl.arange(0, BLOCK_K)
    rmask = rows < R
    x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, rmask[:, None] & (cols < K)[None, :])
    s = tl.load(s_ptr + rows, mask=rmask, other=0)
    if FLOORS:
        bits = tl.load(rowmax_ptr + rows, mask=rmask, other=0)
    else:
        bits = tl.zeros_like(s)
    _residue_tile(x, rows, cols, rmask, s, bits, p_ptr, pf_ptr, r_ptr, fs_ptr, Rp, Kp, Kps, NMOD, FLOORS, SUB)


@triton.jit
def scale_split_rows_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides
    rowmax_ptr, n_ptr, l1_ptr, s_ptr,  # [R] out: as row_scales_kernel writes them
    p_ptr, pf_ptr,  # as residue_split_kernel
    r_ptr,  # [NMOD (+1), Rp, Kp] int8 out: as residue_split_kernel writes it (padding rows and columns 0)
    fs_ptr,  # as residue_split_kernel
    R, K, Rp, Kp, Kps, G,
    NMOD: tl.constexpr, FLOORS: tl.constexpr, SUB: tl.constexpr, WITH_L1: tl.constexpr, L1_BITS: tl.constexpr,
    BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    """row_scales_kernel + residue_split_kernel in one launch (a grid over Rp, the padding rows
    included): each program owns BLOCK_R whole rows, sweeps them for the max, backwards for the
    bounds and the exponents, then forwards for the residues, so the last two sweeps start on the
    tiles the one before ended on (most likely still in L2). The same bytes as the two kernels."""
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < R
    best, n, l1, s = _row_scales(x_ptr, stride_xr, stride_xk, rows, rmask, K, G, WITH_L1, L1_BITS, BLOCK_K)
    _store_row_scales(rowmax_ptr, n_ptr, l1_ptr, s_ptr, rows, rmask, best, n, l1, s, WITH_L1)
    for k0 in range(0, Kp, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, rmask[:, None] & (cols < K)[None, :])
        _residue_tile(x, rows, cols, rmask, s, best, p_ptr, pf_ptr, r_ptr, fs_ptr, Rp, Kp, Kps, NMOD, FLOORS, SUB)


@triton.jit
def chunked_tile_product(a_desc, b_desc, row0, col0, Kp, K_CHUNK: tl.constexpr, BLOCK_M: tl.constexpr,
                         BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """A [BLOCK_M, BLOCK_N] tile of two int8 TMA operands (K contiguous) as FP64: INT32 sums over
    at most K_CHUNK k (exact while 127^2 K_CHUNK < 2^31), added in FP64 (exact below 2^53)."""
    out = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    for k0 in range(0, Kp, K_CHUNK):
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
        for kk in range(k0, tl.minimum(k0 + K_CHUNK, Kp), BLOCK_K):
            acc = tl.dot(a_desc.load([row0, kk]), b_desc.load([col0, kk]).T, acc, out_dtype=tl.int32)
        out += int_to_f64(acc)
    return out


@triton.jit
def modular_gemm_kernel(
    ra_desc,  # TMA descriptor over A's residues viewed as [NMOD * Mp, Kp] int8, block [BLOCK_M, BLOCK_K]
    rb_desc,  # TMA descriptor over B^T's residues viewed as [NMOD * Np, Kp] int8, block [BLOCK_N, BLOCK_K]
    p_ptr,  # [NMOD] int64 moduli
    pf_ptr,  # [NMOD, 2] float64: 1/p (rounded), 2^31 mod p (as residue_split_kernel)
    out_ptr,  # [NMOD, Mp, Np] uint8: (A_k B_k^T) mod p_k, (+ previous residue if ACCUMULATE) mod p_k
    Mp, Np, k0, k_len,
    NMOD: tl.constexpr, ACCUMULATE: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    NUM_PROGRAMS: tl.constexpr,
):
    num_pid_m = Mp // BLOCK_M
    num_pid_n = Np // BLOCK_N
    tiles = num_pid_m * num_pid_n
    nk = k_len // BLOCK_K
    for w in tl.range(tl.program_id(0), NMOD * tiles, NUM_PROGRAMS, flatten=True):
        kmod = w // tiles
        pid_m, pid_n = grouped_tile(w % tiles, num_pid_m, num_pid_n, GROUP_M)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
        for t in range(0, nk):
            kk = k0 + t * BLOCK_K
            a = ra_desc.load([kmod * Mp + pid_m * BLOCK_M, kk])
            b = rb_desc.load([kmod * Np + pid_n * BLOCK_N, kk])
            acc = tl.dot(a, b.T, acc, out_dtype=tl.int32)
        p = tl.load(p_ptr + kmod).to(tl.int32)
        pinv = tl.load(pf_ptr + 2 * kmod)
        offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        o = kmod.to(tl.int64) * Mp * Np + offs_m[:, None].to(tl.int64) * Np + offs_n[None, :]
        # acc mod p without an integer division (~20 instructions each): |acc| < 2^31, so, as in
        # residue_split_kernel, q = rint(acc / p) comes out exact from one FMA and r = acc - q p
        # (int32, wrapping) is the symmetric residue; then into [0, p)
        r = acc + low_word_biased(tl.fma(int_to_f64(acc), pinv, RNE)) * (-p)
        r = tl.where(r < 0, r + p, r)
        if ACCUMULATE:
            r = r + tl.load(out_ptr + o).to(tl.int32)
            r = tl.where(r >= p, r - p, r)
        tl.store(out_ptr + o, r.to(tl.uint8))


@triton.jit
def _chunk(c: tl.constexpr, s0, s1, s2, s3):
    if c == 0:
        return s0
    elif c == 1:
        return s1
    elif c == 2:
        return s2
    else:
        return s3


@triton.jit
def crt_kernel(
    res_ptr,  # [NMOD, Mp, Np] uint8 residues
    const_ptr,  # float64: w[k][c] (NMOD * NCHUNK), then P chunks (NCHUNK), then 2^{40c}/P (NCHUNK)
    sa_ptr, sb_ptr,  # [M], [N] int64 scale exponents
    c_ptr, stride_cm, stride_cn,  # C [M, N] float64
    M, N, Mp, Np,
    NMOD: tl.constexpr, NCHUNK: tl.constexpr, CHUNK_BITS: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
):
    tl.static_assert(NCHUNK <= 4)
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m < M)[:, None] & (offs_n < N)[None, :]
    ro = offs_m[:, None].to(tl.int64) * Np + offs_n[None, :]
    plane = Mp.to(tl.int64) * Np
    # one read of the residues: s_c = sum_k r_k w[k][c], integers below 2^53, exact in any order
    s0 = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    s1 = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    s2 = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    s3 = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    # (fused multiply-adds: every product and sum is an exact integer, so fusing changes nothing)
    for k in tl.static_range(NMOD):
        r = int_to_f64(tl.load(res_ptr + k * plane + ro, mask=mask, other=0))
        s0 = tl.fma(r, tl.load(const_ptr + k * NCHUNK), s0)
        if NCHUNK > 1:
            s1 = tl.fma(r, tl.load(const_ptr + k * NCHUNK + 1), s1)
        if NCHUNK > 2:
            s2 = tl.fma(r, tl.load(const_ptr + k * NCHUNK + 2), s2)
        if NCHUNK > 3:
            s3 = tl.fma(r, tl.load(const_ptr + k * NCHUNK + 3), s3)
    # q = round(S / P) from the chunks (same order as the reference)
    approx = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    for c in tl.static_range(NCHUNK):
        approx = approx + _chunk(c, s0, s1, s2, s3) * tl.load(const_ptr + NMOD * NCHUNK + NCHUNK + c)
    q = _rint(approx)  # |approx| < 2^51
    # D_c = s_c - q P_c exact; X = sum_c D_c 2^{40c} by two-sums from the top chunk
    hi = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    lo = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float64)
    for cc in tl.static_range(NCHUNK):
        sc = _chunk(NCHUNK - 1 - cc, s0, s1, s2, s3)
        d = (sc - q * tl.load(const_ptr + NMOD * NCHUNK + (NCHUNK - 1 - cc))) * _pow2(tl.zeros_like(ro) + (NCHUNK - 1 - cc) * CHUNK_BITS)
        if cc == 0:
            hi = d
        else:
            t = hi + d
            bp = t - hi
            lo = lo + ((hi - (t - bp)) + (d - bp))
            hi = t
    x = hi + lo
    sa = tl.load(sa_ptr + offs_m, mask=offs_m < M, other=0)
    sb = tl.load(sb_ptr + offs_n, mask=offs_n < N, other=0)
    x = _ldexp(x, -(sa[:, None] + sb[None, :]))
    x = tl.where((sa == NONFINITE)[:, None] | (sb == NONFINITE)[None, :], float("nan"), x)
    tl.store(c_ptr + offs_m[:, None].to(tl.int64) * stride_cm + offs_n[None, :].to(tl.int64) * stride_cn, x, mask=mask)
