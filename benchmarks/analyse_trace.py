"""What sets a balanced pair search program's end: its own work, its SM's, or its rank on the SM (CPU only; reads
the raw stamps of ``benchmarks/trace_balanced.py --out``).

For each program: its tiles, chunks and panels (the kernel's walk, ``trace_balanced.chunks_of``), its end by the
global timer and its busy time; for each SM, the tiles of the programs it ran. Then least-squares fits of the
programs' busy time on (tiles, chunks, panels) with and without the SM's other tiles; the chunk loops' time against
their tiles and whether the chunk holds its panel's first (diagonal) tile; and per rank on the SM (the order of the
program ids an SM ran) the tiles, the time per tile and the ends, also inside blocks of 33 consecutive ids (the same
kind of work) where ranks mix (NOTES.md 80).

    python benchmarks/analyse_trace.py results/trace_16384_session29_s141.csv --m 16384
"""

import argparse
import csv
import os
import statistics
import sys
from types import SimpleNamespace

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from trace_balanced import chunks_of  # noqa: E402

# the default config's schedule fields (DEFAULT_FILTER_CONFIG), without importing torch
CFG = SimpleNamespace(block_m=64, block_n=128, tiles_per_program=64, panel_cost=4)


def fit(cols: list[np.ndarray], y: np.ndarray) -> tuple[np.ndarray, float]:
    a = np.column_stack(cols + [np.ones_like(y)])
    coef, *_ = np.linalg.lstsq(a, y, rcond=None)
    res = y - a @ coef
    return coef, 1 - res.var() / y.var()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--m", type=int, default=16384)
    args = ap.parse_args()
    by_rate = {}
    with open(args.csv) as fh:
        for r in csv.DictReader(fh):
            by_rate.setdefault(r["rate"], []).append([int(r[f"slot{i}"]) for i in range(64)])
    for rate, t in by_rate.items():
        programs = len(t)
        g0 = min(r[60] for r in t)
        tiles, chunks, panels, busy, end, sm, ghz, loops = [], [], [], [], [], [], [], []
        per_chunk = []  # (tiles, loop us, holds its panel's first tile) of every stamped chunk
        for p, r in enumerate(t):
            walk = chunks_of(p, programs, args.m, CFG, detail=True)
            sizes = [n for n, _, _ in walk]
            ns = r[61] - r[60]
            f = (r[63] - r[0]) / ns if ns > 0 else 1.9
            tiles.append(sum(sizes))
            chunks.append(len(sizes))
            panels.append(len({ti for _, ti, _ in walk}))
            busy.append(ns / 1e3)
            end.append((r[61] - g0) / 1e3)
            sm.append(r[62])
            ghz.append(f)
            for c, (n, _, diag) in enumerate(walk[:19]):  # (the stamps hold 19 chunks)
                per_chunk.append((n, (r[3 + 3 * c] - r[2 + 3 * c]) / f / 1e3, diag))
            loops.append(sum(u for _, u, _ in per_chunk[len(per_chunk) - len(walk[:19]):]))
        tiles, chunks, panels, busy, end, loops = map(np.array, (tiles, chunks, panels, busy, end, loops))
        sm_tiles = {}
        for s, n in zip(sm, tiles):
            sm_tiles[s] = sm_tiles.get(s, 0) + n
        others = np.array([sm_tiles[s] for s in sm]) - tiles
        sm_end = {}
        for s, e in zip(sm, end):
            sm_end[s] = max(sm_end.get(s, 0), e)
        print(f"\nrate {rate}: {programs} programs on {len(sm_tiles)} SMs; clock {statistics.median(ghz):.2f} GHz")
        print(f"  tiles per program {tiles.min()}-{tiles.max()} (median {np.median(tiles):.0f}); chunks "
              f"{chunks.min()}-{chunks.max()}; tiles per SM {min(sm_tiles.values())}-{max(sm_tiles.values())}")
        print(f"  busy per program {busy.min():.1f}-{busy.max():.1f} us (median {np.median(busy):.1f}); ends "
              f"{end.min():.1f}-{end.max():.1f}")
        for name, cols in (("tiles, chunks, panels", [tiles, chunks, panels]),
                           ("+ the SM's other tiles", [tiles, chunks, panels, others])):
            coef, r2 = fit([c.astype(float) for c in cols], busy)
            print(f"  busy ~ {name}: R^2 {r2:.3f}, coefficients (us) " + ", ".join(f"{c:.3f}" for c in coef))
        st = np.array([sm_tiles[s] for s in sm_end])
        se = np.array(list(sm_end.values()))
        print(f"  SM's last end ~ SM tiles: corr {np.corrcoef(st, se)[0, 1]:.3f}; SMs in the top 10% of ends hold "
              f"{np.mean(st[se >= np.quantile(se, 0.9)]):.0f} tiles against {np.mean(st):.0f} on average")
        slow = np.argsort(busy)[-10:]
        print("  the 10 longest programs (program, SM, tiles, chunks, busy us, SM's other tiles): "
              + "; ".join(f"{p} {sm[p]} {tiles[p]} {chunks[p]} {busy[p]:.1f} {others[p]}" for p in slow[::-1]))
        n_c = np.array([n for n, _, _ in per_chunk], dtype=float)
        us_c = np.array([u for _, u, _ in per_chunk])
        diag_c = np.array([d for _, _, d in per_chunk], dtype=float)
        coef, r2 = fit([n_c, diag_c], us_c)
        print(f"  chunk loop time ~ tiles + holds the diagonal tile: R^2 {r2:.3f}, {coef[0]:.3f} us per tile, "
              f"{coef[1]:.3f} us for the diagonal tile's chunk, {coef[2]:.3f} us per chunk")
        rank = np.zeros(programs, dtype=int)  # the order of its id among its SM's programs
        on_sm = {}
        for p, s in enumerate(sm):
            rank[p] = len(on_sm.setdefault(s, []))
            on_sm[s].append(p)
        per_tile = loops / np.maximum(tiles, 1)
        for k in range(rank.max() + 1):
            m = rank == k
            print(f"  rank {k} on its SM: {m.sum()} programs, tiles {tiles[m].mean():.1f}, {per_tile[m].mean():.3f} us "
                  f"per tile, ends mean {end[m].mean():.1f} max {end[m].max():.1f}")
        mixed = []
        for b in range(0, programs, 33):
            ids = np.arange(b, min(b + 33, programs))
            ks = sorted(set(rank[ids]))
            if len(ks) > 1:
                mixed.append(f"ids {b}-{ids[-1]}: " + ", ".join(f"rank {k} {per_tile[ids[rank[ids] == k]].mean():.3f}"
                                                                for k in ks))
        if mixed:
            print("  us per tile where ranks mix in one block of ids: " + "; ".join(mixed))


if __name__ == "__main__":
    main()
