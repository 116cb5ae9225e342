"""The lattice sieve end to end on small SVP-challenge-style instances (CPU reference filter)."""

import math

import numpy as np
import pytest
import torch

fpylll = pytest.importorskip("fpylll")

from int8tc.cli import main  # noqa: E402
from int8tc.sieve.lattice import (  # noqa: E402
    Siever,
    format_basis,
    parse_basis,
    reduce_basis,
    solve_svp,
    svp_challenge_basis,
)


def _exact_norm(basis, coeffs):
    v = np.array(coeffs, dtype=object).dot(np.array(basis, dtype=object))
    return math.sqrt(int(sum(int(x) * int(x) for x in v))), [int(x) for x in v]


def _enum_shortest(basis):
    """lambda_1 by fpylll's enumeration (the wheel has no BKZ strategies, so SVP.shortest_vector
    cannot be used)."""
    from fpylll import GSO, Enumeration

    reduced, _ = reduce_basis(basis, 10)
    m = GSO.Mat(fpylll.IntegerMatrix.from_matrix(reduced))
    m.update_gso()
    dist, _ = Enumeration(m).enumerate(0, m.d, m.get_r(0, 0), 0)[0]
    return math.sqrt(dist)


@pytest.mark.parametrize("dim,seed", [(30, 0), (40, 1), (50, 2)])
def test_solves_to_goal_with_lll_only(dim, seed):
    basis = svp_challenge_basis(dim, seed)
    res = solve_svp(basis, 1.05, device="cpu", seed=seed, bkz_block=0)
    assert res.found and res.norm_over_gh <= 1.05
    norm, vec = _exact_norm(basis, res.coefficients)  # lattice membership, recomputed here
    assert vec == res.vector and abs(norm - res.norm) < 1e-9 and norm > 0


def test_triangular_coefficients_and_non_triangular_bases():
    from int8tc.sieve.lattice.solve import triangular, triangular_coefficients

    rng = np.random.default_rng(3)
    up = svp_challenge_basis(12, 1)
    assert triangular(up) == "upper"
    low = [row[::-1] for row in up[::-1]]  # the same lattice reflected: lower triangular
    assert triangular(low) == "lower"
    for basis in (up, low):
        c = [int(v) for v in rng.integers(-50, 50, 12)]
        vec = [sum(c[i] * basis[i][k] for i in range(12)) for k in range(12)]
        assert triangular_coefficients(basis, vec, triangular(basis)) == c
    vec[0] += 1  # the lower basis' last vector: its first coordinate is not reachable by +1 alone
    with pytest.raises(ValueError, match="not in the lattice"):
        triangular_coefficients(low, vec, "lower")
    # a mixed (non-triangular) basis of the same lattice goes through U and gives exact coefficients
    mixed = [list(r) for r in up]
    for i in range(1, 12):
        mixed[i] = [x + 3 * y for x, y in zip(mixed[i], mixed[i - 1])]
    assert triangular(mixed) is None
    res = solve_svp(mixed, 1.05, device="cpu", seed=0, bkz_block=0)
    assert res.found
    norm, v = _exact_norm(mixed, res.coefficients)
    assert v == res.vector and abs(norm - res.norm) < 1e-9


def test_non_square_bases():
    """A lattice of rank n in Z^m (a knapsack / integer-relation basis, n x (n + 1)) solves with
    exact coefficients; malformed or dependent bases raise clear errors."""
    fpylll.FPLLL.set_random_seed(5)
    a = fpylll.IntegerMatrix.random(30, "intrel", bits=120)
    rows = [[int(a[i, j]) for j in range(a.ncols)] for i in range(a.nrows)]
    assert len(rows[0]) == 31
    res = solve_svp(rows, 1.05, device="cpu", seed=0, bkz_block=0)
    assert res.found and len(res.vector) == 31
    norm, vec = _exact_norm(rows, res.coefficients)
    assert vec == res.vector and abs(norm - res.norm) < 1e-9
    with pytest.raises(ValueError, match="rows of one length"):
        solve_svp([[1, 0, 0], [0, 1]], device="cpu")
    with pytest.raises(ValueError, match="the 2 rows span a lattice of rank 1: need rank >= 2"):
        solve_svp([[1], [2]], device="cpu")
    with pytest.raises(ValueError, match="rank 1"):
        solve_svp([[1, 2, 3], [2, 4, 6], [-3, -6, -9]], device="cpu", bkz_block=0)


