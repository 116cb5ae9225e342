"""``int8tc sieve``: solve an SVP-challenge-style instance end to end."""

from __future__ import annotations

import argparse
import json
import sys

from .params import BGJ1_ALPHA, BGJ1_MAX_BUCKETS, BGJ1_MEMBERSHIP, SEGMENT_FILTERS

CPU_MAX_DIM = 60
AUTO_BGJ1_DIM = 95
AUTO_BGJ1_FROM = 200_000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dim", type=int, help="generate an SVP-challenge-style basis of this dimension")
    p.add_argument("--basis", help="or read a basis in the SVP-challenge text format ([[...][...]])")
    p.add_argument("--seed", type=int, default=0, help="instance and sampling seed (default 0)")
    p.add_argument("--goal", type=float, default=1.05, help="target |v| / GH(L) (default 1.05)")
    p.add_argument("--bkz", type=int, default=20, help="BKZ block size of the preprocessing, 0 = LLL only (default 20)")
    p.add_argument("--bkz-tours", type=int, default=8, help="at most this many BKZ tours (default 8)")
    p.add_argument("--device", choices=("cuda", "cpu"), help="default: cuda if available")
    p.add_argument("--json", help="write the result (vector, coefficients, timings) here")
    p.add_argument("--bgj1-from", default="auto", metavar="N",
                   help="use BGJ1 buckets (fused bucketing + in-bucket pair search) once the database holds N "
                        f"vectors; 'none': all pairs throughout; default 'auto': {AUTO_BGJ1_FROM} from dimension "
                        f"{AUTO_BGJ1_DIM} on (the all-pairs pass ran out of memory at dimension 100), else none")
    p.add_argument("--bgj1-alpha", type=float, default=BGJ1_ALPHA, metavar="A",
                   help=f"BGJ1 bucket membership |cos(x, centre)| >= A (default {BGJ1_ALPHA})")
    p.add_argument("--bgj1-membership", type=float, default=BGJ1_MEMBERSHIP, metavar="B",
                   help=f"BGJ1: buckets per vector and epoch on average (default {BGJ1_MEMBERSHIP})")
    p.add_argument("--bgj1-max-buckets", type=int, default=BGJ1_MAX_BUCKETS, metavar="C",
                   help=f"BGJ1: at most C buckets per epoch (default {BGJ1_MAX_BUCKETS}; binds from context ~89 on)")
    p.add_argument("--filters", choices=("plain", "tma"), default="tma",
                   help="filter kernels: the TMA variant for all three (default), or the plain pointer-load kernels "
                        "(measured slower at dimension 100: >40/16.5/18.0 s against 32.1/13.2/14.5 s, same seeds)")
    p.add_argument("--segment-filters", choices=SEGMENT_FILTERS, default=None,
                   help="kernel of BGJ1's in-bucket search only (default: as --filters); the plain segment "
                        "search measured 3-6%% faster standalone at BGJ1's bucket sizes (RESULTS.md, sixth session); "
                        "-rowhits: the per-row write path of tiles with at most one hit per row (measured 1.33-1.49x "
                        "standalone, seventh session); tma-defer: rows with two hits deferred to a second kernel; "
                        "tma-masks: per-row tile bits in the hot loop, every hit written by a second kernel")
    p.add_argument("--lift", choices=("epoch", "context"), default="epoch",
                   help="lift the database after every improving epoch and stop at the first success (default), "
                        "or only the 1024 shortest vectors once per saturated context (the first session's way)")
    p.add_argument("--epochs", choices=("incremental", "full"), default="incremental",
                   help="all-pairs epochs after a context's first test only pairs with a vector that entered since "
                        "(default), or all pairs every time")
    p.add_argument("--insert-at", default="auto", metavar="D[,D...]",
                   help="context dimensions at which the best lifts are inserted into the basis and the sieve "
                        "starts again on the better basis, if the geometry says that saves >= 2 contexts; "
                        "'none': never; default 'auto': once, at n - dims_for_free(n) - 5 (dimension 120: 3 of "
                        "3 seeds solved at contexts 98-107 against out-of-memory at 107-108 without)")
    p.add_argument("--profile", action="store_true",
                   help="time each step of the epochs (quantize, bucket, gather, in-bucket search, pair search, "
                        "re-check, merge, sampling; one device synchronisation each) and print/write them")
    p.add_argument("--allow-slow", action="store_true", help=f"sieve above dimension {CPU_MAX_DIM} on the CPU")


