"""A progressive lattice sieve whose hot loop is the fused INT8 pair search.

Vocabulary as in G6K. The *context* is the projected sublattice pi_l(L) spanned by the last
d = n - l basis vectors; the database holds N context vectors, each kept as exact integer
coefficients x (w.r.t. b_l..b_{n-1}) with its FP64 coordinates y = x Y_ctx in the orthonormal
GSO frame. One *epoch* quantises y to INT8, runs ``pair_search`` on the whole database with a
goal widened by a proven quantisation slack (so no reducing pair is lost to rounding),
re-checks every candidate y_i -+ y_j in FP64 (``pair_norms``, one fused pass), drops duplicates
by a linear hash of the coefficients (stored per vector; the hash of x_i - s x_j is h_i - s h_j,
so candidates are compared before they are built), builds only the candidates that can enter,
and keeps the N shortest vectors. Steps that would materialise an [N, d] temporary run
ROW_CHUNK rows at a time (dimension 120 holds 13M vectors). The context grows to the left one dimension at
a time (progressive sieving; database vectors are extended by Babai's nearest plane), and the
short vectors of every context are lifted to the full lattice (dimensions for free).
Arrays live on one torch device: CUDA runs the Triton filter, CPU the NumPy reference.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
import torch

from ..ops import SIEVE_BUCKET_CONFIG, SIEVE_PAIR_CONFIG, bucket, pair_norms, pair_search, segment_pair_search
from .instance import gaussian_heuristic
from .params import BGJ1_ALPHA, BGJ1_MAX_BUCKETS, BGJ1_MEMBERSHIP

SATURATION_RADIUS = 4.0 / 3.0  # squared, relative to the context's GH^2
SATURATION_RATIO = 0.5
DB_SIZE_FACTOR = 3.2
REPLACE_QUANTILE = 0.75  # an epoch looks for vectors shorter than this quantile of the database
RECHECK_CHUNK = 1 << 22  # filter hits re-checked per step (bounds the memory of the gathers)
BGJ1_ROW_CAPACITY = 16  # buckets kept per vector and epoch (more are counted as dropped)
LIFT_CHUNK = 1 << 18  # database vectors lifted per step
ROW_CHUNK = 1 << 20  # database rows per step of the gathers and reductions that would otherwise
# materialise an [N, d] temporary (8 GB at 10M vectors; dimension 120 ran out of memory, NOTES 44)


def _first_occurrences(h: torch.Tensor) -> torch.Tensor:
    """Indices of the first occurrence of each distinct value of h, ascending (NumPy's
    ``np.sort(np.unique(h, return_index=True)[1])``), computed on h's device."""
    u, inv = torch.unique(h, return_inverse=True)
    pos = torch.arange(len(h), device=h.device)
    first = torch.full((len(u),), len(h), dtype=pos.dtype, device=h.device).scatter_reduce_(0, inv, pos, reduce="amin")
    return torch.sort(first).values