@pytest.mark.parametrize("bkz", [0, 10])
def test_generating_set_with_dependent_rows(bkz):
    """More rows than the rank (a basis of dimension 30 plus sums and multiples of its rows, shuffled):
    LLL drops the dependencies, the sieve runs at the lattice's rank and the coefficients are over
    the input rows, exactly."""
    basis = svp_challenge_basis(30, 2)
    rng = np.random.default_rng(0)
    combos = [[int(c) for c in rng.integers(-2, 3, 30)] for _ in range(4)]
    extra = [[sum(c[i] * basis[i][k] for i in range(30)) for k in range(30)] for c in combos]
    extra += [[3 * v for v in basis[5]], [0] * 30]
    rows = basis + extra
    order = rng.permutation(len(rows))
    rows = [rows[i] for i in order]
    lines = []
    res = solve_svp(rows, 1.05, device="cpu", seed=0, bkz_block=bkz, progress=lines.append)
    assert res.found and res.dim == 30 and len(res.coefficients) == 36
    assert any("36 input rows are linearly dependent: a lattice of rank 30" in ln for ln in lines)
    norm, vec = _exact_norm(rows, res.coefficients)
    assert vec == res.vector and abs(norm - res.norm) < 1e-9
    direct = solve_svp(basis, 1.05, device="cpu", seed=0, bkz_block=bkz)
    assert abs(res.gh - direct.gh) < 1e-6 * direct.gh  # the same lattice


@pytest.mark.parametrize("dim,seed", [(34, 5), (40, 3)])
def test_finds_the_enumerated_shortest_vector(dim, seed):
    basis = svp_challenge_basis(dim, seed)
    lam1 = _enum_shortest(basis)
    from int8tc.sieve.lattice.siever import Siever as S

    gh = S(reduce_basis(basis, 0)[0]).gh
    res = solve_svp(basis, lam1 / gh * (1 + 1e-9), device="cpu", seed=seed, bkz_block=0)
    assert res.found
    assert abs(res.norm - lam1) < 1e-6


def test_quantisation_loses_no_reducing_pair():
    reduced, _ = reduce_basis(svp_challenge_basis(44, 7), 0)
    sv = Siever(reduced, device="cpu", seed=1)
    sv.l = sv.n - 30
    sv.sample(sv.db_target())
    for target_q in (0.3, 0.75, 1.0):
        target = float(torch.quantile(sv.n2, target_q))
        y = sv.y.numpy()
        g = y @ y.T
        n2 = np.diag(g)
        best = n2[:, None] + n2[None, :] - 2 * np.abs(g)
        iu = np.triu_indices(len(y), 1)
        true_pairs = {(int(i), int(j)) for i, j in zip(*iu) if best[i, j] <= target}
        hits = sv.candidate_pairs(target, 10**7)
        found = {(int(a), int(b)) for a, b in hits.valid()[:, :2].tolist()}
        assert hits.dropped == 0
        assert true_pairs <= found, f"{len(true_pairs - found)} reducing pairs lost to INT8 rounding"


@pytest.mark.parametrize("dim,seed,alpha,membership", [(40, 1, 0.3, 1.5), (50, 2, 0.3, 1.5), (46, 3, 0.42, 4.0)])
def test_bgj1_buckets_solve_too(dim, seed, alpha, membership):
    basis = svp_challenge_basis(dim, seed)
    res = solve_svp(basis, 1.05, device="cpu", seed=seed, bkz_block=0, bgj1_from=0, bgj1_alpha=alpha,
                    bgj1_membership=membership)
    assert res.found and _exact_norm(basis, res.coefficients)[1] == res.vector


