"""``solve_svp``: reduce with fpylll, then sieve progressively until |v| <= goal * GH(L)."""

from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, replace

import numpy as np
import torch

from ..ops import PLAIN_FILTER_CONFIG, SIEVE_PAIR_CONFIG, SIEVE_SEGMENT_CONFIG, TMA_FILTER_CONFIG, FilterConfig
from .params import BGJ1_ALPHA, BGJ1_MAX_BUCKETS, BGJ1_MEMBERSHIP, SEGMENT_FILTERS
from .instance import gaussian_heuristic
from .siever import Siever, dims_for_free

LIFT_COUNT = 1024  # vectors lifted per context with lift_all=False


@dataclass
class SVPResult:
    found: bool
    dim: int
    goal: float
    coefficients: list  # over the input basis rows
    vector: list  # exact integers
    norm: float
    norm_over_gh: float
    gh: float
    wall_s: float
    reduce_s: float
    sieve_s: float
    filter_s: float
    lift_s: float
    epochs: int
    pairs_tested: int
    filter_hits: int  # filter candidates re-checked exactly (their ratio to pairs_tested: the hit rate)
    final_context: int
    device: str
    log: list
    phases: dict  # seconds per sieve step with ``profile=True`` (else empty)

    def to_json(self) -> dict:
        return asdict(self)


#: LLL in stages of growing delta with fpylll's early reduction (fplll's -e, for knapsack-like
#: bases): dimension 100's q-ary basis 2.66 -> 0.82 s against (0.75, 0.99) without it (CPU, NOTES.md)
LLL_DELTAS = (0.51, 0.75, 0.99)


def reduce_basis(basis, bkz_block: int = 20, bkz_tours: int = 8, track_u: bool = True):
    """LLL, then at most ``bkz_tours`` tours of BKZ with ``bkz_block`` (0: LLL only) with fpylll;
    returns (reduced rows, U) where reduced = U * basis (U None when not ``track_u``: carrying U
    through LLL/BKZ doubled the time at dimension 100, so a triangular input basis is solved for
    the coefficients instead). Linearly dependent input rows are allowed: LLL turns the
    dependencies into zero rows, which are dropped (fewer reduced rows than input rows; U has a
    row per reduced row). The fpylll 0.6.4 wheel ships no strategy file, so none is used."""
    from fpylll import BKZ, GSO, LLL, IntegerMatrix

    a = IntegerMatrix.from_matrix(basis)
    u = IntegerMatrix.identity(a.nrows) if track_u else None
    for delta in LLL_DELTAS:
        if track_u:  # each call's U maps its own input: fpylll 0.6.4 does not accumulate into a U passed twice
            step = IntegerMatrix.identity(a.nrows)
            LLL.reduction(a, step, delta=delta, flags=LLL.EARLY_RED)
            u = step * u
        else:
            LLL.reduction(a, delta=delta, flags=LLL.EARLY_RED)
    # linearly dependent rows (a generating set): LLL leaves the dependencies as zero rows; keep the
    # others (a basis of the same lattice) and their rows of U
    keep = [i for i in range(a.nrows) if any(a[i, j] for j in range(a.ncols))]
    if len(keep) < a.nrows:
        a = IntegerMatrix.from_matrix([[a[i, j] for j in range(a.ncols)] for i in keep])
        if track_u:
            u = IntegerMatrix.from_matrix([[u[i, j] for j in range(u.ncols)] for i in keep])
    if bkz_block and bkz_block > 2 and a.nrows >= 2:
        # through a GSO object that carries U: fpylll 0.6.4's BKZ.reduction(A, param, U) does not
        # keep U consistent with A (seen: U * basis != reduced afterwards)
        m = GSO.Mat(a, U=u) if track_u else GSO.Mat(a)
        m.update_gso()
        lll = LLL.Reduction(m)
        lll()
        BKZ.Reduction(m, lll, BKZ.Param(block_size=min(bkz_block, a.nrows), strategies=None,
                                         flags=BKZ.AUTO_ABORT | BKZ.MAX_LOOPS, max_loops=bkz_tours))()
    rows = [[int(a[i, j]) for j in range(a.ncols)] for i in range(a.nrows)]
    umat = [[int(u[i, j]) for j in range(u.ncols)] for i in range(u.nrows)] if track_u else None
    return rows, umat


#: by default the sieve inserts once, at context n - dims_for_free(n) - INSERT_BEFORE (see
#: ``default_insertions``), and restarts only if that saves at least MIN_SAVING contexts by the
#: geometry (``context_saving``)
INSERT_BEFORE = 5
INSERT_AHEAD = 6
MIN_SAVING = 2.0


