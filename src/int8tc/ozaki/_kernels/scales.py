"""Row scales on the GPU: max |x| per row (bit-exact, NaN-propagating) and the (2^-e, c) pair (scale c 2^e).

Non-negative doubles order like their bit patterns as int64, and NaN's pattern lies above inf's,
so an integer max over |x| bits is an exact, NaN-propagating max-abs.
"""

import triton
import triton.language as tl

from ..._jit_helpers import frexp_exponent, load_rows
from ..._jit_helpers import pow2 as _pow2

ABS_MASK = tl.constexpr(0x7FFFFFFFFFFFFFFF)


@triton.jit
def absmax_rows_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides
    rowmax_ptr,  # [R] int64, zeroed by the caller; atomically maxed with the bits of max |x[r, k]|
    R, K,
    CHUNK_K: tl.constexpr,  # columns per program (grid axis 1 walks the chunks)
    BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < R
    kstart = tl.program_id(1) * CHUNK_K
    best = tl.zeros((BLOCK_R,), dtype=tl.int64)
    for kk in range(0, CHUNK_K, BLOCK_K):
        cols = kstart + kk + tl.arange(0, BLOCK_K)
        m = rmask[:, None] & (cols < K)[None, :]
        x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, m)
        bits = x.to(tl.int64, bitcast=True) & ABS_MASK
        best = tl.maximum(best, tl.max(bits, axis=1))
    tl.atomic_max(rowmax_ptr + rows, best, mask=rmask, sem="relaxed")


@triton.jit
def scale_from_bits(bits, MATRIX: tl.constexpr, EXP_MIN: tl.constexpr, EXP_MAX: tl.constexpr):
    """(2^-e, c) from the bits of a row's (or the matrix's) max |x|; c NaN if non-finite. The row's
    scale is c 2^e; the reconstruction takes c and 2^-e apart (exact near underflow, NOTES.md 62)."""
    biased = (bits >> 52) & 0x7FF
    finite = biased < 0x7FF
    fe = tl.where(finite, frexp_exponent(bits), 0)  # x < 2^fe (frexp's exponent, subnormals too; zero: -1021)
    e = tl.minimum(tl.maximum(fe, EXP_MIN), EXP_MAX)
    pre = _pow2(-e)
    if MATRIX:
        c = (bits.to(tl.float64, bitcast=True) * pre) / 127.0
    else:
        c = _pow2(fe - e) / 127.0
    c = tl.where(finite, c, float("nan"))
    return pre, c


@triton.jit
def row_scales_kernel(
    rowmax_ptr,  # [R] int64 bits of each row's max |x|
    pre_ptr, c_ptr,  # [R] float64 out: 2^-e and c (c NaN for non-finite rows)
    R,
    MATRIX: tl.constexpr,  # one scale for the whole matrix (launch with a single program)
    EXP_MIN: tl.constexpr, EXP_MAX: tl.constexpr, BLOCK: tl.constexpr,
):
    offs = tl.arange(0, BLOCK)
    if MATRIX:
        gbest = tl.zeros((BLOCK,), dtype=tl.int64)
        for r0 in range(0, R, BLOCK):
            gbest = tl.maximum(gbest, tl.load(rowmax_ptr + r0 + offs, mask=r0 + offs < R, other=0))
        bits = tl.max(gbest, axis=0) + tl.zeros((BLOCK,), dtype=tl.int64)
        bits = tl.where(bits == 0, 0x3FF0000000000000, bits)  # the seed: all-zero matrix uses Xmax = 1
        n_blocks = tl.cdiv(R, BLOCK)
        start = 0
    else:
        n_blocks = 1
        start = tl.program_id(0) * BLOCK
    for blk in range(0, n_blocks):
        rows = start + blk * BLOCK + offs
        rmask = rows < R
        if not MATRIX:
            bits = tl.load(rowmax_ptr + rows, mask=rmask, other=0)
        pre, c = scale_from_bits(bits, MATRIX, EXP_MIN, EXP_MAX)
        tl.store(pre_ptr + rows, pre, mask=rmask)
        tl.store(c_ptr + rows, c, mask=rmask)