def _context_34_of_46():
    """A Siever on a 46-dimensional instance with a full database in context 34, and the target
    of an epoch (the 0.75 quantile of the norms)."""
    reduced, _ = reduce_basis(svp_challenge_basis(46, 2), 0)
    sv = Siever(reduced, device="cpu", seed=3)
    sv.l = sv.n - 34
    sv.sample(sv.db_target())
    return sv, float(torch.quantile(sv.n2, 0.75))


def test_bgj1_max_buckets_caps_the_centres():
    sv, target = _context_34_of_46()
    sv.bgj1_max_buckets = 8
    _, _, few = sv.bucketed_pairs(target)
    sv.bgj1_max_buckets = 4096
    _, _, many = sv.bucketed_pairs(target)
    assert 0 < few < many  # fewer centres, fewer bucket pairs
    basis = svp_challenge_basis(40, 1)
    res = solve_svp(basis, 1.05, device="cpu", seed=1, bkz_block=0, bgj1_from=0, bgj1_max_buckets=16)
    assert res.found and _exact_norm(basis, res.coefficients)[1] == res.vector


def test_bucketed_candidates_are_filter_hits():
    sv, target = _context_34_of_46()
    pairs, dropped, tested = sv.bucketed_pairs(target)
    full = {(int(a), int(b)) for a, b in sv.candidate_pairs(target, 10**7).valid()[:, :2].tolist()}
    got = {(min(int(a), int(b)), max(int(a), int(b))) for a, b in pairs.tolist()}
    assert got and got <= full
    assert tested > 0 and dropped >= 0


@pytest.mark.parametrize("bgj1_from", [None, 0])
def test_profile_times_the_steps_without_changing_the_run(bgj1_from):
    basis = svp_challenge_basis(44, 1)
    plain = solve_svp(basis, 1.05, device="cpu", bkz_block=0, bgj1_from=bgj1_from)
    prof = solve_svp(basis, 1.05, device="cpu", bkz_block=0, bgj1_from=bgj1_from, profile=True)
    assert plain.phases == {}
    assert (prof.found, prof.vector, prof.epochs, prof.pairs_tested) == (plain.found, plain.vector, plain.epochs,
                                                                          plain.pairs_tested)
    steps = {"bucket", "gather", "in_bucket_search", "quantize"} if bgj1_from == 0 else {"pair_search"}
    assert steps | {"recheck", "merge", "sample"} <= set(prof.phases)
    assert all(v >= 0 for v in prof.phases.values())
    # the filter steps lie inside the filter time, and every epoch step inside the sieving time
    assert sum(prof.phases[k] for k in steps) <= prof.filter_s + 1e-6
    assert sum(v for k, v in prof.phases.items() if k != "sample") <= prof.sieve_s + 1e-6


@pytest.mark.parametrize("name,chunks", [("RECHECK_CHUNK", (1 << 22, 7)), ("ROW_CHUNK", (1 << 20, 5))])
def test_chunks_keep_the_trajectory(monkeypatch, name, chunks):
    """The FP64 re-check RECHECK_CHUNK hits at a time, and merges, context extensions,
    quantisation and hashes ROW_CHUNK rows at a time, give the same run as whole-array steps."""
    import int8tc.sieve.lattice.siever as siever

    basis = svp_challenge_basis(44, 1)
    runs = []
    for chunk in chunks:
        monkeypatch.setattr(siever, name, chunk)
        r = solve_svp(basis, 1.05, device="cpu", bkz_block=0)
        runs.append((r.found, r.norm, r.epochs, r.vector))
    assert runs[0] == runs[1]


def test_stored_hashes_stay_consistent():
    """The stored linear hashes always equal the recomputed ones, across epochs and extensions."""
    reduced, _ = reduce_basis(svp_challenge_basis(44, 1), 0)
    sv = Siever(reduced, device="cpu", seed=2)
    sv.l = sv.n - 30
    sv.sample(sv.db_target())
    for step in range(6):
        sv.epoch(1 << 16) if step % 2 == 0 else sv.extend_left()
        assert torch.equal(sv.h, sv._hash(sv.x))
        assert bool((sv.n2[1:] >= sv.n2[:-1]).all())  # kept ascending (lift and the quantile need it)
        assert torch.allclose(sv.n2, (sv.y * sv.y).sum(dim=1), rtol=1e-12)


