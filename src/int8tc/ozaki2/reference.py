"""NumPy reference of Ozaki scheme II (CRT over INT8 residues), with an exact-integer check path.

C = A B for FP64 A [M, K], B [K, N]:

1. scale: A' = round(A_i 2^{sa_i}), B' = round(B_j 2^{sb_j}) (integers, |A'|, |B'| <= 2^62) with
   |A' B'| < P / 2 guaranteed: ``"fast"`` (the default) by Cauchy-Schwarz, |a'_i . b'_j| <=
   |a'_i| |b'_j|, with exact integer upper bounds of the row and column 2-norms (sums of squared
   7-bit ceilings of |x| / max|x|: order-independent, so the GPU computes the same exponents);
   ``"accurate"``: B as in "fast", each row of A from an INT8 product of 7-bit upper bounds of
   |A| and |B| (a full-size extra INT8 product; tighter for structured inputs);
2. one INT8 product per modulus of the symmetric residues, reduced mod p_k;
3. CRT in chunked FP64 (every operation exact until the final double-double sum) and the
   power-of-two unscaling.
"""

from __future__ import annotations

import math

import numpy as np

from .moduli import CHUNK_BITS, MAX_OPERAND_BITS, check_moduli, chunks, crt_constants

SCALINGS = ("fast", "accurate")


def _exponent(x: np.ndarray) -> np.ndarray:
    """e with x <= 2^e (frexp's exponent for normal x; -1021 for zero/subnormal), from the bits."""
    biased = (np.asarray(x, dtype=np.float64).view(np.int64) >> 52) & 0x7FF
    return np.where(biased == 0, -1021, biased - 1022).astype(np.int64)


