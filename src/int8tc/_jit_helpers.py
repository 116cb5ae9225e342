"""``@triton.jit`` helpers shared by the kernels of several ops (private)."""

import struct

import triton
import triton.language as tl


def f64_bits(x: float) -> int:
    """The bits of a Python float as an int, for a kernel argument read back with ``f64_arg``:
    Triton types float scalars as fp32, which rounds them and turns values beyond 2^128 into inf.
    Mark the parameter ``do_not_specialize`` (Triton turns an int argument equal to 1 into a constexpr)."""
    return struct.unpack("<q", struct.pack("<d", float(x)))[0]


@triton.jit
def f64_arg(bits):
    """The float64 whose bits ``f64_bits`` passed (typed i32 or i64 by Triton)."""
    return bits.to(tl.int64).to(tl.float64, bitcast=True)


#: 1.5 * 2^52: (y + RNE) - RNE rounds |y| < 2^51 to the nearest integer, ties to even (= np.rint),
#: and the bit pattern of y + RNE holds that integer in its low bits (two's complement)
RNE = tl.constexpr(6755399441055744.0)


@triton.jit
def int_to_f64(v):
    """An integer tensor with |v| < 2^51 as float64, exactly, through the bits of 1.5 * 2^52 + v:
    an integer add and an FP64 subtract instead of a conversion (those from and to 64-bit types
    issue at a quarter of the FP64 rate on sm_90)."""
    return (v.to(tl.int64) + 0x4338000000000000).to(tl.float64, bitcast=True) - RNE


@triton.jit
def low_word_biased(r):
    """v mod 2^32 as int32 from r = v + RNE (v an integer, |v| < 2^51): r's low mantissa bits,
    no float-to-int conversion."""
    return r.to(tl.int64, bitcast=True).to(tl.int32)


@triton.jit
def max_exponent(bits):
    """e with |x| <= 2^e (frexp's exponent) from the bits of a finite x >= 0; -1021 for zero and
    subnormals (the exponent rows of zeros get is the caller's choice)."""
    biased = (bits >> 52) & 0x7FF
    return tl.where(biased == 0, -1021, biased - 1022)


@triton.jit
def frexp_exponent(bits):
    """frexp's exponent e (|x| < 2^e, |x| >= 2^(e-1)) from the bits of a finite x >= 0, exact for
    subnormals too (scaled by 2^64 into the normal range first); -1021 for zero."""
    biased = (bits >> 52) & 0x7FF
    scaled = (((bits.to(tl.float64, bitcast=True) * 18446744073709551616.0).to(tl.int64, bitcast=True) >> 52)
              & 0x7FF)
    return tl.where(biased == 0, tl.where(bits == 0, -1021, scaled - 1022 - 64), biased - 1022)


@triton.jit
def pow2_wide(k):
    """2.0^k for any integer k, from its bits: subnormal powers for -1074 <= k < -1022, 0 below,
    inf above 1023 (exact wherever representable)."""
    k = k.to(tl.int64)
    normal = ((tl.minimum(tl.maximum(k, -1022), 1024) + 1023) << 52)
    sub = tl.where(k >= -1074, tl.full(k.shape, 1, tl.int64) << tl.maximum(k + 1074, 0), 0)
    return tl.where(k >= -1022, normal, sub).to(tl.float64, bitcast=True)


@triton.jit
def live_row(bits):
    """Rows whose max |x| (as bits) is nonzero and finite."""
    return (bits != 0) & (((bits >> 52) & 0x7FF) != 0x7FF)


@triton.jit
def pow2(k):
    """2.0^k for integer k in [-1022, 1023], built from its bits (exact, no libdevice)."""
    return ((k.to(tl.int64) + 1023) << 52).to(tl.float64, bitcast=True)


@triton.jit
def grouped_tile(tile, num_pid_m, num_pid_n, GROUP_M: tl.constexpr):
    """(pid_m, pid_n) of output tile ``tile`` in GROUP_M-row groups (L2 reuse of B panels)."""
    group = GROUP_M * num_pid_n
    first_m = (tile // group) * GROUP_M
    gsize = tl.minimum(num_pid_m - first_m, GROUP_M)
    return first_m + (tile % group) % gsize, (tile % group) // gsize


@triton.jit
def load_rows(x_ptr, stride_xr, stride_xk, rows, cols, mask):
    """X[rows, cols] of a float64 matrix with any strides (0.0 where ``mask`` is false)."""
    return tl.load(x_ptr + rows[:, None].to(tl.int64) * stride_xr + cols[None, :].to(tl.int64) * stride_xk,
                   mask=mask, other=0.0)


@triton.jit
def rows_absmax_bits(x_ptr, stride_xr, stride_xk, rows, rmask, K, BLOCK_K: tl.constexpr):
    """The bits of max_k |x[r, k]| for each of ``rows`` (0 for masked rows), one sweep over K in
    BLOCK_K steps: the first pass of the row-owning kernels. Non-finite entries win the max (their
    exponent field is all ones), so callers see them in the bits."""
    best = tl.zeros(rows.shape, dtype=tl.int64)
    for k0 in range(0, K, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        x = load_rows(x_ptr, stride_xr, stride_xk, rows, cols, rmask[:, None] & (cols < K)[None, :])
        best = tl.maximum(best, tl.max(x.to(tl.int64, bitcast=True) & 0x7FFFFFFFFFFFFFFF, axis=1))
    return best
