"""Ozaki scheme I: the numbers every implementation (reference, baseline, kernels) shares.

The seed's scheme for a matrix X (OVERVIEW section 1):

    s_0 = Xmax / 127   (all-zero X: Xmax = 1)
    q_i = round(r_i / s_i),  r_0 = x,  r_{i+1} = r_i - q_i s_i,  s_{i+1} = s_i / 254
    x ~ sum_{i<S} s_i q_i,   |x - sum| <= s_{S-1} / 2

A*B ~ sum_{i,j} s^A_i s^B_j (A_q^(i) B_q^(j)); the factor s^A_i s^B_j = s^A_0 s^B_0 / 254^(i+j)
depends on i + j only, so all products on one anti-diagonal d = i + j share one scale and can be
summed exactly in INT32 before touching FP64.

How scales are represented here (identical q's to the seed's formula in the normal range):
each row r of an operand carries a power-of-two exponent e_r and a factor c_r, with
s_0(r) = c_r * 2^e_r. Slicing works on x * 2^-e_r (exact), with s_i = c_r / 254^i.

- ``scaling="matrix"`` (the seed's): one Xmax for the whole matrix, Xmax = m 2^e with m in
  [0.5, 1); c = m / 127. Then s_0 = Xmax / 127 exactly, as the seed says.
- ``scaling="row"``: each row of A (column of B) gets its own power-of-two scale,
  e_r = exponent of its row max, c = 1/127, so s_0(r) = 2^e_r / 127 >= rowmax / 127. Rows of very
  different magnitude all keep their precision (cost: up to one bit on the largest row).
"""

from __future__ import annotations

from dataclasses import dataclass

from ._ws import WS_TILES

QMAX = 127
RATIO = 254.0
INT32_MAX = 2**31 - 1
#: Largest K for which one INT8 x INT8 -> INT32 dot product cannot overflow: K * 127^2 <= 2^31 - 1.
K_INT32_MAX = INT32_MAX // (QMAX * QMAX)  # 133144
MAX_SPLITS = 16
#: Row exponents are clamped to this range so 2^e and 2^-e are normal numbers; the factor c
#: absorbs the rest. Only rows whose largest entry is below about 2^-1000 lose precision (their
#: first-level scale c 2^e is subnormal).
EXP_MIN = -1000
EXP_MAX = 1022
SCALINGS = ("matrix", "row")
#: how a fused row split passes over its operand (``Config.split_a`` / ``split_b``)
SPLIT_PASSES = ("rows", "once", "two")
#: Default cap on kept anti-diagonals (see ``resolve_diagonals``).
DEFAULT_MAX_DIAGONALS = 7


def check_splits(splits: int) -> int:
    if isinstance(splits, bool) or not isinstance(splits, int):
        raise TypeError(f"splits must be an int, got {type(splits).__name__} {splits!r}")
    if not 1 <= splits <= MAX_SPLITS:
        raise ValueError(f"splits must be in 1..{MAX_SPLITS}, got {splits}")
    return splits


def check_scaling(scaling: str) -> str:
    if scaling not in SCALINGS:
        raise ValueError(f"scaling must be one of {SCALINGS}, got {scaling!r}")
    return scaling


def resolve_diagonals(splits: int, diagonals: int | str | None) -> int:
    """Number of anti-diagonals kept: pairs (i, j) with i + j < diagonals.

    ``None`` -> ``min(splits, DEFAULT_MAX_DIAGONALS)``: S(S+1)/2 products (cuBLAS's choice) up to
    S = 7; from S = 8 on, diagonals d >= 7 are left out: their weight 254^-d <= 2^-55.9 relative
    to the leading product is below FP64 rounding (measured: S=8 randn 512^3 l2 error against the
    exact product 2.9e-16 with d=7, 1.1e-16 with d=8; native DGEMM 5.4e-16).
    ``"all"`` -> 2S - 1 (all S^2); an int d keeps pairs i + j < d.
    """
    check_splits(splits)
    if diagonals is None:
        return min(splits, DEFAULT_MAX_DIAGONALS)
    if diagonals == "all":
        return 2 * splits - 1
    if isinstance(diagonals, bool) or not isinstance(diagonals, int):
        raise TypeError(f"diagonals must be an int, 'all' or None, got {diagonals!r}")
    if not 1 <= diagonals <= 2 * splits - 1:
        raise ValueError(f"diagonals must be in 1..{2 * splits - 1} for splits={splits}, got {diagonals}")
    return diagonals


def diagonal_pairs(splits: int, d: int) -> list[tuple[int, int]]:
    """The slice pairs (i, j) with i + j = d, 0 <= i, j < splits."""
    return [(i, d - i) for i in range(max(0, d - splits + 1), min(d, splits - 1) + 1)]


def kept_pairs(splits: int, diagonals: int) -> list[tuple[int, int]]:
    return [p for d in range(diagonals) for p in diagonal_pairs(splits, d)]


