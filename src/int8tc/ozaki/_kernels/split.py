"""Fused slicing: one pass over an FP64 operand writes all S INT8 slices (FP64 residual update).

The residual is kept in units of the current scale, t_i = r_i / s_i: q_i = round(t_i) and
t_{i+1} = 254 (t_i - q_i), which is the seed's r_{i+1} = r_i - q_i s_i, s_{i+1} = s_i / 254 in
exact arithmetic with one division per element instead of one per level (t_i - q_i is exact;
the product by 254 rounds by at most 2^-53 relative, far below the next level's step).
"""

import triton
import triton.language as tl

from ..._jit_helpers import RNE, load_rows, rows_absmax_bits
from .scales import ABS_MASK, scale_from_bits



@triton.jit
def split_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides
    pre_ptr, c_ptr,  # [R] float64: 2^-e_r and c_r (first-level scale is c_r, after normalising)
    q_ptr,  # [S, Rp, Kp] int8, contiguous; padding (r >= R or k >= K) is written as 0
    R, K, Rp, Kp,
    SPLITS: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    pid_r = tl.program_id(0)
    pid_k = tl.program_id(1)
    rows = pid_r * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)
    rmask = rows < R
    inside = rmask[:, None] & (cols < K)[None, :]
    x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, inside)
    pre = tl.load(pre_ptr + rows, mask=rmask, other=1.0)
    s = tl.load(c_ptr + rows, mask=rmask, other=1.0)[:, None]
    t = (x * pre[:, None]) / s  # x in units of s_0 (one division per element)
    out_mask = (rows < Rp)[:, None] & (cols < Kp)[None, :]
    q_offs = rows[:, None].to(tl.int64) * Kp + cols[None, :]
    slice_stride = Rp.to(tl.int64) * Kp
    _write_slices(t, q_ptr, q_offs, out_mask, slice_stride, SPLITS)


@triton.jit
def _write_slices(t, q_ptr, q_offs, out_mask, slice_stride, SPLITS: tl.constexpr):
    for i in tl.static_range(SPLITS):
        y = tl.where(t == t, t, 0.0)  # NaN (non-finite row): its output is NaN through c anyway
        y = tl.minimum(tl.maximum(y, -127.0), 127.0)
        qf = (y + RNE) - RNE  # rint(y), ties to even
        # a float-to-int conversion: taking the int8 from the low bits of y + RNE instead (as the
        # Ozaki-II split does) gave wrong slices on the H200 in split_rows_kernel at S = 2 only
        # (interpreter exact; benchmarks/NOTES.md 43), so this kernel keeps the conversion
        tl.store(q_ptr + i * slice_stride + q_offs, qf.to(tl.int8), mask=out_mask)
        t = (t - qf) * 254.0  # the residual in units of s_{i+1} = s_i / 254 (t - qf is exact)


@triton.jit
def _store_scales(pre_ptr, c_ptr, rows, rmask, pre, c):
    tl.store(pre_ptr + rows, pre, mask=rmask)
    tl.store(c_ptr + rows, c, mask=rmask)


@triton.jit
def _slice_tile(x, rows, cols, rmask, pre, c, q_ptr, Rp, Kp, SPLITS: tl.constexpr):
    # the slices of a [rows, cols] tile of X with its rows' scales (rows outside: 1, 1)
    t = (x * tl.where(rmask, pre, 1.0)[:, None]) / tl.where(rmask, c, 1.0)[:, None]
    q_offs = rows[:, None].to(tl.int64) * Kp + cols[None, :]
    _write_slices(t, q_ptr, q_offs, (rows < Rp)[:, None] & (cols < Kp)[None, :], Rp.to(tl.int64) * Kp, SPLITS)


@triton.jit
def split_rows_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides
    pre_ptr, c_ptr,  # [R] float64 out: the row scales (as row_scales_kernel writes them)
    q_ptr,  # [S, Rp, Kp] int8, contiguous; padding written as 0
    R, K, Rp, Kp,
    SPLITS: tl.constexpr, EXP_MIN: tl.constexpr, EXP_MAX: tl.constexpr,
    BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    """Row scaling in one pass over X: each program owns BLOCK_R whole rows, finds their max |x|
    (first sweep over K), then slices them (second sweep, served mostly from L2)."""
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < R
    best = rows_absmax_bits(x_ptr, stride_xr, stride_xk, rows, rmask, K, BLOCK_K)
    pre, c = scale_from_bits(best, False, EXP_MIN, EXP_MAX)
    _store_scales(pre_ptr, c_ptr, rows, rmask, pre, c)
    for k0 in range(0, Kp, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, rmask[:, None] & (cols < K)[None, :])
        _slice_tile(x, rows, cols, rmask, pre, c, q_ptr, Rp, Kp, SPLITS)


@triton.jit
def split_rows_once_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides
    pre_ptr, c_ptr,  # [R] float64 out: the row scales (as row_scales_kernel writes them)
    q_ptr,  # [S, Rp, Kp] int8, contiguous; padding written as 0
    R, K, Rp, Kp,
    SPLITS: tl.constexpr, EXP_MIN: tl.constexpr, EXP_MAX: tl.constexpr,
    BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,  # BLOCK_K >= Kp: whole rows
):
    """``split_rows_kernel`` for rows that fit one block: each program loads its BLOCK_R whole
    rows once (registers), takes their max |x| and writes their slices (X read once from memory,
    against twice for the two sweeps)."""
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < R
    cols = tl.arange(0, BLOCK_K)
    x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, rmask[:, None] & (cols < K)[None, :])
    best = tl.max(x.to(tl.int64, bitcast=True) & ABS_MASK, axis=1)
    pre, c = scale_from_bits(best, False, EXP_MIN, EXP_MAX)
    _store_scales(pre_ptr, c_ptr, rows, rmask, pre, c)
    _slice_tile(x, rows, cols, rmask, pre, c, q_ptr, Rp, Kp, SPLITS)


@triton.jit
def split_scaled_kernel(
    x_ptr, stride_xr, stride_xk,  # X [R, K] float64, any strides
    rowmax_ptr,  # [R] int64: bits of each row's max |x| (absmax_rows_kernel)
    pre_ptr, c_ptr,  # [R] float64 out: the row scales, written by the programs of column block 0
    q_ptr,  # [S, Rp, Kp] int8, contiguous; padding written as 0
    R, K, Rp, Kp,
    SPLITS: tl.constexpr, EXP_MIN: tl.constexpr, EXP_MAX: tl.constexpr,
    BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr,
):
    """The second pass of the two-pass row split: a 2-D grid of tiles, each deriving its rows'
    scales from the row maxima (``scale_from_bits``, as row_scales_kernel) and writing the slices
    (split_kernel's arithmetic); any strides, so B's columns split through its transposed view."""
    pid_k = tl.program_id(1)
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < R
    cols = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)
    pre, c = scale_from_bits(tl.load(rowmax_ptr + rows, mask=rmask, other=0), False, EXP_MIN, EXP_MAX)
    if pid_k == 0:
        _store_scales(pre_ptr, c_ptr, rows, rmask, pre, c)
    x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, rmask[:, None] & (cols < K)[None, :])
    _slice_tile(x, rows, cols, rmask, pre, c, q_ptr, Rp, Kp, SPLITS)
