"""Lattice instances: SVP-challenge-style bases, the challenge's text format, the Gaussian heuristic."""

from __future__ import annotations

import math
import random
import re

import numpy as np


def _is_probable_prime(n: int, rounds: int = 32) -> bool:
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    rng = random.Random(n)
    for _ in range(rounds):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def svp_challenge_basis(dim: int, seed: int = 0) -> list[list[int]]:
    """A Goldstein-Mayer (Darmstadt SVP challenge) style basis: q-ary, k = 1, q a prime of about
    10 * dim bits. Rows are basis vectors. Deterministic in (dim, seed)."""
    if not isinstance(dim, int) or dim < 2:
        raise ValueError(f"dim must be an int >= 2, got {dim!r}")
    from fpylll import FPLLL, IntegerMatrix

    rng = random.Random(1_000_003 * dim + seed)
    q = rng.getrandbits(10 * dim) | (1 << (10 * dim - 1)) | 1
    while not _is_probable_prime(q):
        q += 2
    FPLLL.set_random_seed(seed)
    a = IntegerMatrix.random(dim, "qary", k=1, q=q)
    return [[int(a[i, j]) for j in range(dim)] for i in range(dim)]


_ROW = re.compile(r"\[([^\[\]]*)\]")


def parse_basis(text: str) -> list[list[int]]:
    """Parse the SVP-challenge text format: rows of integers in brackets, ``[[1 2][3 4]]``.

    Raises ``ValueError`` naming the problem (no rows, a non-integer entry, ragged rows,
    dependent rows are left to the reduction).
    """
    rows = _ROW.findall(text)
    if not rows:
        raise ValueError("no basis rows found: expected rows of integers in brackets, e.g. [[1 0][0 1]]")
    basis = []
    for idx, row in enumerate(rows):
        items = row.replace(",", " ").split()
        if not items:
            raise ValueError(f"row {idx} is empty")
        try:
            basis.append([int(v) for v in items])
        except ValueError:
            bad = next(v for v in items if not re.fullmatch(r"[+-]?\d+", v))
            raise ValueError(f"row {idx} has a non-integer entry {bad!r}") from None
    width = len(basis[0])
    ragged = [i for i, r in enumerate(basis) if len(r) != width]
    if ragged:
        raise ValueError(f"rows have different lengths: row 0 has {width}, row {ragged[0]} has {len(basis[ragged[0]])}")
    return basis


def format_basis(basis) -> str:
    return "[" + "\n".join("[" + " ".join(str(int(v)) for v in row) + "]" for row in basis) + "\n]\n"


def gaussian_heuristic(log_r: np.ndarray) -> float:
    """GH radius of a lattice whose GSO has squared lengths exp(log_r): (vol / V_n(1))^(1/n)."""
    n = len(log_r)
    log_vol = 0.5 * float(np.sum(log_r))
    log_ball = (n / 2) * math.log(math.pi) - math.lgamma(n / 2 + 1)
    return math.exp((log_vol - log_ball) / n)