def default_insertions(n: int) -> tuple[int, ...]:
    """Contexts at which ``solve_svp`` considers an insertion by default (see its ``insert_at``):
    one, INSERT_BEFORE below the context where G6K's dims-for-free estimate expects the goal."""
    c = n - dims_for_free(n) - INSERT_BEFORE
    return (c,) if 30 < c < n else ()


def gso_r(rows) -> list[float]:
    """|b_i*|^2 of a basis (fpylll's GSO, doubles)."""
    from fpylll import GSO, IntegerMatrix

    m = GSO.Mat(IntegerMatrix.from_matrix(rows), float_type="double")
    m.update_gso()
    return [m.get_r(i, i) for i in range(len(rows))]


def context_saving(r_old, r_new, d_ref: int) -> float:
    """How many context dimensions a basis change saves: the goal's size relative to the context's
    GH, (goal GH(L))^2 / GH(pi_{n-d}(L))^2, falls as the context d grows (the prefix left of it
    gets shorter relative to it); returns d_ref - d where the new basis reaches, at context d, the
    old basis' value at d_ref (interpolated; negative if the new basis is worse)."""
    n = len(r_old)
    lo, ln_ = np.log(np.asarray(r_old, dtype=float)), np.log(np.asarray(r_new, dtype=float))

    def log_ratio(logs, d):  # log (GH(L)^2 / GH(context d)^2) (the goal factor cancels)
        return 2 * (math.log(gaussian_heuristic(logs)) - math.log(gaussian_heuristic(logs[n - d:])))

    x = log_ratio(lo, d_ref)
    vals = [log_ratio(ln_, d) for d in range(2, n + 1)]
    for d in range(3, n + 1):
        a, b = vals[d - 3], vals[d - 2]  # values at d - 1 and d
        if b <= x:
            return d_ref - (d - 1 + (a - x) / (a - b) if a > b else d)
    return d_ref - n


def insert_vectors(reduced, coeff_vectors, u=None):
    """Put lattice vectors (``coeff_vectors``: coefficients over the rows of ``reduced``) in front of
    the basis and LLL-reduce the generating set, dropping the dependencies (fpylll leaves them as
    zero rows). Returns (rows, U') with rows = U' * input basis (U: n x input rows): U' = T [C; I] U, or None
    when ``u`` is None. Raises RuntimeError if the result is not a basis of rank n."""
    from fpylll import LLL, IntegerMatrix

    n = len(reduced)
    width = len(reduced[0])
    w = [[sum(c[i] * reduced[i][k] for i in range(n) if c[i]) for k in range(width)] for c in coeff_vectors]
    a = IntegerMatrix.from_matrix(w + [list(r) for r in reduced])
    t = IntegerMatrix.identity(a.nrows) if u is not None else None
    if t is not None:
        LLL.reduction(a, t)
    else:
        LLL.reduction(a)
    rows = [[int(a[i, j]) for j in range(width)] for i in range(a.nrows)]
    keep = [i for i, r in enumerate(rows) if any(r)]
    if len(keep) != n:
        raise RuntimeError(f"internal error: inserting {len(w)} vectors left rank {len(keep)}, not {n}")
    new_u = None
    if u is not None:
        gen = [list(c) for c in coeff_vectors] + [[int(i == j) for j in range(n)] for i in range(n)]  # [C; I]
        tu = [[sum(int(t[i, k]) * gen[k][j] for k in range(len(gen)) if t[i, k]) for j in range(n)] for i in keep]
        new_u = [[sum(tu[i][k] * u[k][j] for k in range(n) if tu[i][k]) for j in range(len(u[0]))] for i in range(n)]
    return [rows[i] for i in keep], new_u


def triangular(basis) -> str | None:
    """"upper" or "lower" when the basis is square and triangular with a nonzero diagonal, else None."""
    n = len(basis)
    if any(len(row) != n for row in basis):
        return None
    if any(basis[i][i] == 0 for i in range(n)):
        return None
    if all(basis[i][j] == 0 for i in range(n) for j in range(i)):
        return "upper"
    if all(basis[i][j] == 0 for i in range(n) for j in range(i + 1, n)):
        return "lower"
    return None


