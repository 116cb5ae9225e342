"""Accuracy-targeted FP64 GEMM: ``dgemm(a, b, accuracy="fp64")`` picks Ozaki-I or Ozaki-II.

Both schemes are estimated in *bits relative to |a_i| |b_j|* (row of A times column of B, the
quantity FP64 GEMM's own error scales with); the cheapest configuration whose estimate reaches
the target is chosen, by INT8 product count plus a fixed cost per scheme for its element-wise
passes:

- Ozaki-I, row scaling, S slices, pairs i + j < min(S, 7): ``7.75 S + 0.9`` bits, S(S+1)/2
  products (S <= 7), passes cost about 1 product. Fitted to the H200 l2 errors of 2026-11-30
  (2^-12.3, 2^-27.6, 2^-43.2 at S = 2, 4, 6, 8192^3 randn) plus the 4.2-bit offset that
  relates l2 error and the |a||b| scale on those inputs.
- Ozaki-II, N moduli, Cauchy-Schwarz scaling: ``min(G_A, G_B) / 2 - 1`` bits (G: the half-bit
  budgets of ``ozaki2.reference.half_bits``; independent of K), N products, passes cost about
  1.5 products (norm bounds, residues, CRT).

``accuracy="fp64"`` means 55 bits: element-wise as accurate as native DGEMM within 2x. Measured
on the NumPy reference (K = 101..4096, randn/uniform/cancelling columns, errors against the exact
product): 14 moduli (53 bits) match native in l2 error (1.2-1.4x) but not element-wise (3-18x on
the worst entry); 15 moduli (56.75 bits) are at or below native everywhere (<= 0.99x). Ozaki-I
would need S = 7 (28 products), so FP64 requests go to Ozaki-II with 15 moduli. The estimate is a model, not a guarantee on
every input: entries spanning a wide range *inside* one row or column lose relative precision
in both schemes (fixed point per row), see ``ozaki2.reference``. Measured (NumPy reference,
40x512x30, worst element-wise error against the exact product, 15 moduli): banded rows and
columns with 1e-3 noise 250x native's; rows big on one half of k and 1e-8 on the other against
columns the other way round 1.3e7x native's (the operands' 62-bit integers cannot hold both
halves; the "accurate" scaling does not change this). There the error stays below about
2^-55 sqrt(K) |a_i| |b_j|, not below native DGEMM's.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from .ozaki.scheme import kept_pairs, resolve_diagonals
from .ozaki2.moduli import MAX_MODULI
from .ozaki2.reference import check_budget, half_bits

FP64_BITS = 55
OZAKI1_PASS_COST = 1.0
OZAKI2_PASS_COST = 1.5
ACCURACIES = {"fp64": FP64_BITS, "fp32": 24}


@dataclass(frozen=True)
class Choice:
    """What ``dgemm`` runs: scheme ``"ozaki1"`` (``count`` = splits) or ``"ozaki2"`` (moduli)."""

    scheme: str
    count: int
    est_bits: float
    products: int
    target_bits: int

    def __str__(self) -> str:
        what = "splits" if self.scheme == "ozaki1" else "moduli"
        return (f"{self.scheme} with {self.count} {what}: {self.products} INT8 products, "
                f"~{self.est_bits:.1f} bits (target {self.target_bits})")


def ozaki1_bits(splits: int) -> float:
    return 7.75 * splits + 0.9


def ozaki2_bits(moduli: int) -> float:
    return min(half_bits(moduli)) / 2 - 1


def target_bits(accuracy: str | None = "fp64", bits: int | None = None) -> int:
    if bits is not None:
        if isinstance(bits, bool) or not isinstance(bits, int) or not 1 <= bits <= 60:
            raise ValueError(f"bits must be an int in 1..60, got {bits!r}")
        return bits
    if accuracy not in ACCURACIES:
        raise ValueError(f"accuracy must be one of {sorted(ACCURACIES)} (or pass bits=...), got {accuracy!r}")
    return ACCURACIES[accuracy]


def choose(accuracy: str | None = "fp64", bits: int | None = None, k: int = 1) -> Choice:
    """The cheapest scheme whose bit estimate reaches the target (see the module docstring);
    ``k``: the inner dimension (Ozaki-II needs enough moduli for it, ``check_budget``)."""
    t = target_bits(accuracy, bits)
    cands = []
    for s in range(1, 8):
        if ozaki1_bits(s) >= t:
            p = len(kept_pairs(s, resolve_diagonals(s, None)))
            cands.append((p + OZAKI1_PASS_COST, Choice("ozaki1", s, ozaki1_bits(s), p, t)))
            break
    for n in range(2, MAX_MODULI + 1):
        if ozaki2_bits(n) >= t and _budget_ok(n, k):
            cands.append((n + OZAKI2_PASS_COST, Choice("ozaki2", n, ozaki2_bits(n), n, t)))
            break
    if not cands:
        raise ValueError(f"no configuration reaches {t} bits")
    return min(cands, key=lambda c: c[0])[1]


def _budget_ok(n: int, k: int) -> bool:
    try:
        check_budget(n, k)
    except ValueError:
        return False
    return True


class DgemmPlan:
    """C = A @ B with a fixed B at a target accuracy; keeps the chosen scheme's plan (B's
    slices or residues and the workspace). ``plan.choice`` says what runs."""

    def __init__(self, b: torch.Tensor, accuracy: str | None = "fp64", *, bits: int | None = None,
                 backend: str = "auto"):
        self.choice = choose(accuracy, bits, k=b.shape[0])
        if self.choice.scheme == "ozaki1":
            from .ozaki import OzakiGemm

            self._plan = OzakiGemm(b, self.choice.count, backend=backend)
        else:
            from .ozaki2 import OzakiIIGemm

            self._plan = OzakiIIGemm(b, self.choice.count, backend=backend)

    def __call__(self, a: torch.Tensor, out: torch.Tensor | None = None) -> torch.Tensor:
        """C = a @ b. a: [M, K] float64 on b's device; out: optional [M, N] float64."""
        return self._plan(a, out=out)


def dgemm(a: torch.Tensor, b: torch.Tensor, accuracy: str | None = "fp64", *, bits: int | None = None,
          out: torch.Tensor | None = None, return_choice: bool = False, backend: str = "auto"):
    """C = A @ B in FP64 on INT8 tensor cores at a target accuracy.

    a [M, K], b [K, N] float64 on one device (CUDA: Triton kernels; CPU: NumPy references).
    ``accuracy``: ``"fp64"`` (55 bits, see the module docstring) or ``"fp32"`` (24), or ``bits=`` any target in 1..60.
    Returns C [M, N] (and the ``Choice`` if ``return_choice``). Non-finite inputs: Ozaki-II makes
    the affected rows/columns of C NaN; Ozaki-I propagates NaN too (see ``OzakiGemm``).
    """
    if a.ndim != 2 or b.ndim != 2 or a.shape[1] != b.shape[0]:
        raise ValueError(f"need a [M, K] and b [K, N], got {tuple(a.shape)} and {tuple(b.shape)}")
    plan = DgemmPlan(b, accuracy, bits=bits, backend=backend)
    c = plan(a, out=out)
    return (c, plan.choice) if return_choice else c


__all__ = ["dgemm", "DgemmPlan", "Choice", "choose"]
