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

``accuracy="fp64"`` means 58 bits: element-wise as accurate as native DGEMM within 2x, with a
margin, because the worst entry (the one whose exact value cancels most) compares two random
errors. Measured on the NumPy reference (K = 101..4096, randn/uniform/cancelling columns, errors
against the exact product): 14 moduli (53 bits) match native in l2 error (1.2-1.4x) but not
element-wise (3-18x on the worst entry); 15 moduli (56.5 bits) 0.99x at most there. On the H200
(sixteenth session, ``benchmarks/accuracy_large_k.py``, 64 x K x 64, K = 2^13..2^20, randn /
uniform / cancelling, worst entry against cuBLAS's): 15 moduli 0.06-2.63x (2.63x: randn at
K = 8192; and 3x the CPU BLAS's worst entry at K = 2^20 on that machine's CPU), 16 moduli
(60.5 bits) 0.01-0.18x, and at most 0.25x the CPU BLAS's. So FP64 requests go to Ozaki-II with
16 moduli (Ozaki-I would need S = 8, 28 products). The estimate is a model, not a guarantee on
every input: entries spanning a wide range *inside* one row or column lose relative precision
in both schemes (fixed point per row), see ``ozaki2.reference``. Measured (NumPy reference,
40x512x30, worst element-wise error against the exact product, 15 moduli): banded rows and
columns with 1e-3 noise 250x native's; rows big on one half of k and 1e-8 on the other against
columns the other way round 1.3e7x native's (the operands' 62-bit integers cannot hold both
halves; the "accurate" scaling does not change this). There the error stays below about
2^-55 sqrt(K) |a_i| |b_j|, not below native DGEMM's.

A posteriori guard (``accuracy="fp64"``, on by default): after the Ozaki-II product, a rigorous
entry-wise bound of its error, |C - AB|_ij <= E_ij = 2^-sa_i |b_j|_1 / 2 + 2^-sb_j |a_i|_1 / 2 +
K 2^-(sa_i + sb_j) / 4 (plus C's own rounding), is compared with GUARD_TAU sqrt(K) u L_ij, where
L_ij <= (|A||B|)_ij is a lower bound from one INT8 product of 7-bit floors of |A| and |B|. Where
any entry fails, C is recomputed by native DGEMM and a ``AccuracyFallbackWarning`` says how many
entries failed: the result always satisfies the bound, or is native DGEMM's. The guard's data
come from the passes Ozaki-II makes anyway (the L1 norms with the norm bounds, the floors as one
more plane of the residue split); its cost is one INT8 product of the floors
(``ozaki2/_kernels/guard.py``: a persistent TMA GEMM with the bound test in its epilogue, only a
failure count is written) and one host wait: the count depends on the operands only, so its GEMM
runs right after the residue split and the host waits on an event after the count, while the
products and the CRT run (``OzakiIIGemm.guarded``). The GEMM runs first on every 8th k only (K >= 2048):
a subset gives a smaller lower bound, so a stricter test, and only inputs that fail it run the
full product (same decision either way). Measured on the H200 (sixteenth session,
benchmarks/NOTES.md 68, 15 moduli): the strided guard GEMM 0.24 / 0.62 ms at 4096^3 / 8192^3 (full K
0.40 / 2.44 ms), the guarded one-shot call 2.66 / 16.40 ms against 2.43 / 15.82 ms for Ozaki-II
alone (with the wait after the whole product instead: 2.90-3.05 / 17.06-17.14 ms); then the guard
GEMM at 2 programs of 4 warps per SM: its strided pass 0.28 ms at 8192^3 (kernel time, was 0.49), and
the one-shot ``dgemm("fp64")`` at 16 moduli 2.80 / 17.44 ms (0.81x / 1.115x native DGEMM).
Seventeenth session, the products on the warp-specialised Gluon kernel (``ozaki/_ws.py``): 2.63 /
16.00 ms (0.87x / 1.18x native DGEMM, benchmarks/NOTES.md 69).
Measured max E/(u L) on the NumPy reference at 15 moduli (16 give smaller E)
(K = 64 / 512 / 4096 / 8192): randn 1.0 / 2.2 / 5.6 / 8.4, uniform 0.7 / 1.7 / 4.2 / 6.3, rows
scaled 2^-100..2^100 as randn; rows big on one half of k against columns big on the other: inf
(L = 0), so they fall back.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, replace

import torch

from ._checks import accepts_dlpack
from .ozaki.scheme import kept_pairs, resolve_diagonals
from .ozaki2.moduli import MAX_MODULI
from .ozaki2.reference import check_budget, half_bits

FP64_BITS = 58
GUARD_TAU = 2.0  # the guard's bound: E_ij <= GUARD_TAU sqrt(K) u L_ij


class AccuracyFallbackWarning(RuntimeWarning):
    """dgemm(accuracy="fp64") fell back to native DGEMM because the emulation's error bound failed."""
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
    #: entries whose error bound failed the guard (then C is native DGEMM's), None: no guard ran
    guard_failures: int | None = None

    def __str__(self) -> str:
        what = "splits" if self.scheme == "ozaki1" else "moduli"
        text = (f"{self.scheme} with {self.count} {what}: {self.products} INT8 products, "
                f"~{self.est_bits:.1f} bits (target {self.target_bits})")
        if self.guard_failures:
            text += f"; guard failed on {self.guard_failures} entries: native DGEMM result"
        elif self.guard_failures == 0:
            text += "; guard passed"
        return text


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
    slices or residues and the workspace). ``plan.choice`` says what runs (after a call: also
    what the guard found)."""

    def __init__(self, b: torch.Tensor, accuracy: str | None = "fp64", *, bits: int | None = None,
                 backend: str = "auto", guard: bool | None = None, _defer_b: bool = False):
        self.choice = choose(accuracy, bits, k=b.shape[0])
        self._b = b
        self.guard = (accuracy == "fp64" and bits is None) if guard is None else bool(guard)
        if self.guard and self.choice.scheme != "ozaki2":
            raise ValueError("the guard covers Ozaki-II only (accuracy='fp64'); pass guard=False")
        if self.choice.scheme == "ozaki1":
            from .ozaki import OzakiGemm

            self._plan = OzakiGemm(b, self.choice.count, backend=backend, _defer_b=_defer_b)
        else:
            from .ozaki2 import OzakiIIGemm

            self._plan = OzakiIIGemm(b, self.choice.count, backend=backend, bounds=self.guard, _defer_b=_defer_b)

    def _fork_b(self, m: int) -> None:
        self._plan._fork_b(m)

    def _join_b(self) -> None:
        self._plan._join_b()

    def __call__(self, a: torch.Tensor, out: torch.Tensor | None = None) -> torch.Tensor:
        """C = a @ b. a: [M, K] float64 on b's device; out: optional [M, N] float64."""
        if not self.guard:
            return self._plan(a, out=out)
        c, failures = self._plan.guarded(a, GUARD_TAU, out=out)
        if c.numel():
            self.choice = replace(self.choice, guard_failures=failures)
            if failures:
                warnings.warn(f"dgemm(accuracy='fp64'): the Ozaki-II error bound exceeds {GUARD_TAU} sqrt(K) u "
                              f"(|A||B|) on {failures} of {c.numel()} entries (magnitudes varying inside rows of A "
                              "or columns of B); returning native DGEMM's result", AccuracyFallbackWarning,
                              stacklevel=2)
                c.copy_(a @ self._b)  # c may be a strided view: copy rather than matmul(out=)
        return c


