"""INT8 slice GEMM, one output tile per program, all pairs of one anti-diagonal in one INT32 sum."""

import triton
import triton.language as tl

from ..._jit_helpers import grouped_tile
from .recon import store_scaled


@triton.jit
def diagonal_gemm_kernel(
    qa_ptr,  # [S, Mp, Kp] int8 slices of A (K contiguous)
    qb_ptr,  # [S, Np, Kp] int8 slices of B^T (K contiguous)
    w_ptr,  # [D, Mp, Np] int32 out: W[d] = sum_{i+j=d} A_i B_j^T over k in [k0, k0 + k_len)
    Mp, Np, Kp, k0, k_len,
    SPLITS: tl.constexpr, DIAG: tl.constexpr,  # one launch per anti-diagonal d = DIAG
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
):
    pid = tl.program_id(0)
    pid_m, pid_n = grouped_tile(pid, Mp // BLOCK_M, Np // BLOCK_N, GROUP_M)

    I_LO: tl.constexpr = max(0, DIAG - SPLITS + 1)
    I_HI: tl.constexpr = min(DIAG, SPLITS - 1)
    nk = k_len // BLOCK_K
    n_iter = (I_HI - I_LO + 1) * nk
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_base = qa_ptr + offs_m[:, None].to(tl.int64) * Kp + offs_k[None, :]
    b_base = qb_ptr + offs_n[:, None].to(tl.int64) * Kp + offs_k[None, :]
    sa = Mp.to(tl.int64) * Kp
    sb = Np.to(tl.int64) * Kp
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    for t in range(0, n_iter):
        i = I_LO + t // nk
        kk = k0 + (t % nk) * BLOCK_K
        a = tl.load(a_base + (i * sa + kk))
        b = tl.load(b_base + ((DIAG - i) * sb + kk))
        acc = tl.dot(a, tl.trans(b), acc, out_dtype=tl.int32)
    w_offs = DIAG * Mp.to(tl.int64) * Np + offs_m[:, None].to(tl.int64) * Np + offs_n[None, :]
    tl.store(w_ptr + w_offs, acc)


@triton.jit
def _pairs_tile(qa_desc, qb_desc, diag, i_lo, n_pairs, pid_m, pid_n, Mp, Np, k0, nk,
                BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    # sum over the pairs (i, diag - i), i = i_lo .. i_lo + n_pairs - 1, of one output tile, as one
    # INT32 sum over the concatenated K (diag, i_lo, n_pairs may be constexpr: then it specialises)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    for t in range(0, n_pairs * nk):
        i = i_lo + t // nk
        kk = k0 + (t % nk) * BLOCK_K
        a = qa_desc.load([i * Mp + pid_m * BLOCK_M, kk])
        b = qb_desc.load([(diag - i) * Np + pid_n * BLOCK_N, kk])
        acc = tl.dot(a, b.T, acc, out_dtype=tl.int32)
    return acc


@triton.jit
def diagonal_gemm_persistent_kernel(
    qa_desc,  # TMA descriptor over A's slices viewed as [S * Mp, Kp] int8, block [BLOCK_M, BLOCK_K]
    qb_desc,  # TMA descriptor over B^T's slices viewed as [S * Np, Kp] int8, block [BLOCK_N, BLOCK_K]
    w_ptr,  # [D, Mp, Np] int32 out
    Mp, Np, k0, k_len,
    SPLITS: tl.constexpr, DIAG: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    NUM_PROGRAMS: tl.constexpr,
):
    """Persistent variant: NUM_PROGRAMS programs stride over the output tiles, tiles loaded by TMA."""
    I_LO: tl.constexpr = max(0, DIAG - SPLITS + 1)
    I_HI: tl.constexpr = min(DIAG, SPLITS - 1)
    num_pid_m = Mp // BLOCK_M
    num_pid_n = Np // BLOCK_N
    num_tiles = num_pid_m * num_pid_n
    nk = k_len // BLOCK_K
    for tile in tl.range(tl.program_id(0), num_tiles, NUM_PROGRAMS, flatten=True):
        pid_m, pid_n = grouped_tile(tile, num_pid_m, num_pid_n, GROUP_M)
        acc = _pairs_tile(qa_desc, qb_desc, DIAG, I_LO, I_HI - I_LO + 1, pid_m, pid_n, Mp, Np, k0, nk,
                          BLOCK_M, BLOCK_N, BLOCK_K)
        offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        w_offs = DIAG * Mp.to(tl.int64) * Np + offs_m[:, None].to(tl.int64) * Np + offs_n[None, :]
        tl.store(w_ptr + w_offs, acc)


@triton.jit
def diagonals_gemm_persistent_kernel(
    qa_desc, qb_desc,  # TMA descriptors as in diagonal_gemm_persistent_kernel
    order_ptr,  # [D] int32: the diagonals, most pairs first
    w_ptr,  # [D, Mp, Np] int32 out
    Mp, Np, k0, k_len,
    SPLITS: tl.constexpr, D: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    NUM_PROGRAMS: tl.constexpr,
):
    """All D diagonals in one persistent launch (``Config.one_launch``): work item w is tile
    w % tiles of diagonal order[w // tiles], so the programs run on from one diagonal into the
    next instead of idling at the end of each launch (the larger diagonals first)."""
    num_pid_m = Mp // BLOCK_M
    num_pid_n = Np // BLOCK_N
    num_tiles = num_pid_m * num_pid_n
    nk = k_len // BLOCK_K
    for w in tl.range(tl.program_id(0), D * num_tiles, NUM_PROGRAMS, flatten=True):
        diag = tl.load(order_ptr + w // num_tiles)
        pid_m, pid_n = grouped_tile(w % num_tiles, num_pid_m, num_pid_n, GROUP_M)
        i_lo = tl.maximum(diag - SPLITS + 1, 0)
        acc = _pairs_tile(qa_desc, qb_desc, diag, i_lo, tl.minimum(diag, SPLITS - 1) - i_lo + 1, pid_m, pid_n, Mp, Np,
                          k0, nk, BLOCK_M, BLOCK_N, BLOCK_K)
        offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        w_offs = diag.to(tl.int64) * Mp * Np + offs_m[:, None].to(tl.int64) * Np + offs_n[None, :]
        tl.store(w_ptr + w_offs, acc)


@triton.jit
def _diagonal_acc(qa_desc, qb_desc, pid_m, pid_n, Mp, Np, k0, nk,
                  SPLITS: tl.constexpr, DIAG: tl.constexpr,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    I_LO: tl.constexpr = max(0, DIAG - SPLITS + 1)
    I_HI: tl.constexpr = min(DIAG, SPLITS - 1)
    return _pairs_tile(qa_desc, qb_desc, DIAG, I_LO, I_HI - I_LO + 1, pid_m, pid_n, Mp, Np, k0, nk,
                       BLOCK_M, BLOCK_N, BLOCK_K)


@triton.jit
def diagonal_gemm_recon_kernel(
    qa_desc, qb_desc,  # TMA descriptors as in diagonal_gemm_persistent_kernel
    ca_ptr, prea_ptr, cb_ptr, preb_ptr,  # [M], [N] float64 scales split as c and 2^-e (as reconstruct_kernel)
    wt_ptr,  # [D] float64 weights 254^-d
    c_ptr, stride_cm, stride_cn,  # C [M, N] float64, any strides
    M, N, Mp, Np, k0, k_len,
    SPLITS: tl.constexpr, D: tl.constexpr, ACCUMULATE: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr,
    NUM_PROGRAMS: tl.constexpr,
):
    """Products and reconstruction in one persistent kernel: per output tile, the INT32 sum of
    every kept anti-diagonal (largest d first) is weighted into an FP64 tile in registers, in
    reconstruct_kernel's order, and C is written once; no INT32 planes go to memory."""
    num_pid_m = Mp // BLOCK_M
    num_pid_n = Np // BLOCK_N
    nk = k_len // BLOCK_K
    for tile in tl.range(tl.program_id(0), num_pid_m * num_pid_n, NUM_PROGRAMS, flatten=True):
        pid_m, pid_n = grouped_tile(tile, num_pid_m, num_pid_n, GROUP_M)
        acc = _diagonal_acc(qa_desc, qb_desc, pid_m, pid_n, Mp, Np, k0, nk, SPLITS, D - 1, BLOCK_M, BLOCK_N, BLOCK_K)
        f = acc.to(tl.float64) * tl.load(wt_ptr + D - 1)
        for t in tl.static_range(D - 1):
            acc = _diagonal_acc(qa_desc, qb_desc, pid_m, pid_n, Mp, Np, k0, nk, SPLITS, D - 2 - t,
                                BLOCK_M, BLOCK_N, BLOCK_K)
            f = f + acc.to(tl.float64) * tl.load(wt_ptr + D - 2 - t)
        offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
        store_scaled(f, offs_m, offs_n, M, N, ca_ptr, prea_ptr, cb_ptr, preb_ptr, c_ptr, stride_cm, stride_cn,
                     ACCUMULATE)
