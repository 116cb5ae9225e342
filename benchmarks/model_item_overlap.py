"""CPU model of when the items of a 16384-vector Gram plan (K = 128, the default's 64 x 128 tiles, balanced schedule
on 396 programs, 32-tile chunks) could be written if the item kernel ran beside the search (FilterConfig.dump_overlap,
dump_late; NOTES.md 94). No GPU: the benchmark's kind of data (random int8 in [-64, 64), numpy's generator, not
torch's), exact hits per (panel, column tile) at 1e-4 and 1e-6 from a float32 Gram matrix (exact: |dot| < 2^24), the
search's chunks timed by a walk of each program's range (TILE us per tile, ENTER per panel entered, FLUSH per chunk:
round numbers from the s196 trace, NOTES.md 93), and each slot's items costing a first pass plus a chain per item
block (NOTES.md 90: ~3 us per 32-item block). A model for choosing what to measure, not a measurement.

    python benchmarks/model_item_overlap.py      # ~2 GB of memory, ~30 s on 2 cores
"""

import numpy as np

M, K, BM, BN, PANEL_COST, CHUNK, PROGRAMS, SMS = 16384, 128, 64, 128, 4, 32, 396, 132
TILE, ENTER, FLUSH, START = 0.95, 2.4, 0.6, 0.8  # us


def tile_hits(rates):
    rng = np.random.default_rng(0)
    x = rng.integers(-64, 64, (M, K)).astype(np.float32)
    h = np.round((x.astype(np.int64) ** 2).sum(1) / 2).astype(np.int64)
    score = np.empty((M, M), dtype=np.int64)
    for a in range(0, M, 2048):
        score[a:a + 2048] = h[a:a + 2048, None] + h[None, :] - np.abs(x[a:a + 2048] @ x.T).astype(np.int64)
    score[np.tril_indices(M)] = np.iinfo(np.int64).max  # i < j only
    pairs = M * (M - 1) // 2
    out = {}
    for rate in rates:
        k = int(rate * pairs)
        goal = np.partition(score.ravel(), k)[k]
        out[rate] = (score <= goal).reshape(M // BM, BM, M // BN, BN).sum((1, 3))
    return out


def chunks():
    """[(program, chunk index, panel, column tiles, time its bits are stored)], and each program's end."""
    units = []
    for q in range(M // BM):
        units += [(q, -1)] * PANEL_COST + [(q, t) for t in range(q * BM // BN, M // BN)]
    cuts = [p * len(units) // PROGRAMS for p in range(PROGRAMS + 1)]
    out, ends = [], []
    for p in range(PROGRAMS):
        t, run, cur, k = START, [], None, 0
        for u in list(range(cuts[p], cuts[p + 1])) + [None]:
            q, tt = units[u] if u is not None else (None, None)
            if run and (u is None or q != cur or len(run) == CHUNK):
                t += FLUSH
                out.append((p, k, cur, run, t))
                run, k = [], k + 1
            if u is None or tt < 0:
                continue
            if q != cur:
                cur, t = q, t + ENTER
            run.append(tt)
            t += TILE
        ends.append(t)
    return out, np.array(ends)


def main():
    hits = tile_hits((1e-4, 1e-6))
    sl, ends = chunks()
    finals = set({c[0]: i for i, c in enumerate(sl)}.values())  # each program's last chunk
    print(f"{len(sl)} slots; search programs end median {np.median(ends):.1f} us, last {ends.max():.1f}")
    order = sorted(range(len(sl)), key=lambda i: (sl[i][1], sl[i][0]))
    print(f"{'rate':>6} {'per SM':>6} {'us/block':>8} {'items':>5} {'all persistent':>14} {'late: persistent':>16} "
          f"{'late ones':>9}")
    for rate, t in hits.items():
        items = np.array([t[c[2], c[3]].sum() for c in sl])
        for per_sm in (1, 2):
            for c1, ib in ((2.0, 16), (3.0, 16), (3.0, 32)):
                cost = 1.0 + c1 * -(-items // ib)
                every = persistent(order, sl, cost, per_sm * SMS)
                early = persistent([i for i in order if i not in finals], sl, cost, per_sm * SMS)
                late = max(sl[i][4] + 0.5 + cost[i] for i in finals)
                print(f"{rate:>6g} {per_sm:>6} {c1:>8} {ib:>5} {every:>14.1f} {early:>16.1f} {late:>9.1f}")


def persistent(order, sl, cost, programs):
    """When `programs` persistent item programs, program n % programs taking the n-th slot of `order` once it is
    stored, finish."""
    fin = np.zeros(programs)
    for n, i in enumerate(order):
        fin[n % programs] = max(fin[n % programs], sl[i][4]) + cost[i]
    return fin.max()


if __name__ == "__main__":
    main()
