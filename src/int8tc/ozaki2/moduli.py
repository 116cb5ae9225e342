"""Ozaki scheme II: moduli and the constants of the Chinese remainder reconstruction.

N pairwise-coprime moduli p_k <= 256 (largest first), P = prod p_k. Symmetric residues of an
integer fit INT8 ([-128, 127] for 256, [-(p-1)/2, (p-1)/2] for odd p). The reconstruction of
X in (-P/2, P/2) from its residues r_k = X mod p_k is X = sum_k r_k w_k - Q P, with
w_k = (P/p_k) * ((P/p_k)^-1 mod p_k) and Q = round(sum_k r_k w_k / P). The big integers w_k and
P are handled as CHUNKS of CHUNK_BITS bits, so that every product and partial sum of the
reconstruction is an integer below 2^53: exact in FP64.
"""

from __future__ import annotations

import math
from functools import lru_cache

#: pairwise coprime, largest first (256 = 2^8, 255 = 3*5*17, 253 = 11*23, 247 = 13*19, 217 = 7*31)
MODULI = (256, 255, 253, 251, 247, 241, 239, 233, 229, 227, 223, 217, 211, 199, 197, 193, 191, 181, 179, 173)
MAX_MODULI = len(MODULI)
CHUNK_BITS = 40  # N * 255 * 2^40 < 2^53 for N <= 20: every chunk sum is exact in FP64
#: |A'|, |B'| stay below 2^62 so they convert to int64 exactly
MAX_OPERAND_BITS = 62


def check_moduli(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"moduli must be an int, got {type(n).__name__} {n!r}")
    if not 2 <= n <= MAX_MODULI:
        raise ValueError(f"moduli must be in 2..{MAX_MODULI}, got {n}")
    return n


@lru_cache(maxsize=None)
def crt_constants(n: int):
    """(moduli, P, w_k, n_chunks) for the first n moduli (Python ints)."""
    check_moduli(n)
    ps = MODULI[:n]
    for i in range(n):
        for j in range(i):
            if math.gcd(ps[i], ps[j]) != 1:
                raise AssertionError(f"moduli {ps[i]} and {ps[j]} are not coprime")
    big_p = math.prod(ps)
    w = tuple((big_p // p) * pow(big_p // p, -1, p) % big_p for p in ps)
    n_chunks = -(-big_p.bit_length() // CHUNK_BITS)
    return ps, big_p, w, n_chunks


def chunks(x: int, n_chunks: int) -> list[float]:
    """x >= 0 as n_chunks floats of CHUNK_BITS bits, least significant first (exact)."""
    mask = (1 << CHUNK_BITS) - 1
    return [float((x >> (CHUNK_BITS * c)) & mask) for c in range(n_chunks)]


def product_bits(n: int) -> float:
    return math.log2(crt_constants(n)[1])
