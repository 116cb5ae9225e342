"""NumPy reference of Ozaki scheme I (exact integer slice products).

Every function here performs the same floating-point operations, in the same order, as the GPU
kernels (``_split``, ``_gemm`` + ``_recon``), so tests can compare the GPU path bit for bit.
Products of INT8 slices are computed in float64 BLAS, which is exact: every partial sum is an
integer below K * 127^2 * S < 2^53.
"""

from __future__ import annotations

import numpy as np

from .scheme import (
    EXP_MAX,
    EXP_MIN,
    QMAX,
    RATIO,
    check_scaling,
    check_splits,
    diagonal_pairs,
    diagonal_weights,
    resolve_diagonals,
)


def row_scales(x: np.ndarray, scaling: str) -> tuple[np.ndarray, np.ndarray]:
    """Per-row scale of ``x`` [R, K]: returns ``(e, c)``, int64 [R] and float64 [R].

    Row r's first-level scale is s_0(r) = c_r * 2^e_r (see ``scheme``); slicing works on the
    exactly normalised row x * 2^-e_r. Rows holding a non-finite value get c = NaN (their outputs
    become NaN). ``scaling="matrix"`` gives every row the (e, c) of the whole matrix's max.
    """
    check_scaling(scaling)
    x = np.asarray(x, dtype=np.float64)
    rows = x.shape[0]
    absx = np.abs(x)
    if scaling == "matrix":
        xmax = np.full(1, absx.max() if x.size else 0.0)  # NaN and inf propagate
        xmax = np.where(xmax == 0, 1.0, xmax)  # the seed: all-zero matrix uses Xmax = 1
    else:
        xmax = absx.max(axis=1) if x.shape[1] else np.zeros(rows)
    finite = np.isfinite(xmax)
    xm = np.where(finite, xmax, 1.0)
    fe = exponent(xm)
    e = np.clip(fe, EXP_MIN, EXP_MAX)
    if scaling == "matrix":
        c = np.ldexp(xm, -e) / QMAX  # = Xmax 2^-e / 127: s_0 = Xmax / 127 exactly
    else:
        c = np.ldexp(1.0, fe - e) / QMAX  # = 1/127 unless e was clamped
    c = np.where(finite, c, np.nan)
    return np.broadcast_to(e, (rows,)).copy(), np.broadcast_to(c, (rows,)).copy()


def exponent(x: np.ndarray) -> np.ndarray:
    """The exponent fe with x < 2^fe: frexp's, subnormals included; -1021 for zero (as the GPU
    kernels' ``frexp_exponent``)."""
    x = np.asarray(x, dtype=np.float64)
    return np.where(x == 0, -1021, np.frexp(x)[1]).astype(np.int64)


def pre_factor(e: np.ndarray) -> np.ndarray:
    """2^-e, the exact factor that normalises a row before slicing."""
    return np.ldexp(1.0, -e)


def post_factor(e: np.ndarray, c: np.ndarray) -> np.ndarray:
    """c * 2^e, the row's first-level scale s_0."""
    return c * np.ldexp(1.0, e)


def split(x: np.ndarray, splits: int, scaling: str = "matrix"):
    """Slice ``x`` [R, K] into ``splits`` INT8 matrices.

    Returns ``(q, e, c)``: q int8 [S, R, K] and the row scales (see ``row_scales``), so that
    x[r] ~ sum_i (c_r / 254^i) 2^e_r q[i, r].
    """
    check_splits(splits)
    x = np.asarray(x, dtype=np.float64)
    if x.ndim != 2:
        raise ValueError(f"x must be 2-D, got shape {x.shape}")
    e, c = row_scales(x, scaling)
    q = np.empty((splits,) + x.shape, dtype=np.int8)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        # residual in units of the current scale: t_i = r_i / s_i, t_{i+1} = 254 (t_i - q_i)
        t = (x * pre_factor(e)[:, None]) / c[:, None]
        for i in range(splits):
            y = np.where(t == t, t, 0.0)
            y = np.minimum(np.maximum(y, -float(QMAX)), float(QMAX))
            qi = np.rint(y)
            q[i] = qi.astype(np.int8)
            t = (t - qi) * RATIO
    return q, e, c


def slice_values(q: np.ndarray, e: np.ndarray, c: np.ndarray) -> np.ndarray:
    """sum_i s_i q_i per element, in float64 (what the slices represent)."""
    s = post_factor(e, c)
    out = np.zeros(q.shape[1:])
    for i in range(q.shape[0]):
        out += (s / RATIO**i)[:, None] * q[i]
    return out