def _merged_positions(a: torch.Tensor, b: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Where the elements of ascending ``a`` and of ``b`` land in the stable ascending order of
    cat([a, b]) (a first among equals), without sorting ``a``: returns (pos_a, b_order, pos_b),
    pos_b[k] the place of b[b_order[k]]. One sort of b and two binary searches instead of a sort
    of both (the database is kept ascending)."""
    b_order = torch.argsort(b, stable=True)
    bs = b[b_order]
    pos_b = torch.arange(len(b), device=b.device) + torch.searchsorted(a, bs, right=True)
    pos_a = torch.arange(len(a), device=a.device) + torch.searchsorted(bs, a, right=False)
    return pos_a, b_order, pos_b


def _gather_rows(dst: torch.Tensor, dst_idx: torch.Tensor, src: torch.Tensor, src_idx: torch.Tensor) -> None:
    """dst[dst_idx] = src[src_idx], ROW_CHUNK rows at a time (bounded temporaries)."""
    for c0 in range(0, len(dst_idx), ROW_CHUNK):  # (nothing for empty indices: src may have no columns)
        dst[dst_idx[c0:c0 + ROW_CHUNK]] = src[src_idx[c0:c0 + ROW_CHUNK]]


def _sorted_quantile(v: torch.Tensor, q: float) -> float:
    """torch.quantile(v, q) (linear interpolation) for an ascending v, without its 2^24-element
    limit (databases beyond dimension ~115 are larger)."""
    if len(v) == 1:
        return float(v[0])
    pos = q * (len(v) - 1)
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(v) - 1)
    a, b = float(v[lo]), float(v[hi])
    return a + (b - a) * (pos - lo)


def dims_for_free(n: int) -> int:
    """G6K's default: n ln(4/3) / ln(n / (2 pi e)), for n large enough (0 below 40)."""
    if n < 40:
        return 0
    return max(0, int(n * math.log(4 / 3) / math.log(n / (2 * math.pi * math.e))))


@dataclass
class Stats:
    epochs: int = 0
    pairs_tested: int = 0
    candidates: int = 0
    sieve_s: float = 0.0
    filter_s: float = 0.0
    lift_s: float = 0.0
    #: seconds per step (``Siever.profile``), each closed by a device synchronisation: BGJ1 epochs'
    #: quantize, bucket, gather, in_bucket_search; all-pairs epochs' pair_search (quantisation
    #: included); every epoch's recheck and merge; sample (new vectors)
    phases: dict = field(default_factory=dict)
    log: list = field(default_factory=list)


class Siever:
    """Sieve state for one reduced basis (rows of ``basis``; integers)."""

    def __init__(self, basis, device: torch.device | str = "cpu", seed: int = 0,
                 progress: Callable[[str], None] | None = None, bgj1_from: int | None = None):
        from fpylll import GSO, IntegerMatrix

        self.basis = [list(map(int, row)) for row in basis]
        self.n = n = len(self.basis)
        a = IntegerMatrix.from_matrix(self.basis)
        m = GSO.Mat(a, float_type="double")
        m.update_gso()
        self.mu = np.array([[m.get_mu(i, j) if j < i else (1.0 if i == j else 0.0) for j in range(n)]
                            for i in range(n)])
        self.r = np.array([m.get_r(i, i) for i in range(n)])
        if not np.all(self.r > 0):
            raise ValueError("the basis rows are linearly dependent (a GSO length is zero)")
        self.gh = gaussian_heuristic(np.log(self.r))
        self.device = torch.device(device)
        self.gen = torch.Generator(device="cpu").manual_seed(seed)
        self.progress = progress or (lambda s: None)
        hv = torch.randint(-(2**62), 2**62, (n,), generator=self.gen, dtype=torch.int64)
        self.hvec = hv.to(self.device)
        self.mu_t = torch.tensor(self.mu, dtype=torch.float64, device=self.device)
        self.sqrt_r = torch.tensor(np.sqrt(self.r), dtype=torch.float64, device=self.device)
        self.r_t = torch.tensor(self.r, dtype=torch.float64, device=self.device)
        self.l = n
        self.x = torch.zeros((0, 0), dtype=torch.int64, device=self.device)
        self.y = torch.zeros((0, 0), dtype=torch.float64, device=self.device)
        self.n2 = torch.zeros(0, dtype=torch.float64, device=self.device)
        #: linear hash of each database vector's coefficients, sum_k x_k hvec_{l+k} (int64, wrapping);
        #: |h| identifies x up to sign. Linear, so the hash of x_i - s x_j is h_i - s h_j
        self.h = torch.zeros(0, dtype=torch.int64, device=self.device)
        #: database vectors not yet tested against the rest (entered since their last epoch)
        self.new = torch.zeros(0, dtype=torch.bool, device=self.device)
        #: database vectors already lifted in this context (a lift depends only on x and l, so
        #: ``lift`` skips them: the per-epoch lifts took 49 s of dimension 120's 402, NOTES.md 44)
        self.lifted = torch.zeros(0, dtype=torch.bool, device=self.device)
        #: later epochs of a context test only pairs with a new vector (False: all pairs every epoch)
        self.incremental = True
        self.stats = Stats()
        #: databases at least this large are sieved with BGJ1-style buckets (None: always all pairs)
        self.bgj1_from = bgj1_from
        #: BGJ1 bucket membership |cos(x, centre)| >= bgj1_alpha
        self.bgj1_alpha = BGJ1_ALPHA
        #: buckets per vector and epoch, on average (sets the number of centres, at most bgj1_max_buckets)
        self.bgj1_membership = BGJ1_MEMBERSHIP
        self.bgj1_max_buckets = BGJ1_MAX_BUCKETS
        #: tiles of the filters (None: SIEVE_PAIR_CONFIG for the pair searches, SIEVE_BUCKET_CONFIG for
        #: bucketing, the ninth-session defaults; ``PLAIN_FILTER_CONFIG``: the plain kernels)
        self.filter_config = None
        #: tiles of BGJ1's in-bucket search alone (None: ``filter_config``)
        self.segment_config = None
        self.best: tuple[float, list[int]] | None = None  # (|v|^2, coefficients over the full basis)
        #: per basis position i < l, the lift whose projection pi_i(v) is shortest relative to
        #: |b_i*|: i -> (|pi_i(v)|^2 / r_i, coefficients over the full basis); where the ratio is
        #: below 1, inserting v at i shortens the basis's prefix (``insertion_candidates``)
        self.best_at: dict[int, tuple[float, list[int]]] = {}
        #: time each step of the epochs into ``stats.phases`` (one device synchronisation per step;
        #: off by default: the epochs then synchronise once, after the filters)
        self.profile = False

    def _phase(self, name: str, t: float) -> float:
        """With ``profile``, add the time since ``t`` (after the device finished) to phase
        ``name``; returns the time now (the next phase's start)."""
        if not self.profile:
            return t
        if self.device.type == "cuda":
            torch.cuda.synchronize(self.device)
        now = time.perf_counter()
        self.stats.phases[name] = self.stats.phases.get(name, 0.0) + (now - t)
        return now

    # ---- context geometry -------------------------------------------------------------------
    @property
    def d(self) -> int:
        return self.n - self.l

    def gh_context(self) -> float:
        return gaussian_heuristic(np.log(self.r[self.l:]))

    def db_target(self) -> int:
        return int(math.ceil(DB_SIZE_FACTOR * (4 / 3) ** (self.d / 2))) + 16

    def _coords(self, x: torch.Tensor) -> torch.Tensor:
        l = self.l
        yb = self.mu_t[l:, l:] * self.sqrt_r[l:][None, :]
        return x.to(torch.float64) @ yb

    def _hash(self, x: torch.Tensor) -> torch.Tensor:
        """The linear hash sum_k x_k hvec_{l+k} of coefficient rows (int64, wrapping; chunked)."""
        hv = self.hvec[self.l:][None, :]
        out = torch.empty(len(x), dtype=torch.int64, device=x.device)
        for c0 in range(0, len(x), ROW_CHUNK):
            out[c0:c0 + ROW_CHUNK] = (x[c0:c0 + ROW_CHUNK] * hv).sum(dim=1)
        return out

    # ---- database ---------------------------------------------------------------------------
    def _babai_fill(self, x: torch.Tensor, free: torch.Tensor) -> torch.Tensor:
        """Set x_j for positions where ``free`` is True by nearest plane (top index down)."""
        l, d = self.l, self.d
        mu = self.mu_t[l:, l:]
        for j in range(d - 1, -1, -1):
            t = (x[:, j + 1:].to(torch.float64) @ mu[j + 1:, j]) if j + 1 < d else torch.zeros(len(x), dtype=torch.float64, device=x.device)
            x[:, j] = torch.where(free[:, j], -torch.round(t).to(torch.int64), x[:, j])
        return x

    def sample(self, count: int) -> None:
        """Add ``count`` new vectors: random +-1 on a few of the top coordinates, Babai below."""
        d = self.d
        top = max(1, min(d, d // 3 + 1))
        x = torch.zeros((count, d), dtype=torch.int64)
        vals = torch.randint(0, 3, (count, top), generator=self.gen) - 1
        vals[:, -1] = torch.where(vals[:, -1] == 0, torch.ones_like(vals[:, -1]), vals[:, -1])
        x[:, d - top:] = vals
        x = x.to(self.device)
        free = torch.zeros((count, d), dtype=torch.bool, device=self.device)
        free[:, : d - top] = True
        t = time.perf_counter()
        x = self._babai_fill(x, free)
        self._merge(x, self._coords(x))
        self._phase("sample", t)

    def _merge(self, x_new: torch.Tensor, y_new: torch.Tensor, keep: int | None = None,
               h_new: torch.Tensor | None = None, distinct: bool = False) -> int:
        """Union of database and new vectors without duplicates or zero vectors, N shortest kept
        (ascending |y|^2), built row chunk by row chunk into fresh arrays (no concatenation of the
        whole database: its peak is the old and the new database, not three copies).

        ``distinct``: the caller has already dropped new vectors that are in the database or
        repeat one another (by hash), so that is not done again. Returns how many new vectors
        entered the database."""
        n2_new = (y_new * y_new).sum(dim=1)
        if h_new is None:
            h_new = self._hash(x_new)
        ok = n2_new > 0.5 * float(self.r[self.l:].min())  # drop the zero vector (and rounding dust)
        if distinct:
            sel = torch.nonzero(ok).flatten()
        else:
            fresh = ok & ~torch.isin(h_new.abs(), self.h.abs())  # x and -x are the same lattice point
            sel = torch.nonzero(fresh).flatten()
            if len(sel):
                sel = sel[_first_occurrences(h_new[sel].abs())]
        x_new, y_new, n2_new, h_new = x_new[sel], y_new[sel], n2_new[sel], h_new[sel]
        n_db = len(self.x)
        cap = keep if keep is not None else max(self.db_target(), n_db)
        pos_a, b_order, pos_b = _merged_positions(self.n2, n2_new)
        src_db = torch.nonzero(pos_a < cap).flatten()
        kept_b = pos_b < cap
        src_new, pos_new = b_order[kept_b], pos_b[kept_b]
        pos_db = pos_a[src_db]
        size = min(cap, n_db + len(n2_new))
        d = x_new.shape[1] if n_db == 0 else self.x.shape[1]
        x = torch.empty((size, d), dtype=torch.int64, device=self.device)
        y = torch.empty((size, d), dtype=torch.float64, device=self.device)
        for dst, old, new in ((x, self.x, x_new), (y, self.y, y_new)):
            _gather_rows(dst, pos_db, old, src_db)
            _gather_rows(dst, pos_new, new, src_new)
        cols = []
        for old, new in ((self.n2, n2_new), (self.h, h_new), (self.new, torch.ones_like(n2_new, dtype=torch.bool)),
                         (self.lifted, torch.zeros_like(n2_new, dtype=torch.bool))):
            col = torch.empty(size, dtype=old.dtype, device=self.device)
            col[pos_db] = old[src_db]
            col[pos_new] = new[src_new]
            cols.append(col)
        self.x, self.y = x, y
        self.n2, self.h, self.new, self.lifted = cols
        return len(src_new)

    def extend_left(self) -> None:
        """Grow the context by one dimension (l -> l - 1); database vectors get their new
        leading coefficient by nearest plane (row chunk by row chunk: the old and the new
        database are the memory peak)."""
        if self.l == 0:
            raise ValueError("the context already spans the whole lattice")
        l = self.l - 1
        n = len(self.x)
        c = torch.empty(n, dtype=torch.float64, device=self.device)
        y0 = torch.empty(n, dtype=torch.float64, device=self.device)
        for c0 in range(0, n, ROW_CHUNK):
            t = self.x[c0:c0 + ROW_CHUNK].to(torch.float64) @ self.mu_t[l + 1:, l]
            c[c0:c0 + ROW_CHUNK] = -torch.round(t)
            y0[c0:c0 + ROW_CHUNK] = (c[c0:c0 + ROW_CHUNK] + t) * self.sqrt_r[l]
        n2 = self.n2 + y0 * y0
        ci = c.to(torch.int64)
        h = self.h + ci * self.hvec[l]  # the hash's new term (int64, wrapping like _hash)
        order = torch.argsort(n2)
        x = torch.empty((n, self.d + 1), dtype=torch.int64, device=self.device)
        y = torch.empty((n, self.d + 1), dtype=torch.float64, device=self.device)
        for c0 in range(0, n, ROW_CHUNK):
            o = order[c0:c0 + ROW_CHUNK]
            x[c0:c0 + ROW_CHUNK, 0] = ci[o]
            x[c0:c0 + ROW_CHUNK, 1:] = self.x[o]
            y[c0:c0 + ROW_CHUNK, 0] = y0[o]
            y[c0:c0 + ROW_CHUNK, 1:] = self.y[o]
        self.l = l
        self.x, self.y, self.n2, self.h = x, y, n2[order], h[order]
        self.new = torch.ones(n, dtype=torch.bool, device=self.device)  # every pair changed
        self.lifted = torch.zeros(n, dtype=torch.bool, device=self.device)  # and every lift

    # ---- the sieve --------------------------------------------------------------------------
    def saturation(self) -> float:
        """Found vectors within sqrt(4/3) GH over half the count the heuristic expects (>= 1: saturated)."""
        bound = SATURATION_RADIUS * self.gh_context() ** 2
        expect = SATURATION_RATIO * 0.5 * SATURATION_RADIUS ** (self.d / 2)
        return float((self.n2 <= bound).sum()) / max(expect, 1.0)

    def quantize(self) -> tuple[torch.Tensor, torch.Tensor, float, torch.Tensor]:
        """INT8 coordinates q = round(s y), half norms h = floor(s^2 |y|^2 / 2), the scale s, and
        each vector's squared rounding error |q - s y|^2 (float64), in one pass over y."""
        lo, hi = torch.aminmax(self.y)  # max |y| without an [N, d] temporary
        s = 127.0 / max(-float(lo), float(hi))
        q = torch.empty(self.y.shape, dtype=torch.int8, device=self.device)
        eps2 = torch.empty(len(q), dtype=torch.float64, device=self.device)
        for c0 in range(0, len(q), ROW_CHUNK):
            t = self.y[c0:c0 + ROW_CHUNK] * s
            qf = torch.round(t).clamp_(-127, 127)
            q[c0:c0 + ROW_CHUNK] = qf.to(torch.int8)
            err = qf.sub_(t)
            eps2[c0:c0 + ROW_CHUNK] = (err * err).sum(dim=1)
        h = torch.floor(self.n2 * (s * s / 2)).to(torch.int32)
        return q, h, s, eps2

    def pair_filter(self, target_n2: float) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, int]:
        """(q, h, h', goal): the quantised database, its half norms, and for ``pair_search`` h' and
        goal such that every pair with |y_i -+ y_j|^2 <= target_n2
        passes h'_i + h'_j - |<q_i, q_j>| <= goal (a superset of the true pairs, none lost).

        With q = s y + e, a = s |y| and eps = |e| per vector (the actual rounding errors, about
        sqrt(d / 12)): |<q_i, q_j> - s^2 <y_i, y_j>| <= a_i eps_j + eps_i a_j + eps_i eps_j
        <= lam (a_i^2 + a_j^2) / 2 + (eps_i^2 + eps_j^2) (1 / lam + 1) / 2 for any lam > 0
        (a eps <= (lam a^2 + eps^2 / lam) / 2), which splits into one share per vector:
        share_i = lam a_i^2 / 2 + eps_i^2 (1 / lam + 1) / 2, lam = rms(eps) / rms(a). h = floor(s^2
        |y|^2 / 2) is at most s^2 |y|^2 / 2, so h'_i = h_i - ceil(share_i) and goal =
        ceil(s^2 target / 2) + 2 (the 2: rounding of these FP64 bounds). Before (sixth session) the
        share was s E |y_i| with E = max eps over the whole database (and E^2 in the goal): the
        largest rounding error of millions of vectors for every vector, about 20% more slack at
        dimension 97; before that (third session) one slack s sqrt(d) max|y| + d/4 for all pairs.
        """
        q, h, s, eps2 = self.quantize()
        eps2 = eps2 * (1 + 1e-9) + 1e-9  # FP64 rounding of the sum, on the safe side
        a2 = (s * s) * self.n2
        lam = math.sqrt(float(eps2.mean()) / max(float(a2.mean()), 1e-300))
        share = torch.ceil((lam / 2) * a2 + ((1 / lam + 1) / 2) * eps2).to(torch.int32)
        goal = int(math.ceil(s * s * target_n2 / 2.0)) + 2
        return q, h, h - share, goal

    def candidate_pairs(self, target_n2: float, capacity: int):
        """The filter's hits for "|y_i -+ y_j|^2 <= target_n2" (a superset of the true pairs)."""
        q, _, hp, goal = self.pair_filter(target_n2)
        return pair_search(q, hp, goal, capacity, config=self.filter_config or SIEVE_PAIR_CONFIG)

    def new_pairs(self, target_n2: float, capacity: int) -> tuple[torch.Tensor, int, int]:
        """Like ``candidate_pairs``, for the pairs with at least one new vector only (new x new as
        a Gram search, new x old as a rectangle): the pairs of two old vectors were tested in an
        earlier epoch of this context against a target at least as large (the target only
        shrinks), so they cannot pass now. Returns (global (i, j) rows, dropped, pairs tested)."""
        q, _, h, goal = self.pair_filter(target_n2)
        new_idx = torch.nonzero(self.new).flatten()
        old_idx = torch.nonzero(~self.new).flatten()
        a, b = len(new_idx), len(old_idx)
        qn, hn = q[new_idx], h[new_idx]
        h1 = pair_search(qn, hn, goal, capacity, config=self.filter_config or SIEVE_PAIR_CONFIG)
        r1 = new_idx[h1.valid()[:, :2].to(torch.int64)]
        dropped = h1.dropped
        rec = [r1]
        if b:
            h2 = pair_search(qn, hn, goal, capacity, q[old_idx], h[old_idx],
                             config=self.filter_config or SIEVE_PAIR_CONFIG)
            v = h2.valid().to(torch.int64)
            rec.append(torch.stack([new_idx[v[:, 0]], old_idx[v[:, 1]]], dim=1))
            dropped += h2.dropped
        return torch.cat(rec), dropped, a * (a - 1) // 2 + a * b

    def bucketed_pairs(self, target_n2: float) -> tuple[torch.Tensor, int, int]:
        """BGJ1-style candidates: bucket the database around random centres with the fused
        ``bucket`` filter (|cos(x, c)| >= ``bgj1_alpha``), then ``pair_search`` inside each bucket.

        Returns the hits as global (i, j) rows [n, 2] int64, the number of hits dropped by
        capacities (bucket lists or pair buffers; those pairs may come back in a later epoch) and
        the number of pairs tested.
        """
        t = time.perf_counter()
        q, h, hp, goal = self.pair_filter(target_n2)  # h (true half norms) sets the bucket thresholds
        t = self._phase("quantize", t)
        n, d = q.shape
        p_in = 2 * 0.5 * math.erfc(self.bgj1_alpha * math.sqrt(d) / math.sqrt(2))  # P(|cos| >= alpha)
        n_buckets = int(min(self.bgj1_max_buckets, max(8, round(self.bgj1_membership / max(p_in, 1e-9)))))
        n_buckets = min(n_buckets, n)
        # distinct random database vectors; drawn without the O(n) host permutation (a randperm of
        # the database took 40-170 ms of host time per epoch at 1-4M vectors, NOTES.md 44)
        centres = torch.unique(torch.randint(0, n, (n_buckets,), generator=self.gen)).to(self.device)
        n_buckets = len(centres)
        yc = self.y[centres]
        yc = yc / yc.norm(dim=1, keepdim=True)  # unit directions: one threshold per vector fits all
        sc = 127.0 / float(yc.abs().max())
        qc = torch.round(yc * sc).clamp_(-127, 127).to(torch.int8)
        qc_norm = float(qc.to(torch.float64).norm(dim=1).mean())
        thr = torch.ceil(self.bgj1_alpha * torch.sqrt(2.0 * h.to(torch.float64)) * qc_norm).to(torch.int32)
        cap_row = BGJ1_ROW_CAPACITY
        b = bucket(q, qc, thr, cap_row, config=self.filter_config or SIEVE_BUCKET_CONFIG)
        t = self._phase("bucket", t)
        counts = b.counts.to(torch.int64)
        dropped = int((counts - cap_row).clamp(min=0).sum())
        valid = torch.arange(cap_row, device=self.device)[None, :] < counts.clamp(max=cap_row)[:, None]
        rows = torch.arange(n, device=self.device)[:, None].expand(n, cap_row)[valid]
        cents = b.ids[valid].to(torch.int64)
        order = torch.argsort(cents, stable=True)
        rows = rows[order]  # members, bucket after bucket
        sizes = torch.bincount(cents, minlength=n_buckets)
        offsets = torch.cat([torch.zeros(1, dtype=torch.int64, device=self.device), torch.cumsum(sizes, 0)])
        tested = int((sizes * (sizes - 1) // 2).sum())
        qr, hr = q[rows], hp[rows]
        t = self._phase("gather", t)
        # all buckets in one launch; a pair found in two buckets is re-checked twice and merged once
        seg_cfg = self.segment_config if self.segment_config is not None else (self.filter_config or SIEVE_PAIR_CONFIG)
        hits = segment_pair_search(qr, hr, goal, 8 * len(rows) + 1024 * n_buckets, offsets, config=seg_cfg)
        dropped += hits.dropped
        pairs = rows[hits.valid()[:, :2].to(torch.int64)]
        self._phase("in_bucket_search", t)
        return pairs, dropped, tested

    def epoch(self, capacity: int) -> tuple[int, int]:
        """One reduction pass (all pairs, or BGJ1 buckets for large databases); returns (vectors
        improved, hits dropped by capacity)."""
        t0 = time.perf_counter()
        target = _sorted_quantile(self.n2, REPLACE_QUANTILE)
        tf = time.perf_counter()
        n_new = int(self.new.sum())
        if self.bgj1_from is not None and len(self.x) >= self.bgj1_from:
            rec, dropped, tested = self.bucketed_pairs(target)
        elif self.incremental and n_new == 0:  # nothing changed since every pair was tested
            rec, dropped, tested = torch.zeros((0, 2), dtype=torch.int64, device=self.device), 0, 0
        elif self.incremental and n_new < len(self.x):
            rec, dropped, tested = self.new_pairs(target, capacity)
            self._phase("pair_search", tf)
        else:
            hits = self.candidate_pairs(target, capacity)
            rec = hits.valid().to(torch.int64)
            dropped = hits.dropped
            tested = len(self.x) * (len(self.x) - 1) // 2
            self._phase("pair_search", tf)
        if self.device.type == "cuda":
            torch.cuda.synchronize()
        self.stats.filter_s += time.perf_counter() - tf
        # every vector has now met every other one; dropped hits are searched for again (all pairs)
        self.new = torch.full_like(self.new, bool(dropped))
        # the FP64 re-check in chunks; only (i, j, sign, |y|^2) of the good candidates are held, and
        # only those that can enter the database are built (candidates' hashes come from the
        # database's: the hash is linear)
        keep = len(self.x)
        t = time.perf_counter()
        parts = [self._recheck(rec[c0:c0 + RECHECK_CHUNK], target) for c0 in range(0, len(rec), RECHECK_CHUNK)]
        t = self._phase("recheck", t)
        improved = 0
        if parts:
            i, j, sg, n2c = (torch.cat(v) for v in zip(*parts))
            hc = self.h[i] - sg * self.h[j]
            sel = torch.nonzero(~torch.isin(hc.abs(), self.h.abs())).flatten()
            if len(sel):
                sel = sel[_first_occurrences(hc[sel].abs())]
                # only those among the keep shortest of database and candidates can enter (built
                # whole, 13M candidates' rows ran dimension 120 out of memory at context 106)
                _, order, pos = _merged_positions(self.n2, n2c[sel])
                enter = torch.zeros(len(sel), dtype=torch.bool, device=self.device)
                enter[order] = pos < keep
                sel = sel[enter]
                i, j, sg, hc = i[sel], j[sel], sg[sel], hc[sel]
                d = self.x.shape[1]
                x_new = torch.empty((len(sel), d), dtype=torch.int64, device=self.device)
                y_new = torch.empty((len(sel), d), dtype=torch.float64, device=self.device)
                for c0 in range(0, len(sel), ROW_CHUNK):
                    ii, jj, ss = i[c0:c0 + ROW_CHUNK], j[c0:c0 + ROW_CHUNK], sg[c0:c0 + ROW_CHUNK, None]
                    x_new[c0:c0 + ROW_CHUNK] = self.x[ii] - ss * self.x[jj]
                    y_new[c0:c0 + ROW_CHUNK] = self.y[ii] - ss.to(torch.float64) * self.y[jj]
                improved = self._merge(x_new, y_new, keep=keep, h_new=hc, distinct=True)
        self._phase("merge", t)
        st = self.stats
        st.epochs += 1
        st.pairs_tested += tested
        st.candidates += int(len(rec))
        st.sieve_s += time.perf_counter() - t0
        return improved, dropped

    def _recheck(self, rec: torch.Tensor, target: float):
        """Exact FP64 re-check of filter hits (i, j, ...), both signs (where |<y_i, y_j>| is within
        the quantisation slack the filter's sign may be the longer combination), by ``pair_norms``
        (one fused pass on CUDA). Returns the good ones, |y_i - s y_j|^2 < target, as (i, j, s,
        |y_i - s y_j|^2) (int64 [n] three times, float64 [n])."""
        pairs = rec[:, :2]
        n2_new, sign = pair_norms(self.y, pairs)  # takes the strided view as it is
        good = torch.nonzero(n2_new < target).flatten()
        return pairs[good, 0], pairs[good, 1], sign[good].to(torch.int64), n2_new[good]

    def sieve(self, max_epochs: int = 500, goal_n2: float | None = None) -> bool:
        """Epochs until the context is saturated (or no epoch improves anything twice in a row).

        With ``goal_n2``, the database is lifted after every epoch (only vectors shorter than the
        goal in the context can lift below it) and the sieve stops as soon as a lift reaches
        |v|^2 <= goal_n2; returns whether it did.
        """
        target = self.db_target()
        if len(self.x) < target:
            self.sample(target - len(self.x))
        capacity = max(1 << 16, 4 * len(self.x))
        idle = 0
        for _ in range(max_epochs):
            if self.saturation() >= 1.0:
                break
            improved, dropped = self.epoch(capacity)
            if goal_n2 is not None and improved:
                best = self.lift(bound_n2=goal_n2)
                if best is not None and best[0] <= goal_n2:
                    return True
            if dropped:
                capacity *= 2  # nothing is lost: the next epoch sees the same pairs again
            idle = idle + 1 if improved == 0 else 0
            if idle >= 2:
                if len(self.x) < target:
                    self.sample(target - len(self.x))
                else:
                    break
        return False

    # ---- lifting ----------------------------------------------------------------------------
    def lift(self, count: int | None = None, bound_n2: float | None = None) -> tuple[float, list[int]] | None:
        """Babai-lift database vectors to the full lattice (nearest plane over b_{l-1}..b_0) and
        keep the shortest result in ``self.best``.

        All vectors by default (``count``: only the shortest ``count``), in chunks of LIFT_CHUNK;
        with ``bound_n2`` only vectors whose context norm is below it (lifting only adds length,
        so the others cannot lift below the bound). Vectors already lifted in this context are
        skipped (``lifted``): their lifts are in ``self.best`` already.
        """
        t0 = time.perf_counter()
        k = len(self.x) if count is None else min(count, len(self.x))
        if bound_n2 is not None:
            k = min(k, int(torch.searchsorted(self.n2, torch.tensor([bound_n2], dtype=self.n2.dtype,
                                                                      device=self.n2.device))))
        l = self.l
        mu_ctx = self.mu_t[l:, :l]  # [d, l]: t_j = sum_{i >= l} x_i mu_{i, j}
        todo = torch.nonzero(~self.lifted[:k]).flatten()
        self.lifted[todo] = True
        for c0 in range(0, len(todo), LIFT_CHUNK):
            rows = todo[c0:c0 + LIFT_CHUNK]
            x = self.x[rows]
            n2 = self.n2[rows]
            t = x.to(torch.float64) @ mu_ctx
            cs = torch.zeros_like(t)
            part = torch.empty_like(t)  # part[:, j] = |pi_j(v)|^2
            for j in range(l - 1, -1, -1):
                cj = -torch.round(t[:, j])
                cs[:, j] = cj
                n2 += ((cj + t[:, j]) ** 2) * float(self.r[j])
                part[:, j] = n2
                if j:
                    t[:, :j] += cj[:, None] * self.mu_t[j, :j][None, :]
            if l:
                self._best_lifts(part, cs, x)
            b = int(torch.argmin(n2))
            if self.best is None or float(n2[b]) < self.best[0]:
                coeffs = [int(v) for v in cs[b].to(torch.int64).tolist()] + [int(v) for v in x[b].tolist()]
                self.best = (float(n2[b]), coeffs)
        self.stats.lift_s += time.perf_counter() - t0
        return self.best

    def _best_lifts(self, part: torch.Tensor, cs: torch.Tensor, x: torch.Tensor) -> None:
        """Update ``best_at`` from one chunk's lifts: part [rows, l] holds |pi_j(v)|^2, cs [rows, l]
        the Babai coefficients of positions < l, x [rows, d] the context coefficients."""
        l = part.shape[1]
        score = part / self.r_t[:l]
        mins, arg = score.min(0)
        mins = mins.tolist()
        better = [j for j in range(l) if mins[j] < self.best_at.get(j, (math.inf,))[0]]
        if not better:
            return
        rows = arg[better]
        full = torch.cat([cs[rows].to(torch.int64), x[rows]], 1).tolist()
        for j, coeffs in zip(better, full):
            self.best_at[j] = (mins[j], [int(v) for v in coeffs])

    def insertion_candidates(self, max_ratio: float = 0.999) -> list[list[int]]:
        """Coefficient vectors (over the full basis) of the best lifts that are shorter than b_i*
        at their position i (|pi_i(v)|^2 < max_ratio * r_i), distinct, in order of position."""
        out, seen = [], set()
        for j in sorted(self.best_at):
            ratio, coeffs = self.best_at[j]
            key = tuple(coeffs) if coeffs[next(k for k, c in enumerate(coeffs) if c)] > 0 else tuple(-c for c in coeffs)
            if ratio < max_ratio and key not in seen:
                seen.add(key)
                out.append(coeffs)
        return out

    def vector(self, coeffs: list[int]) -> list[int]:
        """The lattice vector sum_i coeffs[i] b_i, in exact integers."""
        n = self.n
        return [sum(coeffs[i] * self.basis[i][k] for i in range(n) if coeffs[i]) for k in range(len(self.basis[0]))]