def _ceil_shifted(x: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """ceil(|x_rk| 2^shift_r) as int64, at least 1 where x != 0 (a product that underflows still
    counts 1: the bound stays an upper bound), as the GPU kernels compute it."""
    q = np.ceil(np.ldexp(np.abs(x), shift[:, None].astype(np.int64))).astype(np.int64)
    return np.maximum(q, x != 0)


def norm_bound_log2(x: np.ndarray, e: np.ndarray) -> np.ndarray:
    """L_r = ceil(log2(n_r)) with n_r = sum_k ceil(|x_rk| 2^(7 - e_r))^2 (exact int64; -1 for a zero
    row), so that |x_r|_2 <= 2^(e_r - 7) sqrt(n_r) <= 2^(e_r - 7 + L_r / 2). x [R, K], e [R] with
    |x_r| <= 2^e_r."""
    q = _ceil_shifted(x, 7 - e)  # 0..128
    n = (q * q).sum(axis=1) if x.shape[1] else np.zeros(x.shape[0], dtype=np.int64)
    return np.array([int(v - 1).bit_length() if v > 0 else -1 for v in n], dtype=np.int64)


def half_bits(n_moduli: int) -> tuple[int, int]:
    """(G_A, G_B) in half-bits with G_A + G_B = floor(2 log2(P / 4)): the scaled norms obey
    |a'_i| <~ 2^(G_A / 2), |b'_j| <~ 2^(G_B / 2)."""
    _, big_p, _, _ = crt_constants(check_moduli(n_moduli))
    g = ((big_p // 4) ** 2).bit_length() - 1
    return g - g // 2, g // 2


def check_budget(n_moduli: int, k: int) -> None:
    """Raise if the rounding of A' and B' (1/2 per entry) could break |A'B'| < P/2 at this K:
    sqrt(K)/2 <= 2^(G_B/2 - 1)/5 needs G_B >= log2 K + 5; we ask G_B >= 2 ceil(log2 K) + 8."""
    lk = int(max(k, 1) - 1).bit_length()
    if half_bits(n_moduli)[1] < 2 * lk + 8:
        need = next(n for n in range(2, 100) if n > 20 or half_bits(n)[1] >= 2 * lk + 8)
        raise ValueError(f"{n_moduli} moduli are too few for K = {k}: the scaled operands could not absorb their "
                         f"rounding; use at least {need} moduli (or split K)")


def cs_exponents(x: np.ndarray, g: int) -> np.ndarray:
    """Per-row exponents s with 2^s |x_r|_2 <= 2^(g / 2) (by the integer norm bound) and
    max |x_r| 2^s <= 2^62; 0 for zero rows. x [R, K] (rows: rows of A or columns of B)."""
    amax = np.abs(x).max(axis=1) if x.shape[1] else np.zeros(x.shape[0])
    e = np.where(amax > 0, _exponent(amax), 0)
    big_l = norm_bound_log2(x, e)
    s = (g - 2 * (e - 7) - big_l) >> 1  # floor((g - 2(e - 7) - L) / 2)
    s = np.minimum(s, MAX_OPERAND_BITS - e)
    return np.where(big_l < 0, 0, s).astype(np.int64)


def scale_exponents(a: np.ndarray, b: np.ndarray, n_moduli: int, scaling: str = "fast"):
    """Integer exponents (sa [M], sb [N]) so that round(A 2^sa) round(B 2^sb) < P/2 entry-wise.

    Why it holds for ``"fast"``: the scaled norm bounds X_i = 2^sa_i 2^(e_i - 7 + L_i/2) lie in
    [2^(G_A/2 - 1), 2^(G_A/2)] (or above 2^55 where the 2^62 cap binds), Y_j likewise, so
    X_i Y_j <= P/4; rounding A' and B' adds at most sqrt(K)/2 to each norm, which
    ``check_budget`` keeps below X_i/5 and Y_j/5, so |A'B'| <= 1.44 X Y < P/2.
    """
    if scaling not in SCALINGS:
        raise ValueError(f"scaling must be one of {SCALINGS}, got {scaling!r}")
    _, big_p, _, _ = crt_constants(check_moduli(n_moduli))
    k = a.shape[1]
    if scaling == "fast":
        check_budget(n_moduli, k)
        ga, gb = half_bits(n_moduli)
        return cs_exponents(a, ga), cs_exponents(b.T, gb)
    check_budget(n_moduli, k)
    return accurate_exponents(a, b, n_moduli)


def bound_int8(x: np.ndarray, e: np.ndarray) -> np.ndarray:
    """7-bit upper bounds u >= |x_rk| 2^-e_r 127 in [0, 127] (int64), max |x_r| < 2^e_r:
    ceil(fl(|x| 2^-e 127) + 2^-45) (the margin covers the product's rounding), at least 1 where
    x != 0 (a product that underflows) and at most 127 (|x| 2^-e < 1). As the GPU computes them."""
    v = np.ldexp(np.abs(x), (-e)[:, None].astype(np.int64)) * 127.0 + 2.0**-45
    u = np.minimum(np.ceil(v).astype(np.int64), 127)
    return np.maximum(u, x != 0)


def row_exponents(x: np.ndarray) -> np.ndarray:
    """e_r with max |x_r| <= 2^e_r (0 for zero rows), from the bits as the GPU computes it."""
    amax = np.abs(x).max(axis=1) if x.shape[1] else np.zeros(x.shape[0])
    return np.where(amax > 0, _exponent(amax), 0).astype(np.int64)


def accurate_budget(n_moduli: int, k: int) -> float:
    """Q = (P/2 - 1 - R) 127^2 as a float rounded down, where R >= |rounding of A' times B'| =
    sum_k |b'_kj| / 2 <= (sqrt(K) 2^(G_B/2) + K/2) / 2 (B scaled as in ``"fast"``)."""
    _, big_p, _, _ = crt_constants(check_moduli(n_moduli))
    _, gb = half_bits(n_moduli)
    sqrt_k = math.isqrt(max(k, 1) - 1) + 1  # >= sqrt(K)
    r = (sqrt_k * (1 << -(-gb // 2)) + k) // 2 + 1
    q = (big_p // 2 - 1 - r) * 127 * 127
    qd = float(q)
    if int(qd) > q:
        qd = math.nextafter(qd, 0.0)
    return qd


def accurate_a_exponents(ea: np.ndarray, ua_rowsum: np.ndarray, m_max: np.ndarray, qd: float) -> np.ndarray:
    """Row exponents of A for ``"accurate"`` from M_i = max_j U_ij 2^(eb_j + sb_j) (exact) and the
    row sums of the 7-bit bounds; the GPU path calls this on torch tensors' NumPy twins."""
    m2 = np.nextafter(m_max + 63.5 * ua_rowsum.astype(np.float64), np.inf)  # upper bound, in 2^ea / 127^2 units
    with np.errstate(divide="ignore"):
        v = qd / m2
    mant, ex = np.frexp(v)
    fl = ex.astype(np.int64) - 1 - (mant == 0.5)  # floor(log2 v), one less at an exact power of two (v may be rounded up)
    sa = np.minimum(fl - ea, MAX_OPERAND_BITS - ea)
    sa = np.where(m2 > 0, sa, MAX_OPERAND_BITS - ea)
    return sa.astype(np.int64)


def accurate_exponents(a: np.ndarray, b: np.ndarray, n_moduli: int):
    """``"accurate"``: B as in ``"fast"``; each row of A as large as the bound
    sum_k |a_ik| |b'_kj| <= 2^ea_i / 127^2 (U_ij 2^(eb_j + sb_j) + 63.5 sum_k ua_ik) allows, with
    U = ua ub the INT8 product of the 7-bit bounds (exact integers; one extra INT8 GEMM on the
    GPU). Tighter than Cauchy-Schwarz where rows of A and columns of B put their weight on
    different k (structured or sparse inputs); on dense random inputs about half a bit."""
    k = a.shape[1]
    _, gb = half_bits(n_moduli)
    sb = cs_exponents(b.T, gb)
    ea, eb = row_exponents(a), row_exponents(b.T)
    ua, ub = bound_int8(a, ea), bound_int8(b.T, eb)
    u = ua @ ub.T  # exact int64
    t = eb + sb
    m_max = np.ldexp(u.astype(np.float64), t[None, :]).max(axis=1) if u.shape[1] else np.zeros(a.shape[0])
    sa = accurate_a_exponents(ea, ua.sum(axis=1), m_max, accurate_budget(n_moduli, k))
    amax = np.abs(a).max(axis=1) if k else np.zeros(a.shape[0])
    return np.where(amax > 0, sa, 0).astype(np.int64), sb


def scaled_integers(a: np.ndarray, b: np.ndarray, sa: np.ndarray, sb: np.ndarray):
    """A' = rint(A 2^sa) and B' = rint(B 2^sb) as int64 (exact scaling, ties to even)."""
    ai = np.rint(np.ldexp(a, sa[:, None])).astype(np.int64)  # ldexp: no overflowing 2^s factor
    bi = np.rint(np.ldexp(b, sb[None, :])).astype(np.int64)
    return ai, bi


def symmetric_residues(x: np.ndarray, p: int) -> np.ndarray:
    """x mod p in [-128, 127] (p = 256) or [-(p-1)/2, (p-1)/2] (odd p), as int8."""
    r = np.mod(x, p)
    return np.where(r > (p - 1) // 2, r - p, r).astype(np.int8)


def residue_products(ai: np.ndarray, bi: np.ndarray, n_moduli: int) -> np.ndarray:
    """R[k] = (A' mod p_k)(B' mod p_k) mod p_k in [0, p_k), uint8 [N, M, N]; one product per modulus.

    Products of symmetric residues are exact in FP64 BLAS (|sum| <= K 2^14 < 2^53).
    """
    ps, _, _, _ = crt_constants(n_moduli)
    out = np.empty((len(ps), ai.shape[0], bi.shape[1]), dtype=np.uint8)
    for idx, p in enumerate(ps):
        ra = symmetric_residues(ai, p).astype(np.float64)
        rb = symmetric_residues(bi, p).astype(np.float64)
        out[idx] = np.mod((ra @ rb).astype(np.int64), p).astype(np.uint8)
    return out


def _two_sum(x, y):
    s = x + y
    bp = s - x
    return s, (x - (s - bp)) + (y - bp)


def crt_to_float(r: np.ndarray, n_moduli: int) -> np.ndarray:
    """The integer X in (-P/2, P/2) with X = r_k mod p_k, as the nearest-ish FP64 (a few ulps).

    S_c = sum_k r_k w_k[c] per CHUNK_BITS-bit chunk c is exact; Q = round(S / P) (S/P estimated
    in FP64, Q small); D_c = S_c - Q P_c is exact; X = sum_c D_c 2^{c CHUNK_BITS} by two-sums.
    """
    ps, big_p, w, n_chunks = crt_constants(n_moduli)
    rf = r.astype(np.float64)
    wc = [chunks(wk, n_chunks) for wk in w]
    pc = chunks(big_p, n_chunks)
    s = [sum(rf[k] * wc[k][c] for k in range(len(ps))) for c in range(n_chunks)]
    approx = sum(s[c] * (2.0 ** (CHUNK_BITS * c) / big_p) for c in range(n_chunks))
    q = np.rint(approx)
    d = [s[c] - q * pc[c] for c in range(n_chunks)]
    hi = d[-1] * 2.0 ** (CHUNK_BITS * (n_chunks - 1))
    lo = np.zeros_like(hi)
    for c in range(n_chunks - 2, -1, -1):
        hi, e = _two_sum(hi, d[c] * 2.0 ** (CHUNK_BITS * c))
        lo = lo + e
    return hi + lo


def crt_exact(r: np.ndarray, n_moduli: int) -> np.ndarray:
    """The same integer X in Python ints (object array): the check path for tests."""
    ps, big_p, w, _ = crt_constants(n_moduli)
    acc = np.zeros(r.shape[1:], dtype=object)
    for k in range(len(ps)):
        acc = acc + r[k].astype(object) * w[k]
    x = acc % big_p
    return np.where(x > big_p // 2, x - big_p, x)


def gemm(a: np.ndarray, b: np.ndarray, n_moduli: int = 16, scaling: str = "fast") -> np.ndarray:
    """C ~ A @ B by Ozaki scheme II with ``n_moduli`` moduli. a [M, K], b [K, N] float64."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if a.ndim != 2 or b.ndim != 2 or a.shape[1] != b.shape[0]:
        raise ValueError(f"need a [M, K] and b [K, N], got {a.shape} and {b.shape}")
    # inf/nan cannot be scaled to integers: such a row of A (column of B) gives a NaN row (column)
    bad_a = ~np.isfinite(a).all(axis=1)
    bad_b = ~np.isfinite(b).all(axis=0)
    if bad_a.any() or bad_b.any():
        a, b = a.copy(), b.copy()
        a[bad_a] = 0.0
        b[:, bad_b] = 0.0
    sa, sb = scale_exponents(a, b, n_moduli, scaling)
    ai, bi = scaled_integers(a, b, sa, sb)
    x = crt_to_float(residue_products(ai, bi, n_moduli), n_moduli)
    # unscale by 2^-(sa_i + sb_j) (ldexp: one rounding at most, only if the result is subnormal)
    c = np.ldexp(x, -(sa[:, None] + sb[None, :]))
    c[bad_a, :] = np.nan
    c[:, bad_b] = np.nan
    return c


#: the guard's L1 norms are sums of rint(|x| 2^(L1_BITS - e)) + 1: within 1.5 K 2^-L1_BITS max|x| of |x|_1
L1_BITS = 20


def guard_rows(x: np.ndarray, s: np.ndarray):
    """The guard's per-row data of x [R, K] (rows of A, or columns of B as rows of B^T) scaled by
    2^s: (p, n, floors) with p = 2^-(s + e), n = sum_{x_rk != 0} (rint(|x_rk| 2^(L1_BITS - e)) + 1)
    2^-L1_BITS >= |x_r|_1 2^-e and floors = floor(|x| 2^(7 - e)) in [0, 127] (e: max |x_r| < 2^e, from
    the bits as the GPU computes it); p = n = floors = 0 on zero rows and rows with inf/nan."""
    finite = np.isfinite(x).all(axis=1)
    x0 = np.where(finite[:, None], x, 0.0)
    amax = np.abs(x0).max(axis=1) if x.shape[1] else np.zeros(x.shape[0])
    live = amax > 0
    e = np.where(live, _exponent(amax), 0).astype(np.int64)
    v = np.ldexp(np.abs(x0), (L1_BITS - e)[:, None])
    l1 = np.where(x0 != 0, np.rint(v) + 1.0, 0.0).sum(axis=1)  # exact integer sums (< 2^53)
    floors = np.floor(np.ldexp(np.abs(x0), (7 - e)[:, None])).astype(np.int64)
    p = np.where(live, np.ldexp(1.0, np.where(live, -(np.asarray(s, dtype=np.int64) + e), 0)), 0.0)
    n = np.where(live, np.ldexp(l1, -L1_BITS), 0.0)
    return p, n, np.where(live[:, None], floors, 0)


U64 = 2.0**-53


def guard_count(a: np.ndarray, b: np.ndarray, sa: np.ndarray, sb: np.ndarray, tau: float, u: float = U64) -> int:
    """How many entries of an Ozaki-II product of a [M, K] and b [K, N] (scaled by 2^sa, 2^sb) have
    a rigorous error bound E_ij above tau sqrt(K) u L_ij, L <= |A||B| from the 7-bit floors.

    E_ij = 2^-sa_i |b_j|_1 / 2 + 2^-sb_j |a_i|_1 / 2 + K 2^-(sa_i + sb_j) / 4 bounds the error of
    the rounded integer operands (C's own final rounding aside). Normalised per row and column
    (no under/overflow for any finite input): E'_ij = pa_i (nb_j / 2 + K/4 pb_j) + (na_i / 2) pb_j
    against tau sqrt(K) u (la lb^T)_ij / 128^2. Rows/columns with inf or nan are skipped (their
    entries of C are NaN). The GPU's guard kernel computes exactly this."""
    k = a.shape[1]
    pa, na, la = guard_rows(a, sa)
    pb, nb, lb = guard_rows(b.T, sb)
    low = (la @ lb.T).astype(np.float64)  # exact: integers below 2^53
    # E' = pa_i (nb_j / 2 + K/4 pb_j) + (na_i / 2) pb_j: one product per factor pair, the sums per
    # row and column (two products and an add per entry, unfused, as the GPU evaluates it)
    col = 0.5 * nb + (k / 4.0) * pb
    row = 0.5 * na
    err = pa[:, None] * col[None, :] + row[:, None] * pb[None, :]
    thr = tau * math.sqrt(k) * u / (128.0 * 128.0)
    return int((err > thr * low).sum())