def test_out_of_memory_is_reported_not_raised(monkeypatch):
    import int8tc.sieve.lattice.siever as siever

    def boom(self, max_epochs=500, goal_n2=None):
        raise torch.OutOfMemoryError("simulated")

    monkeypatch.setattr(siever.Siever, "sieve", boom)
    lines = []
    res = solve_svp(svp_challenge_basis(44, 1), 1.0, device="cpu", bkz_block=0, progress=lines.append)
    assert not res.found and any("out of GPU memory" in ln for ln in lines)
    assert _exact_norm(svp_challenge_basis(44, 1), res.coefficients)[1] == res.vector


def test_basis_file_round_trip_and_errors(tmp_path):
    basis = svp_challenge_basis(12, 0)
    assert parse_basis(format_basis(basis)) == basis
    for text, msg in [("", "no basis rows"), ("[[1 2][3 x]]", "non-integer entry 'x'"),
                      ("[[1 2 3][4 5]]", "different lengths")]:
        with pytest.raises(ValueError, match=msg):
            parse_basis(text)
    with pytest.raises(ValueError, match="linearly dependent"):
        Siever([[1, 2], [2, 4]])


def test_cli_sieve_on_cpu(tmp_path, capsys):
    path = tmp_path / "b.txt"
    path.write_text(format_basis(svp_challenge_basis(36, 4)))
    out_json = tmp_path / "r.json"
    assert main(["sieve", "--basis", str(path), "--bkz", "0", "--device", "cpu", "--json", str(out_json)]) == 0
    cap = capsys.readouterr()
    assert "NumPy reference filter" in cap.err and "found:" in cap.out
    import json

    assert json.loads(out_json.read_text())["found"] is True
    assert main(["sieve", "--dim", "36", "--bkz", "0", "--device", "cpu", "--profile", "--segment-filters", "plain-rowhits",
                 "--bgj1-from", "0", "--json", str(out_json)]) == 0
    assert "steps (s): " in capsys.readouterr().out
    assert "merge" in json.loads(out_json.read_text())["phases"]
    bad = tmp_path / "bad.txt"
    bad.write_text("[[1 2][3]]")
    assert main(["sieve", "--basis", str(bad)]) == 2
    assert "different lengths" in capsys.readouterr().err
    assert main(["sieve"]) == 2
    assert main(["sieve", "--dim", "90", "--device", "cpu"]) == 2
    for bad_count in ("-3", "many"):
        assert main(["sieve", "--dim", "20", "--device", "cpu", "--bgj1-from", bad_count]) == 2
        assert "--bgj1-from must be" in capsys.readouterr().err
    for bad_alpha in ("0", "1.2"):
        assert main(["sieve", "--dim", "20", "--device", "cpu", "--bgj1-alpha", bad_alpha]) == 2
        assert "--bgj1-alpha must be in (0, 1)" in capsys.readouterr().err
    for bad_ins, msg in (("x", "--insert-at takes"), ("20", "must lie in (30, 40)"), ("35,40", "must lie in")):
        assert main(["sieve", "--dim", "40", "--device", "cpu", "--insert-at", bad_ins]) == 2
        assert msg in capsys.readouterr().err
    assert main(["sieve", "--dim", "36", "--bkz", "0", "--device", "cpu", "--insert-at", "none"]) == 0
    assert "insertions at" not in capsys.readouterr().err
    assert main(["sieve", "--dim", "20", "--device", "cpu", "--bgj1-membership", "0"]) == 2
    assert "--bgj1-membership must be positive" in capsys.readouterr().err
    with pytest.raises(ValueError, match="bgj1_membership must be positive"):
        solve_svp(svp_challenge_basis(20, 0), device="cpu", bgj1_membership=0.0)
    with pytest.raises(ValueError, match="filters must be"):
        solve_svp(svp_challenge_basis(20, 0), device="cpu", filters="fast")
    with pytest.raises(ValueError, match="bgj1_max_buckets must be an int >= 8"):
        solve_svp(svp_challenge_basis(20, 0), device="cpu", bgj1_max_buckets=4)
    assert main(["sieve", "--dim", "20", "--device", "cpu", "--bgj1-max-buckets", "2"]) == 2
    assert "--bgj1-max-buckets must be at least 8" in capsys.readouterr().err
    with pytest.raises(ValueError, match="segment_filters must be"):
        solve_svp(svp_challenge_basis(20, 0), device="cpu", segment_filters="fast")
    with pytest.raises(ValueError, match="bgj1_alpha must be in"):
        solve_svp(svp_challenge_basis(20, 0), device="cpu", bgj1_alpha=-0.1)