def main(args) -> int:
    import torch

    try:
        from .instance import parse_basis, svp_challenge_basis
        from .solve import solve_svp
    except ImportError as e:  # fpylll missing
        print(f"int8tc sieve: {e}; install the sieve extra: pip install 'int8tc[sieve]'", file=sys.stderr)
        return 2
    if (args.dim is None) == (args.basis is None):
        print("int8tc sieve: give exactly one of --dim N or --basis FILE", file=sys.stderr)
        return 2
    try:
        if args.basis:
            with open(args.basis) as fh:
                basis = parse_basis(fh.read())
        else:
            if args.dim < 2:
                raise ValueError(f"--dim must be >= 2, got {args.dim}")
            basis = svp_challenge_basis(args.dim, args.seed)
    except (OSError, ValueError) as e:
        print(f"int8tc sieve: {e}", file=sys.stderr)
        return 2
    device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    n = len(basis)
    if args.bgj1_from == "auto":
        bgj1_from = AUTO_BGJ1_FROM if n >= AUTO_BGJ1_DIM else None
    elif args.bgj1_from == "none":
        bgj1_from = None
    else:
        try:
            bgj1_from = int(args.bgj1_from)
            if bgj1_from < 0:
                raise ValueError
        except ValueError:
            print(f"int8tc sieve: --bgj1-from must be a count >= 0, 'none' or 'auto', got {args.bgj1_from!r}",
                  file=sys.stderr)
            return 2
    if not 0 < args.bgj1_alpha < 1:
        print(f"int8tc sieve: --bgj1-alpha must be in (0, 1), got {args.bgj1_alpha}", file=sys.stderr)
        return 2
    if args.bgj1_max_buckets < 8:
        print(f"int8tc sieve: --bgj1-max-buckets must be at least 8, got {args.bgj1_max_buckets}", file=sys.stderr)
        return 2
    if args.insert_at == "auto":
        insert_at = None
    elif args.insert_at == "none":
        insert_at = ()
    else:
        try:
            insert_at = tuple(int(v) for v in args.insert_at.split(","))
        except ValueError:
            print(f"int8tc sieve: --insert-at takes 'auto', 'none' or context dimensions like 98 or 90,100; "
                  f"got {args.insert_at!r}", file=sys.stderr)
            return 2
    if not args.bgj1_membership > 0:
        print(f"int8tc sieve: --bgj1-membership must be positive, got {args.bgj1_membership}", file=sys.stderr)
        return 2
    if insert_at and not all(min(n, 30) < c < n for c in insert_at):
        print(f"int8tc sieve: --insert-at context dimensions must lie in ({min(n, 30)}, {n}) for dimension {n}, "
              f"got {args.insert_at}", file=sys.stderr)
        return 2
    if device == "cuda" and not torch.cuda.is_available():
        print("int8tc sieve: --device cuda but no CUDA device is available", file=sys.stderr)
        return 2
    if device == "cpu":
        print(f"[int8tc] no GPU in use: the sieve runs the NumPy reference filter on the CPU "
              f"(small dimensions only, <= {CPU_MAX_DIM} without --allow-slow)", file=sys.stderr)
        if n > CPU_MAX_DIM and not args.allow_slow:
            print(f"int8tc sieve: dimension {n} is too large for the CPU path; use a GPU or --allow-slow",
                  file=sys.stderr)
            return 2
    try:
        res = solve_svp(basis, args.goal, device=device, seed=args.seed, bkz_block=args.bkz, bkz_tours=args.bkz_tours,
                        bgj1_from=bgj1_from, lift_all=args.lift == "epoch", lift_every_epoch=args.lift == "epoch",
                        incremental=args.epochs == "incremental", bgj1_alpha=args.bgj1_alpha,
                        bgj1_membership=args.bgj1_membership, filters=args.filters,
                        segment_filters=args.segment_filters, bgj1_max_buckets=args.bgj1_max_buckets,
                        profile=args.profile, insert_at=insert_at,
                        progress=lambda s: print(f"[int8tc] {s}", file=sys.stderr, flush=True))
    except ValueError as e:  # e.g. rows spanning a lattice of rank < 2
        print(f"int8tc sieve: {e}", file=sys.stderr)
        return 2
    status = "found" if res.found else "NOT found"
    print(f"{status}: |v| = {res.norm:.3f}, |v|/GH = {res.norm_over_gh:.4f} (goal {res.goal}), dimension {res.dim}")
    print(f"coefficients (over the input basis): {res.coefficients}")
    print(f"vector: {res.vector}")
    print(f"wall time {res.wall_s:.2f} s: reduction {res.reduce_s:.2f} s, sieving {res.sieve_s:.2f} s "
          f"(filter {res.filter_s:.2f} s), lifting {res.lift_s:.2f} s; {res.epochs} epochs, "
          f"{res.pairs_tested:.3e} pairs tested ({res.filter_hits:.3e} filter hits), final context "
          f"{res.final_context}, on {res.device}")
    if res.phases:
        print("steps (s): " + ", ".join(f"{k} {v:.2f}" for k, v in sorted(res.phases.items(), key=lambda kv: -kv[1])))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(res.to_json(), fh, indent=1)
    return 0 if res.found else 1