def triangular_coefficients(basis, vec, kind: str) -> list[int]:
    """c with c * basis = vec exactly, for a triangular basis (``triangular``); raises ValueError
    if vec is not in the lattice."""
    n = len(basis)
    c = [0] * n
    order = range(n) if kind == "upper" else range(n - 1, -1, -1)
    for j in order:
        rest = range(j) if kind == "upper" else range(j + 1, n)
        t = vec[j] - sum(c[i] * basis[i][j] for i in rest if c[i] and basis[i][j])
        q, r = divmod(t, basis[j][j])
        if r:
            raise ValueError("the vector is not in the lattice of the basis")
        c[j] = q
    return c


def segment_config(name: str) -> FilterConfig:
    """The FilterConfig of BGJ1's in-bucket search for a ``SEGMENT_FILTERS`` name."""
    configs = {"tma-rounds": SIEVE_SEGMENT_CONFIG,
               "tma-defer": SIEVE_PAIR_CONFIG,
               "tma-masks": replace(SIEVE_SEGMENT_CONFIG, row_rounds=False, tile_masks=True), "tma": TMA_FILTER_CONFIG,
               "plain": PLAIN_FILTER_CONFIG, "tma-rowhits": replace(TMA_FILTER_CONFIG, row_hits=True),
               "plain-rowhits": replace(PLAIN_FILTER_CONFIG, row_hits=True)}
    if name not in configs:
        raise ValueError(f"segment_filters must be one of {SEGMENT_FILTERS}, got {name!r}")
    return configs[name]


