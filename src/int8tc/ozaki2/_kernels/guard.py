"""The a posteriori accuracy guard of ``dgemm(accuracy="fp64")``: one INT8 product of the 7-bit
floors of |A| and |B| (a lower bound of |A||B|, written by the residue split as an extra plane)
with the bound test fused into its epilogue; nothing of size M x N is written, only the count of
failing entries. Same arithmetic as ``reference.guard_count``."""

import triton
import triton.language as tl

from ..._jit_helpers import f64_arg, grouped_tile, int_to_f64, live_row, max_exponent
from .kernels import _ldexp, chunked_tile_product


@triton.jit
def _guard_rows(s_ptr, rowmax_ptr, l1_ptr, offs, R, L1_BITS: tl.constexpr):
    # per row (or column): p = 2^-(s + e), n = l1 2^-L1_BITS >= |x|_1 2^-e; both 0 on rows the
    # guard skips (zero rows, rows with inf/nan, padding)
    m = offs < R
    s = tl.load(s_ptr + offs, mask=m, other=0)
    bits = tl.load(rowmax_ptr + offs, mask=m, other=0)
    l1 = tl.load(l1_ptr + offs, mask=m, other=0.0)
    e = max_exponent(bits)
    live = m & live_row(bits)
    p = tl.where(live, _ldexp(tl.full(offs.shape, 1.0, tl.float64), -(s + e)), 0.0)
    n = tl.where(live, _ldexp(l1, tl.full(offs.shape, -L1_BITS, tl.int64)), 0.0)
    return p, n


@triton.jit
def _guard_test(low, pid_m, pid_n, sa_ptr, rowmax_a_ptr, l1a_ptr, sb_ptr, rowmax_b_ptr, l1b_ptr, count_ptr,
                M, N, kq, thr, L1_BITS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # count the tile's entries with E'_ij > thr * low_ij (one atomic per tile)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    pa, na = _guard_rows(sa_ptr, rowmax_a_ptr, l1a_ptr, offs_m, M, L1_BITS)
    pb, nb = _guard_rows(sb_ptr, rowmax_b_ptr, l1b_ptr, offs_n, N, L1_BITS)
    # E' = |b_j|_1 2^-eb / 2 * 2^-(sa+ea) + |a_i|_1 2^-ea / 2 * 2^-(sb+eb) + K/4 2^-(sa+ea) 2^-(sb+eb)
    #    = pa_i (nb_j / 2 + K/4 pb_j) + (na_i / 2) pb_j: per entry two products and an add (unfused,
    # as reference.guard_count), the rest per row and column
    col = 0.5 * nb + kq * pb
    row = 0.5 * na
    err = pa[:, None] * col[None, :] + row[:, None] * pb[None, :]
    n_fail = tl.sum(tl.sum((err > thr * low).to(tl.int32), axis=1), axis=0)
    tl.atomic_add(count_ptr, n_fail.to(tl.int64), sem="relaxed")


@triton.jit(do_not_specialize=["thr_bits"])  # a value of bits 1 would become a constexpr
def guard_kernel(
    la_desc,  # TMA descriptor over A's floors [Mp, Kp] int8, block [BLOCK_M, BLOCK_K]
    lb_desc,  # TMA descriptor over B^T's floors [Np, Kp] int8, block [BLOCK_N, BLOCK_K]
    sa_ptr, rowmax_a_ptr, l1a_ptr,  # [M]: A's scale exponents, row max bits (int64), L1 bounds (float64)
    sb_ptr, rowmax_b_ptr, l1b_ptr,  # [N]: the same for B's columns
    count_ptr,  # [1] int64: += entries with E'_ij > thr * (la lb^T)_ij
    M, N, Mp, Np, Kp, kq, thr_bits,  # kq = K / 4 (exact in fp32); f64_bits(thr), thr = tau sqrt(K) u / 128^2
    L1_BITS: tl.constexpr,
    K_CHUNK: tl.constexpr,  # INT32 sums over at most this many k (127^2 K_CHUNK < 2^31), then FP64
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    NUM_PROGRAMS: tl.constexpr,
):
    num_pid_m = Mp // BLOCK_M
    num_pid_n = Np // BLOCK_N
    thr = f64_arg(thr_bits)
    if Kp <= K_CHUNK:  # one INT32 sum per entry: the modular GEMM's flattened persistent loop
        nk = Kp // BLOCK_K
        for w in tl.range(tl.program_id(0), num_pid_m * num_pid_n, NUM_PROGRAMS, flatten=True):
            pid_m, pid_n = grouped_tile(w, num_pid_m, num_pid_n, GROUP_M)
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
            for t in range(0, nk):
                a = la_desc.load([pid_m * BLOCK_M, t * BLOCK_K])
                b = lb_desc.load([pid_n * BLOCK_N, t * BLOCK_K])
                acc = tl.dot(a, b.T, acc, out_dtype=tl.int32)
            _guard_test(int_to_f64(acc), pid_m, pid_n, sa_ptr, rowmax_a_ptr, l1a_ptr, sb_ptr, rowmax_b_ptr,
                        l1b_ptr, count_ptr, M, N, kq, thr, L1_BITS, BLOCK_M, BLOCK_N)
    else:  # INT32 sums over K chunks, added in FP64 (exact: integers below 2^53)
        for w in tl.range(tl.program_id(0), num_pid_m * num_pid_n, NUM_PROGRAMS):
            pid_m, pid_n = grouped_tile(w, num_pid_m, num_pid_n, GROUP_M)
            low = chunked_tile_product(la_desc, lb_desc, pid_m * BLOCK_M, pid_n * BLOCK_N, Kp, K_CHUNK, BLOCK_M,
                                       BLOCK_N, BLOCK_K)
            _guard_test(low, pid_m, pid_n, sa_ptr, rowmax_a_ptr, l1a_ptr, sb_ptr, rowmax_b_ptr, l1b_ptr, count_ptr,
                        M, N, kq, thr, L1_BITS, BLOCK_M, BLOCK_N)
