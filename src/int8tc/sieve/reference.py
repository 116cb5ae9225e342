"""NumPy references of the fused sieve filters (exact integer arithmetic, deterministic order).

Pair search: keep (i, j) when h_i + h_j - |<x_i, y_j>| <= goal. With h = round(|x|^2 / 2) this
says 1/2 |x_i - s y_j|^2 <= goal (up to the rounding of h) for the shortening sign
s = sign(<x_i, y_j>) (+1 for a zero dot product). Records are (i, j, sign, dot), sorted by (i, j).

Bucketing: keep (i, c) when |<x_i, c_c>| >= thresholds[i]; per row, centres in ascending order.
"""

from __future__ import annotations

import numpy as np


def _as_i64(x) -> np.ndarray:
    return np.asarray(x).astype(np.int64)


def _int_dots(a, b) -> np.ndarray:
    """a @ b.T exactly, through float64 BLAS (every partial sum is an integer below 2^53 for
    int8 rows of length K <= 2^38), returned as int64."""
    return (np.asarray(a, dtype=np.float64) @ np.asarray(b, dtype=np.float64).T).astype(np.int64)


def pair_search(x, half_norms, goal: int, y=None, y_half_norms=None) -> np.ndarray:
    """All hits as an int64 array [n, 4] of (i, j, sign, dot), sorted by (i, j).

    x [M, K] int8, half_norms [M]; y [N, K] and y_half_norms [N] or None (then pairs i < j of x).
    """
    x = _as_i64(x)
    hx = _as_i64(half_norms)
    gram = y is None
    yy = x if gram else _as_i64(y)
    hy = hx if gram else _as_i64(y_half_norms)
    d = _int_dots(x, yy)
    hit = hx[:, None] + hy[None, :] - np.abs(d) <= goal
    if gram:
        hit &= np.triu(np.ones(hit.shape, dtype=bool), k=1)
    i, j = np.nonzero(hit)
    dot = d[i, j]
    sign = np.where(dot >= 0, 1, -1)
    return np.stack([i, j, sign, dot], axis=1).astype(np.int64)


def bucket(x, centres, thresholds) -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray]:
    """Per row i: (centre ids ascending, signs) with |<x_i, c>| >= thresholds[i], and the counts."""
    d = _int_dots(x, centres)
    hit = np.abs(d) >= _as_i64(thresholds)[:, None]
    ids, signs = [], []
    for r in range(d.shape[0]):
        c = np.nonzero(hit[r])[0]
        ids.append(c)
        signs.append(np.where(d[r, c] >= 0, 1, -1))
    return ids, signs, hit.sum(axis=1)


def half_norms(x) -> np.ndarray:
    """h = round(|x|^2 / 2) per row (ties up: |x|^2 is an integer, so h = (|x|^2 + 1) // 2)."""
    x = _as_i64(x)
    return ((x * x).sum(axis=1) + 1) // 2


def pair_norms(y, pairs) -> tuple[np.ndarray, np.ndarray]:
    """For rows (i, j) of pairs: min(|y_i - y_j|^2, |y_i + y_j|^2) in float64 and the sign s
    (+1: y_i - y_j is the shorter, ties included; -1: y_i + y_j), so y_i - s y_j is the vector."""
    y = np.asarray(y, dtype=np.float64)
    pairs = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    a, b = y[pairs[:, 0]], y[pairs[:, 1]]
    n2m = ((a - b) ** 2).sum(axis=1)
    n2p = ((a + b) ** 2).sum(axis=1)
    plus = n2p < n2m
    return np.where(plus, n2p, n2m), np.where(plus, -1, 1).astype(np.int8)