def solve_svp(basis, goal: float = 1.05, *, device: str | None = None, seed: int = 0, bkz_block: int = 20,
              bkz_tours: int = 8,
              start_dim: int = 30, bgj1_from: int | None = None, progress=None, lift_all: bool = True,
              lift_every_epoch: bool = True, incremental: bool = True, bgj1_alpha: float = BGJ1_ALPHA,
              bgj1_membership: float = BGJ1_MEMBERSHIP, filters: str = "tma", segment_filters: str | None = None,
              bgj1_max_buckets: int = BGJ1_MAX_BUCKETS, profile: bool = False,
              insert_at=None, insert_min_saving: float = MIN_SAVING) -> SVPResult:
    """Find v in L(basis) with |v| <= goal * GH(L) by progressive sieving.

    Args:
        basis: rows of integers of one length m: n linearly independent rows (square, as in the SVP
            challenge, or a lattice of rank n in Z^m, e.g. a knapsack basis), or any generating set
            (dependent rows: LLL drops the dependencies and the lattice's rank is the dimension;
            the coefficients are then over the input rows, one choice of many).
        goal: target |v| / GH(L) (the SVP challenge uses 1.05).
        device: "cuda" (Triton filters) or "cpu" (NumPy reference filter; small dimensions);
            default: CUDA if available.
        bkz_block: BKZ block size of the preprocessing (0: LLL only).
        bkz_tours: at most this many BKZ tours (fpylll's auto-abort may stop earlier).
        bgj1_from: sieve databases of at least this many vectors with BGJ1 buckets instead of all
            pairs (default None: all pairs, the measured configuration).
        lift_all: after each context, lift every database vector (default) instead of the
            LIFT_COUNT shortest (the first session's behaviour).
        lift_every_epoch: also lift after every epoch that changed the database and stop as soon
            as a lift reaches the goal (default), instead of only once a context is saturated.
        bgj1_alpha: BGJ1 bucket membership threshold |cos(x, centre)| >= bgj1_alpha, in (0, 1).
        bgj1_membership: buckets per vector and BGJ1 epoch on average (> 0; sets the number of
            centres, capped at ``bgj1_max_buckets``).
        bgj1_max_buckets: at most this many buckets per BGJ1 epoch (an int >= 8; default 4096).
        filters: "tma" (default: the filters' default, their TMA variant) or "plain" (the
            pointer-load kernels; measured slower at dimension 100, NOTES 43).
        segment_filters: one of SEGMENT_FILTERS for BGJ1's in-bucket search alone (default None:
            "tma-rounds" with filters="tma", "plain" with filters="plain"; ``segment_config``).
        incremental: after a context's first all-pairs epoch, test only the pairs with a vector
            that entered since (default), instead of all pairs every epoch.
        profile: time each step of the epochs (``SVPResult.phases``; one device synchronisation
            per step, so slightly slower).
        insert_at: context dimensions at which the sieve inserts its best lifts into the basis and
            starts again on the improved basis (G6K's insertion, done as a restart); None: the
            default ``default_insertions(n)``; () for none. An insertion restarts the sieve only
            if the new basis saves at least ``insert_min_saving`` contexts by ``context_saving``
            (measured INSERT_AHEAD contexts ahead); else it is logged and skipped.

    The returned vector is checked on the way out: its coordinates times the input basis are
    recomputed in exact integers and its norm from them.
    """
    if not goal > 0:
        raise ValueError(f"goal must be positive, got {goal}")
    if not 0 < bgj1_alpha < 1:
        raise ValueError(f"bgj1_alpha must be in (0, 1), got {bgj1_alpha}")
    if filters not in ("plain", "tma"):
        raise ValueError(f"filters must be 'plain' or 'tma', got {filters!r}")
    if segment_filters not in (None, *SEGMENT_FILTERS):
        raise ValueError(f"segment_filters must be None or one of {SEGMENT_FILTERS}, got {segment_filters!r}")
    if not bgj1_membership > 0:
        raise ValueError(f"bgj1_membership must be positive, got {bgj1_membership}")
    if isinstance(bgj1_max_buckets, bool) or not isinstance(bgj1_max_buckets, int) or bgj1_max_buckets < 8:
        raise ValueError(f"bgj1_max_buckets must be an int >= 8, got {bgj1_max_buckets!r}")
    basis = [list(map(int, r)) for r in basis]
    n = n_in = len(basis)
    widths = sorted({len(r) for r in basis})
    if n < 2 or len(widths) != 1:
        raise ValueError(f"need at least 2 rows of one length, got {n} rows of lengths {widths}")
    width = widths[0]
    dev = device or ("cuda" if torch.cuda.is_available() else "cpu")
    say = progress or (lambda s: None)
    t0 = time.perf_counter()
    if isinstance(bkz_tours, bool) or not isinstance(bkz_tours, int) or bkz_tours < 1:
        raise ValueError(f"bkz_tours must be a positive int, got {bkz_tours!r}")
    first = min(n, max(start_dim, 2))
    if insert_at is not None:
        bad = [c for c in insert_at if isinstance(c, bool) or not isinstance(c, int) or not first < c < n]
        if bad:
            raise ValueError(f"insert_at: context dimensions must be ints in ({first}, {n}), got {bad}")
    tri = triangular(basis)
    reduced, u = reduce_basis(basis, bkz_block, bkz_tours, track_u=tri is None)
    t_red = time.perf_counter() - t0
    if len(reduced) < n_in:  # a generating set: the lattice's rank is the sieve's dimension
        n = len(reduced)
        if n < 2:
            raise ValueError(f"the {n_in} rows span a lattice of rank {n}: need rank >= 2")
        say(f"the {n_in} input rows are linearly dependent: a lattice of rank {n} (LLL dropped {n_in - n} rows)")
        first = min(n, max(start_dim, 2))
        if insert_at is not None:
            insert_at = [c for c in insert_at if first < c < n]

    def make_siever(rows):
        sv = Siever(rows, device=dev, seed=seed, progress=say, bgj1_from=bgj1_from)
        sv.incremental = bool(incremental)
        sv.bgj1_alpha = float(bgj1_alpha)
        sv.bgj1_membership = float(bgj1_membership)
        sv.bgj1_max_buckets = bgj1_max_buckets
        sv.filter_config = PLAIN_FILTER_CONFIG if filters == "plain" else None
        sv.segment_config = segment_config(segment_filters or ("plain" if filters == "plain" else "tma-rounds"))
        sv.profile = bool(profile)
        return sv

    sv = make_siever(reduced)
    target2 = (goal * sv.gh) ** 2
    todo = sorted({int(c) for c in (default_insertions(n) if insert_at is None else insert_at)})
    say(f"n={n} GH={sv.gh:.2f} goal={goal} |b0|/GH={math.sqrt(sv.r[0]) / sv.gh:.4f} (reduction {t_red:.1f} s, {dev})"
        + (f"; insertions at contexts {todo}" if todo else ""))
    carried = None  # (|v|^2, vector, coefficients over the input basis or None): the best lift before a restart
    if sv.r[0] <= target2:  # the reduction already solved it
        sv.best = (float(sv.r[0]), [1] + [0] * (n - 1))
    else:
        sv.l = n - first
        sv.sample(sv.db_target())
        while True:
            try:
                sv.sieve(goal_n2=target2 * (1 + 1e-12) if lift_every_epoch else None)
            except torch.OutOfMemoryError:
                line = (f"out of GPU memory at context {sv.d} with a database of {len(sv.x)} vectors: stopping "
                        f"({'BGJ1 buckets from ' + str(sv.bgj1_from) if sv.bgj1_from is not None else 'all pairs'};"
                        " a smaller bgj1_from bounds the filter's memory)")
                sv.stats.log.append(line)
                say(line)
                sv.x = sv.y = sv.n2 = None
                torch.cuda.empty_cache()
                break
            best = sv.lift(count=None if lift_all else LIFT_COUNT)
            ratio = math.sqrt(best[0]) / sv.gh if best else float("inf")
            line = (f"context {sv.d:3d} (l={sv.l}) db {len(sv.x):8d} saturation {sv.saturation():.2f} "
                    f"best |v|/GH {ratio:.4f} epochs {sv.stats.epochs} t={time.perf_counter() - t0:.1f}s")
            sv.stats.log.append(line)
            say(line)
            if best and best[0] <= target2 * (1 + 1e-12):
                break
            if sv.l == 0:
                break
            if todo and sv.d >= todo[0]:
                # insertion (G6K's pump-down, done as a restart): the best lifts at each position of
                # the prefix go in front of the basis, LLL drops the dependencies, and the sieve starts
                # again on the better basis (its prefix shorter, so its contexts' GH larger)
                todo = [c for c in todo if c > sv.d]
                cands = sv.insertion_candidates()
                if cands:
                    b0_before, d_at = math.sqrt(sv.r[0]) / sv.gh, sv.d
                    rows, _ = insert_vectors(reduced, cands)  # U only once the insertion is taken
                    saving = context_saving(sv.r, gso_r(rows), min(n, d_at + INSERT_AHEAD))
                    if saving < insert_min_saving:
                        line = (f"insertion of {len(cands)} lifts at context {d_at} would save {saving:.1f} "
                                f"contexts (< {insert_min_saving}): not done")
                        sv.stats.log.append(line)
                        say(line)
                        sv.extend_left()
                        continue
                    if sv.best is not None and (carried is None or sv.best[0] < carried[0]):
                        c_in = ([sum(sv.best[1][i] * u[i][j] for i in range(n)) for j in range(n_in)]
                                if u is not None else None)
                        carried = (sv.best[0], sv.vector(sv.best[1]), c_in)
                    if u is not None:  # the same rows (LLL is deterministic), now with the transformation
                        rows, u = insert_vectors(reduced, cands, u)
                    reduced = rows
                    stats = sv.stats
                    sv = make_siever(reduced)
                    sv.stats = stats
                    line = (f"inserted {len(cands)} lifts at context {d_at}: |b0|/GH {b0_before:.4f} -> "
                            f"{math.sqrt(sv.r[0]) / sv.gh:.4f}, saves {saving:.1f} contexts by the "
                            f"geometry; sieving again from context {first}")
                    stats.log.append(line)
                    say(line)
                    if sv.r[0] <= target2:
                        sv.best = (float(sv.r[0]), [1] + [0] * (n - 1))
                        break
                    sv.l = n - first
                    sv.sample(sv.db_target())
                    continue
            sv.extend_left()
    coeffs_red = sv.best[1] if sv.best else [0] * n
    vec_red = [sum(coeffs_red[i] * reduced[i][k] for i in range(n) if coeffs_red[i]) for k in range(width)]
    # back to the input basis: v = c * reduced = c * U * basis (or solved on a triangular basis)
    if carried is not None and (not sv.best or carried[0] < sv.best[0]):
        vec_red, coeffs = carried[1], carried[2]
    elif u is not None:
        coeffs = [sum(coeffs_red[i] * u[i][j] for i in range(n)) for j in range(n_in)]
    else:
        coeffs = None
    if coeffs is None:
        coeffs = triangular_coefficients(basis, vec_red, tri)
    vec = [sum(coeffs[i] * basis[i][k] for i in range(n_in) if coeffs[i]) for k in range(width)]
    if vec != vec_red:
        raise RuntimeError("internal error: the vector differs between the input and the reduced basis")
    norm = math.sqrt(sum(v * v for v in vec))
    st = sv.stats
    return SVPResult(found=norm <= goal * sv.gh * (1 + 1e-12) and norm > 0, dim=n, goal=goal, coefficients=coeffs,
                     vector=vec, norm=norm, norm_over_gh=norm / sv.gh, gh=sv.gh, wall_s=time.perf_counter() - t0,
                     reduce_s=t_red, sieve_s=st.sieve_s, filter_s=st.filter_s, lift_s=st.lift_s, epochs=st.epochs,
                     pairs_tested=st.pairs_tested, filter_hits=st.candidates, final_context=sv.d, device=str(dev),
                     log=st.log, phases=dict(st.phases))