def guard_failures(a: torch.Tensor, b: torch.Tensor, sa: torch.Tensor, sb: torch.Tensor,
                   tau: float = GUARD_TAU) -> int:
    """How many entries of an Ozaki-II product of a [M, K] and b [K, N] (scaled by 2^sa, 2^sb)
    have a rigorous error bound above tau sqrt(K) u (|A||B|)_ij: the NumPy reference
    (``ozaki2.reference.guard_count``) of what ``OzakiIIGemm(..., bounds=True).guard_failures``
    computes on the GPU."""
    from .ozaki2.reference import guard_count

    t = lambda x: x.detach().cpu().numpy()  # noqa: E731
    return guard_count(t(a), t(b), t(sa), t(sb), tau)


@accepts_dlpack
def dgemm(a: torch.Tensor, b: torch.Tensor, accuracy: str | None = "fp64", *, bits: int | None = None,
          out: torch.Tensor | None = None, return_choice: bool = False, backend: str = "auto",
          guard: bool | None = None):
    """C = A @ B in FP64 on INT8 tensor cores at a target accuracy.

    a [M, K], b [K, N] float64 on one device (CUDA: Triton kernels; CPU: NumPy references).
    ``accuracy``: ``"fp64"`` (58 bits, see the module docstring) or ``"fp32"`` (24), or ``bits=`` any target in 1..60.
    Returns C [M, N] (and the ``Choice`` if ``return_choice``). Non-finite inputs: Ozaki-II makes
    the affected rows/columns of C NaN; Ozaki-I propagates NaN too (see ``OzakiGemm``).
    ``guard`` (default: on for ``accuracy="fp64"``, off for ``bits=``): check the result's
    rigorous error bound and fall back to native DGEMM where it fails (module docstring).
    """
    if a.ndim != 2 or b.ndim != 2 or a.shape[1] != b.shape[0]:
        raise ValueError(f"need a [M, K] and b [K, N], got {tuple(a.shape)} and {tuple(b.shape)}")
    from ._streams import joined

    plan = DgemmPlan(b, accuracy, bits=bits, backend=backend, guard=guard, _defer_b=True)
    plan._fork_b(a.shape[0])  # B's passes overlap A's where that pays (``_streams``)
    with joined(plan):
        c = plan(a, out=out)
    return (c, plan.choice) if return_choice else c


__all__ = ["dgemm", "DgemmPlan", "Choice", "choose", "guard_failures", "AccuracyFallbackWarning"]