def diagonal_sums(qa: np.ndarray, qb: np.ndarray, diagonals: int) -> np.ndarray:
    """W[d] = sum_{i+j=d} qa[i] @ qb[j]^T, exactly, as int64 [D, M, N] (qb is [S, N, K])."""
    splits = qa.shape[0]
    w = np.zeros((diagonals, qa.shape[1], qb.shape[1]), dtype=np.int64)
    for d in range(diagonals):
        acc = np.zeros((qa.shape[1], qb.shape[1]))
        for i, j in diagonal_pairs(splits, d):
            acc += qa[i].astype(np.float64) @ qb[j].astype(np.float64).T
        w[d] = acc.astype(np.int64)
    return w


def reconstruct(w: np.ndarray, ea: np.ndarray, ca: np.ndarray, eb: np.ndarray, cb: np.ndarray,
                c: np.ndarray | None = None) -> np.ndarray:
    """C (+)= (s_a s_b^T) * sum_d W[d] 254^-d, summed from the smallest diagonal up, with the scales
    s = c 2^e applied split as the kernels' ``store_scaled`` does: x = (c_a c_b) f, then 2^s1
    (s1 = clamp(e_a + e_b, -800, 900), exact) and 2^(e_a + e_b - s1) (the one rounding where the
    result lands), so a row whose s would be subnormal keeps its bits."""
    wts = diagonal_weights(w.shape[0])
    with np.errstate(invalid="ignore", over="ignore", under="ignore"):
        f = w[-1].astype(np.float64) * wts[-1]
        for d in range(w.shape[0] - 2, -1, -1):
            f = f + w[d].astype(np.float64) * wts[d]
        x = (ca[:, None] * cb[None, :]) * f
        s = ea[:, None].astype(np.int64) + eb[None, :]
        s1 = np.clip(s, -800, 900)
        out = (x * np.ldexp(1.0, s1)) * np.ldexp(1.0, s - s1)
        return out if c is None else c + out


def gemm(
    a: np.ndarray,
    b: np.ndarray,
    splits: int,
    diagonals: int | str | None = None,
    scaling: str = "matrix",
    k_chunk: int | None = None,
) -> np.ndarray:
    """C ~ A @ B by Ozaki scheme I, pairs i + j < diagonals, grouped by anti-diagonal.

    a [M, K], b [K, N] float64 -> [M, N] float64. ``k_chunk`` splits K as the GPU path does
    (each chunk reconstructed and added in FP64).
    """
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if a.ndim != 2 or b.ndim != 2 or a.shape[1] != b.shape[0]:
        raise ValueError(f"need a [M, K] and b [K, N], got {a.shape} and {b.shape}")
    dg = resolve_diagonals(splits, diagonals)
    qa, ea, ca = split(a, splits, scaling)
    qb, eb, cb = split(b.T, splits, scaling)
    k = a.shape[1]
    step = k if not k_chunk else k_chunk
    out = None
    for k0 in range(0, max(k, 1), max(step, 1)):
        w = diagonal_sums(qa[:, :, k0 : k0 + step], qb[:, :, k0 : k0 + step], dg)
        out = reconstruct(w, ea, ca, eb, cb, out)
    return out


def seed_scales(x: np.ndarray, splits: int) -> np.ndarray:
    """The seed's literal scales s_0 = Xmax/127, s_{i+1} = s_i/254 (all-zero X: Xmax = 1)."""
    xmax = float(np.abs(x).max()) if x.size else 0.0
    xmax = 1.0 if xmax == 0 else xmax
    s = [xmax / QMAX]
    for _ in range(splits - 1):
        s.append(s[-1] / RATIO)
    return np.array(s)


def gemm_pairwise(a: np.ndarray, b: np.ndarray, splits: int, diagonals: int | str | None = "all") -> np.ndarray:
    """The seed's naive form: sum over kept pairs of (s^A_i s^B_j) * (A_q^(i) B_q^(j)), pair by pair.

    This is what ``int8_cublas_baseline`` computes (per-matrix scaling, pairs in row-major order).
    """
    dg = resolve_diagonals(splits, diagonals)
    qa, _, _ = split(a, splits, "matrix")
    qb, _, _ = split(np.asarray(b).T, splits, "matrix")
    sa, sb = seed_scales(np.asarray(a), splits), seed_scales(np.asarray(b), splits)
    out = np.zeros((a.shape[0], b.shape[1]))
    for i in range(splits):
        for j in range(splits):
            if i + j < dg:
                p = qa[i].astype(np.float64) @ qb[j].astype(np.float64).T
                out = out + p * (sa[i] * sb[j])
    return out


def error_stats(c: np.ndarray, ref: np.ndarray) -> tuple[float, float]:
    """(max |c - ref|, ||c - ref||_F / ||ref||_F) - the benchmark's two error columns."""
    diff = np.asarray(c, dtype=np.float64) - np.asarray(ref, dtype=np.float64)
    max_abs = float(np.abs(diff).max()) if diff.size else 0.0
    nref = float(np.linalg.norm(ref))
    l2 = float(np.linalg.norm(diff)) / nref if nref > 0 else float(np.linalg.norm(diff))
    return max_abs, l2