@pytest.mark.gpu
@pytest.mark.parametrize("dim,filters,bgj1_from,seg", [(50, "plain", None, None), (60, "plain", None, None),
                                                       (60, "tma", None, None), (60, "tma", 0, None),
                                                       (60, "plain", 0, None), (60, "tma", 0, "plain"),
                                                       (60, "tma", 0, "tma-rowhits"), (60, "tma", 0, "tma-defer"),
                                                       (60, "tma", 0, "tma"), (60, "tma", 0, "tma-masks")])
def test_gpu_sieve_solves(dim, filters, bgj1_from, seg):
    basis = svp_challenge_basis(dim, 0)
    res = solve_svp(basis, 1.05, device="cuda", bkz_block=0, filters=filters, bgj1_from=bgj1_from,
                    segment_filters=seg)
    assert res.found
    assert _exact_norm(basis, res.coefficients)[1] == res.vector


def test_merged_positions_equal_a_stable_sort_of_both():
    from int8tc.sieve.lattice.siever import _merged_positions

    g = torch.Generator().manual_seed(5)
    for na, nb in ((0, 0), (0, 7), (9, 0), (50, 40), (1000, 333)):
        a = torch.sort(torch.randint(0, 20, (na,), generator=g).double()).values  # ties inside and across
        b = torch.randint(0, 20, (nb,), generator=g).double()
        order = torch.argsort(torch.cat([a, b]), stable=True)
        place = torch.empty_like(order)
        place[order] = torch.arange(na + nb)
        pos_a, b_order, pos_b = _merged_positions(a, b)
        assert torch.equal(pos_a, place[:na])
        assert torch.equal(pos_b, place[na:][b_order])