def max_pairs_per_diagonal(splits: int, diagonals: int) -> int:
    return max(len(diagonal_pairs(splits, d)) for d in range(diagonals))


def k_chunk(splits: int, diagonals: int, multiple: int = 1) -> int:
    """Largest K chunk (a multiple of ``multiple``) whose diagonal sums fit in INT32.

    One diagonal sums up to P products of length K, each entry bounded by K * 127^2, so
    P * K * 127^2 <= 2^31 - 1.
    """
    p = max_pairs_per_diagonal(splits, diagonals)
    kc = K_INT32_MAX // p
    return max(multiple, (kc // multiple) * multiple)


def diagonal_weights(diagonals: int) -> list[float]:
    """254^-d for d < diagonals, each correctly rounded to float64 (Python int/int division)."""
    return [1 / 254**d for d in range(diagonals)]


def seed_error_bound(xmax: float, splits: int) -> float:
    """The seed's bound on |x - sum_i s_i q_i|: s_{S-1} / 2 = Xmax / (2 * 127 * 254^(S-1))."""
    return xmax / (2.0 * QMAX * RATIO ** (splits - 1))


@dataclass(frozen=True)
class Config:
    """Tile configuration of the slice GEMM (also fixes the padding of the slice buffers)."""

    block_m: int = 256
    block_n: int = 128
    block_k: int = 128
    group_m: int = 8
    num_warps: int = 8
    num_stages: int = 3
    #: persistent grid (one program per SM) with TMA tile loads, instead of one program per tile
    persistent: bool = True
    #: row scaling: one kernel per operand finds each row's max |x| and writes the slices
    #: (``split_rows_kernel``), instead of a max-abs kernel, a scale kernel and the split kernel
    fused_split: bool = True
    #: with ``fused_split``: how A's and B's row split passes over the operand (``_launch.scale_and_split``:
    #: "rows" one launch, two sweeps per program; "once" whole rows loaded once; "two" row maxima,
    #: then a 2-D grid of tiles). B is split through its transposed view (columns are strided)
    #: Eighth session (benchmarks/results/tune_split_session8_h200_2026-11-30.csv): A "once" 0.100
    #: against 0.111 ms at 4096^2 (S = 2; above K = 4096 it runs "rows"); B "two" 0.368 against 0.479
    #: ms at 8192^2 (S = 2), 0.696 against 0.893 (S = 8), equal at 4096^2
    split_a: str = "once"
    split_b: str = "two"
    #: products and reconstruction in one persistent TMA kernel (FP64 tile in registers, no INT32
    #: planes in memory; needs ``persistent``; tiles of at most 128x128: the FP64 tile costs 2
    #: registers per element). Measured on the H200 slower than the default at every size and S
    #: (8192^3: 4.3-5.0 vs 3.65 ms at S = 2, 23.3-30.0 vs 22.7 ms at S = 6; benchmarks/NOTES.md 22),
    #: so it stays off; kept as a measured alternative
    fused_recon: bool = False
    #: all kept diagonals in one persistent launch (needs ``persistent``), instead of one launch
    #: per diagonal with a partly idle last wave each. Measured slower at every size and S (8192^3:
    #: 10.40 vs 9.92 ms at S = 4, 28.56 vs 27.19 ms at S = 8; benchmarks/NOTES.md 39, 43), so off
    one_launch: bool = False
    #: on an sm_90 GPU, the products run on the warp-specialised Gluon kernel (``_ws.WS_TILES``:
    #: 128x256x128 tiles, a TMA loader warp, 4 stages) instead of the Triton kernel with the tiles
    #: above (which other GPUs, the interpreter and ``ws=False`` run; same sums, bit for bit). The
    #: slice buffers are then padded to both kernels' tiles. Seventeenth session (H200,
    #: benchmarks/tune_ws_gemm.py, bit-exact): a plain 8192^3 INT8 GEMM 0.730 against 0.964 ms, the
    #: four diagonals of S = 4 at 4096^3 0.883 against 1.116 ms and at 8192^3 7.86 against 9.19 ms
    ws: bool = True
    #: with ``ws``: all kept diagonals in one launch of the Gluon kernel (its mode 2) instead of one
    #: launch per diagonal
    ws_one_launch: bool = True

    @property
    def pad_m(self) -> int:
        """Row padding of A's slices: a multiple of every tile that may run on them."""
        return max(self.block_m, WS_TILES.block_m) if self.ws else self.block_m

    @property
    def pad_n(self) -> int:
        return max(self.block_n, WS_TILES.block_n) if self.ws else self.block_n

    @property
    def pad_k(self) -> int:
        return max(self.block_k, WS_TILES.block_k) if self.ws else self.block_k

    def __post_init__(self):
        for name in ("split_a", "split_b"):
            if getattr(self, name) not in SPLIT_PASSES:
                raise ValueError(f"{name} must be one of {SPLIT_PASSES}, got {getattr(self, name)!r}")