def test_device_side_dedup_and_quantile_match_numpy_and_torch():
    from int8tc.sieve.lattice.siever import _first_occurrences, _sorted_quantile

    g = torch.Generator().manual_seed(3)
    for n in (1, 2, 9, 5000):
        h = torch.randint(0, max(2, n // 3), (n,), generator=g)
        expect = np.sort(np.unique(h.numpy(), return_index=True)[1])
        np.testing.assert_array_equal(_first_occurrences(h).numpy(), expect)
        v = torch.sort(torch.rand(n, dtype=torch.float64, generator=g)).values
        for q in (0.0, 0.3, 0.75, 1.0):
            assert _sorted_quantile(v, q) == pytest.approx(float(torch.quantile(v, q)), rel=1e-15, abs=1e-300)


def test_lift_all_matches_per_vector_babai():
    """The chunked, incremental lift equals nearest-plane lifting done one vector at a time."""
    from int8tc.sieve.lattice.solve import reduce_basis

    basis, _ = reduce_basis(svp_challenge_basis(24, 2), 0)
    sv = Siever(basis, device="cpu", seed=1)
    sv.l = 8
    sv.sample(200)
    best = sv.lift()
    n, l = sv.n, sv.l
    mu, r = sv.mu, sv.r
    norms = []
    for x in sv.x.tolist():
        c = [0] * l + x
        for j in range(l - 1, -1, -1):
            t = sum(c[i] * mu[i][j] for i in range(j + 1, n))
            c[j] = -round(t)
        y = [sum(c[i] * mu[i][j] for i in range(j, n)) for j in range(n)]  # GSO coordinates / sqrt(r)
        norms.append(sum(y[j] ** 2 * r[j] for j in range(n)))
    assert best[0] == pytest.approx(min(norms), rel=1e-9)
    v = sv.vector(best[1])
    assert sum(t * t for t in v) == pytest.approx(best[0], rel=1e-9)
    assert sv.lift(bound_n2=float(sv.n2[0]) * 0.5) == best  # nothing below the bound: best kept
    # best_at[j]: the lift with the shortest projection pi_j relative to r_j, over all lifted vectors
    def proj_ratios(coeffs):
        y = [sum(coeffs[i] * mu[i][j] for i in range(j, n)) for j in range(n)]
        tail = np.cumsum([y[j] ** 2 * r[j] for j in range(n)][::-1])[::-1]
        return [tail[j] / r[j] for j in range(n)]
    lifts = []
    for x in sv.x.tolist():
        c = [0] * l + x
        for j in range(l - 1, -1, -1):
            c[j] = -round(sum(c[i] * mu[i][j] for i in range(j + 1, n)))
        lifts.append(proj_ratios(c))
    assert sorted(sv.best_at) == list(range(l))
    for j, (ratio, coeffs) in sv.best_at.items():
        assert ratio == pytest.approx(min(f[j] for f in lifts), rel=1e-9)
        assert proj_ratios(coeffs)[j] == pytest.approx(ratio, rel=1e-9)


def test_insertion_keeps_the_lattice_and_shortens_the_prefix():
    """insert_vectors: the lifts go in front, LLL drops the dependencies; the result is a basis of
    the same lattice (with U tracked exactly), and b_0 is no longer than the shortest inserted."""
    from fpylll import GSO, IntegerMatrix

    from int8tc.sieve.lattice.solve import insert_vectors

    basis = svp_challenge_basis(40, 3)
    reduced, u = reduce_basis(basis, 0)
    sv = Siever(reduced, device="cpu", seed=0)
    sv.l = 12
    sv.sample(2000)
    for _ in range(3):
        sv.epoch(1 << 16)
    sv.lift()
    cands = sv.insertion_candidates()
    assert cands and all(any(c) for c in cands)
    assert sv.insertion_candidates(max_ratio=0.0) == []
    rows, u2 = insert_vectors(reduced, cands + [cands[0]], u)  # a duplicate: one more dependency
    assert len(rows) == 40
    assert [[sum(u2[i][k] * basis[k][j] for k in range(40)) for j in range(40)] for i in range(40)] == rows

    def logdet(b):
        m = GSO.Mat(IntegerMatrix.from_matrix(b))
        m.update_gso()
        return sum(math.log(m.get_r(i, i)) for i in range(len(b))), m.get_r(0, 0)

    (ld0, r00), (ld1, r01) = logdet(reduced), logdet(rows)
    assert ld1 == pytest.approx(ld0, abs=1e-6)  # same volume: the same lattice (rows are in it, by U)
    shortest = min(sum(t * t for t in sv.vector(c)) for c in cands)
    assert r01 <= shortest * (1 + 1e-9)
    rows_no_u, none_u = insert_vectors(reduced, cands, None)
    assert none_u is None and rows_no_u == insert_vectors(reduced, cands, u)[0]


def test_context_saving_reads_the_geometry():
    from int8tc.sieve.lattice.solve import context_saving, default_insertions, gso_r

    r = gso_r(reduce_basis(svp_challenge_basis(60, 0), 10)[0])
    assert context_saving(r, r, 50) == pytest.approx(0.0, abs=1e-9)
    # a shorter prefix (same volume: the difference goes to the context) saves contexts; a longer costs
    better = [r[0] / 4] + list(r[1:-1]) + [r[-1] * 4]
    worse = [r[0] * 4] + list(r[1:-1]) + [r[-1] / 4]
    assert context_saving(r, better, 50) > 0.5 and context_saving(r, worse, 50) < -0.5
    assert default_insertions(120) == (120 - 17 - 5,) and default_insertions(40) == ()


@pytest.mark.parametrize("kind", ["triangular", "mixed", "non-square"])
def test_solve_with_insertion(kind):
    """A run that inserts its lifts and sieves again still ends with an exact lattice vector (through
    U on a non-triangular basis, by the triangular solve otherwise) and logs the insertion."""
    basis = svp_challenge_basis(56, 1)
    tri = kind == "triangular"
    if kind == "mixed":
        for i in range(1, 56):
            basis[i] = [x + 2 * y for x, y in zip(basis[i], basis[i - 1])]
    if kind == "non-square":  # rank 56 in Z^57
        rng = np.random.default_rng(1)
        basis = [row + [int(rng.integers(-3, 4))] for row in basis]
    res = solve_svp(basis, 1.05, device="cpu", seed=1, insert_at=(34,), insert_min_saving=-math.inf)
    assert any(line.startswith("inserted ") for line in res.log)
    assert res.found
    norm, v = _exact_norm(basis, res.coefficients)
    assert v == res.vector and abs(norm - res.norm) < 1e-9
    if tri:  # a saving below the bar: logged, not done, and the run is the one without insertion
        skip = solve_svp(basis, 1.05, device="cpu", seed=1, insert_at=(34,), insert_min_saving=math.inf)
        plain = solve_svp(basis, 1.05, device="cpu", seed=1, insert_at=())
        assert any("not done" in line for line in skip.log)
        assert (skip.vector, skip.epochs, skip.pairs_tested) == (plain.vector, plain.epochs, plain.pairs_tested)
    with pytest.raises(ValueError, match="insert_at"):
        solve_svp(basis, 1.05, device="cpu", insert_at=(1,))


def test_lift_skips_lifted_vectors_without_changing_the_run(monkeypatch):
    """Vectors lifted once in a context are not lifted again (their lift is already in best): the
    run equals one that re-lifts everything each time, and a context extension resets the mask."""
    basis = svp_challenge_basis(46, 3)
    fast = solve_svp(basis, 1.05, device="cpu", bkz_block=0)
    original = Siever.lift

    def relift_all(self, *args, **kwargs):
        self.lifted = torch.zeros_like(self.lifted)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Siever, "lift", relift_all)
    slow = solve_svp(basis, 1.05, device="cpu", bkz_block=0)
    assert (fast.found, fast.vector, fast.epochs, fast.pairs_tested) == (slow.found, slow.vector, slow.epochs,
                                                                          slow.pairs_tested)
    monkeypatch.setattr(Siever, "lift", original)
    reduced, _ = reduce_basis(basis, 0)
    sv = Siever(reduced, device="cpu", seed=1)
    sv.l = sv.n - 28
    sv.sample(sv.db_target())
    k = int((sv.n2 < float(sv.n2[len(sv.n2) // 2])).sum())  # searchsorted: strictly below the bound
    sv.lift(bound_n2=float(sv.n2[len(sv.n2) // 2]))
    assert bool(sv.lifted[:k].all()) and not bool(sv.lifted[k:].any())
    sv.extend_left()
    assert not bool(sv.lifted.any())


@pytest.mark.parametrize("seg,expect", [(None, (True, False, False, True)), ("tma-rounds", (True, False, False, True)),
                                        ("plain", (False, False, False, False)), ("tma", (True, False, False, False)),
                                        ("tma-rowhits", (True, True, False, False)),
                                        ("plain-rowhits", (False, True, False, False)),
                                        ("tma-defer", (True, False, True, False))])
def test_segment_filters_reach_the_in_bucket_search(monkeypatch, seg, expect):
    """segment_filters picks the config of BGJ1's in-bucket search (and only of it)."""
    import int8tc.sieve.lattice.siever as siever

    seen = []
    real = siever.segment_pair_search

    def spy(*args, config=None, **kwargs):
        seen.append(config)
        return real(*args, config=config, **kwargs)

    monkeypatch.setattr(siever, "segment_pair_search", spy)
    res = solve_svp(svp_challenge_basis(36, 4), 1.05, device="cpu", bkz_block=0, bgj1_from=0, segment_filters=seg)
    assert res.found and seen
    got = {(c.tma, c.row_hits, c.defer_rows, c.row_rounds) for c in seen}
    assert got == {expect}


def test_cli_rank_one_basis_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "b.txt"
    path.write_text("[[1 2][2 4][3 6]]")
    assert main(["sieve", "--basis", str(path), "--device", "cpu"]) == 2
    assert "the 3 rows span a lattice of rank 1: need rank >= 2" in capsys.readouterr().err
