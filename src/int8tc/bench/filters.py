"""``int8tc bench-filters``: the fused sieve filters against the INT8 tensor-core roof (CUDA only).

Measured in one run: the roof (a compute-bound 8192^3 INT8 GEMM, best of cuBLASLt, our Triton
GEMM and, on sm_90, our warp-specialised Gluon GEMM: since the seventeenth session the best by
~25%, so percentages of the roof from runs before it are against a lower roof; since the
twenty-eighth, ``pct_roof`` is against its sustained rate, at the card's power limit as issue 4 defines
the roof, ~1300 TOPS on the H200 against ~1550-1600 in a burst, and ``pct_burst_roof`` against the
burst; each filter point is timed after ``--warmup-ms`` of its own calls), the Gram pair search (useful pairs M(M-1)/2), with ``--segments`` the segmented
pair search the sieve's BGJ1 buckets use (``--segment-count`` Gram searches of each size in one
launch; useful pairs count * s(s-1)/2), the X x C bucketing (M N pairs),
and the unfused torch path (cuBLASLt INT8 products in row chunks, INT32 written, compare,
nonzero). Rates are reached by thresholds taken from a sample of the same data.
Units: useful pairs per second and INT8-equivalent TOPS = 2 K (useful pairs) / s.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from .common import environment, format_table, progress, time_cuda, time_windows, write_csv

COLUMNS = ["op", "M", "N", "K", "target_rate", "hit_rate", "hits", "capacity", "dropped", "time_ms",
           "gpairs_s", "tops", "pct_roof", "pct_burst_roof", "config"]


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",") if v.strip()]


def _floats(text: str) -> list[float]:
    return [float(v) for v in text.split(",") if v.strip()]


def roof_kernels(n: int = 8192) -> list[tuple[str, object]]:
    """(name, call) of the INT8 GEMMs the roof is the best of, on random n x n int8 operands made here:
    cuBLASLt, our Triton GEMM and, on sm_90, our warp-specialised Gluon GEMM (2 n^3 operations a call)."""
    import torch

    from ..ozaki._launch import diagonal_gemm
    from ..ozaki._ws import ws_supported
    from ..ozaki.gemm import DEFAULT_CONFIG

    g = torch.Generator(device="cuda").manual_seed(1)
    a = torch.randint(-127, 128, (n, n), dtype=torch.int8, device="cuda", generator=g)
    bt = torch.randint(-127, 128, (n, n), dtype=torch.int8, device="cuda", generator=g)
    w = torch.empty((1, n, n), dtype=torch.int32, device="cuda")
    triton_cfg = replace(DEFAULT_CONFIG, ws=False)
    kernels = [("cublasLt _int_mm", lambda: torch._int_mm(a, bt.t())),
               ("triton persistent 256x128x128", lambda: diagonal_gemm(a[None], bt[None], w, 1, 1, 0, n, triton_cfg))]
    if ws_supported(a.device):
        kernels.append(("gluon warp-specialised 128x256x128",
                        lambda: diagonal_gemm(a[None], bt[None], w, 1, 1, 0, n, DEFAULT_CONFIG)))
    return kernels


def roof(iters: int, repeats: int = 1, seconds: float = 0.0) -> tuple[float, float, list[dict]]:
    """The INT8 roof at 8192^3 (cuBLASLt, our Triton GEMM, on sm_90 our Gluon GEMM), each timed twice: as a
    burst (``time_cuda``: ``repeats`` windows of ``iters`` calls after 3 calls) and, with ``seconds`` > 0,
    sustained (back to back for ``seconds``: the median of the windows in its last third, when the card
    holds its power limit; issue 4 defines the roof "at the card's power limit"). Returns (the best
    sustained rate, or the best burst without ``seconds``; the best burst; a row per measurement)."""
    n = 8192
    kernels = roof_kernels(n)
    rows = []
    best = burst = 0.0
    timings = [(name, "burst", time_cuda(fn, iters, warmup=3, repeats=repeats)) for name, fn in kernels]
    if seconds > 0:  # after every burst (a burst right after seconds of another GEMM starts on a hot card)
        for name, fn in kernels:
            windows = time_windows(fn, seconds)
            tail = [ms for t, ms in windows if t >= seconds * 2 / 3] or [windows[-1][1]]
            timings.append((name, f"sustained {seconds:g} s", sorted(tail)[len(tail) // 2]))
    for name, kind, ms in timings:
        tops = 2 * n**3 / ms / 1e9
        if kind == "burst":
            burst = max(burst, tops)
        else:
            best = max(best, tops)
        rows.append({"op": f"roof: {name} ({kind})", "M": n, "N": n, "K": n, "time_ms": f"{ms:.3f}",
                     "tops": f"{tops:.0f}"})
    return (best if seconds > 0 else burst), burst, rows


def _sample_values(x, h, y, hy, bucketing: bool):
    """Filter values of a sample of distinct pairs (rows 0..s of x against rows s..s+t of y, so a
    Gram search's diagonal, its minimum, never enters the sample)."""
    import torch

    if bucketing:  # vectors against centres: any pair is distinct
        s, t = min(4096, x.shape[0]), y.shape[0]
        return torch._int_mm(x[:s], y.t()).abs().flatten().to(torch.float64)
    s = min(4096, x.shape[0] // 2)
    t = min(4096, y.shape[0] - s)
    d = torch._int_mm(x[:s], y[s:s + t].t())  # B in cuBLASLt's fast layout: a row-major [t, K] transposed
    return (h[:s, None] + hy[None, s:s + t] - d.abs()).flatten().to(torch.float64)


def _quantile(v, q: float) -> int:
    import torch

    k = max(1, min(v.numel(), int(round(q * v.numel()))))
    return int(torch.kthvalue(v.cpu(), k).values)


def unfused_pair_search(x, h, goal: int, chunk: int = 16384):
    """The torch path the fused kernel replaces: INT32 products per row chunk, compare, nonzero."""
    import torch

    m = x.shape[0]
    xt = x.t()
    found = []
    for r0 in range(0, m, chunk):
        d = torch._int_mm(x[r0:r0 + chunk], xt)
        v = h[r0:r0 + chunk, None] + h[None, :] - d.abs()
        mask = v <= goal
        ii = torch.arange(r0, min(r0 + chunk, m), device=x.device)[:, None]
        mask &= ii < torch.arange(m, device=x.device)[None, :]
        found.append(torch.nonzero(mask))
    return torch.cat(found)


def run(args) -> list[dict]:
    rows: list[dict] = []
    meta = environment() if args.out else {}

    def emit(r: dict) -> None:  # keep the CSV current, so a cut-short run still leaves its rows
        rows.append(r)
        progress(str(r))
        if args.out:
            write_csv(args.out, rows, COLUMNS, meta)

    _run(args, emit)
    return rows


def _flags(cfg) -> str:
    return ((" tma" if cfg.tma else "") + (" rowhits" if cfg.row_hits else "") + (" defer" if cfg.defer_rows else "")
            + (" rounds" if cfg.row_rounds else "") + (" masks" if cfg.tile_masks else "")
            + (" tc-items" if cfg.tensor_items else "")
            + (f" itemreg{cfg.item_maxnreg}" if cfg.item_maxnreg else "")
            + (f" items{cfg.item_programs}" if cfg.item_programs != 512 else "")
            + (f" itemw{cfg.item_warps}" if cfg.item_warps != 4 else "")
            + (f" itemblock{cfg.item_block}" if cfg.item_block != 16 else "")
            + (f" reserve-{cfg.item_reserve}" if cfg.item_reserve != "item" else "")
            + (f" groups{cfg.column_groups}" if cfg.column_groups != 8 else "")
            + (f" maxnreg{cfg.maxnreg}" if cfg.maxnreg else "") + (f" balanced{cfg.balanced}" if cfg.balanced else "")
            + (f" cost{cfg.panel_cost}" if cfg.panel_cost else "")
            + (f" below{cfg.balanced_waves}waves" if cfg.balanced and cfg.balanced_waves else "")
            + (f" bound{cfg.norm_bound}" if cfg.norm_bound else "")
            + (f" order-{cfg.norm_order}" if cfg.norm_bound and cfg.norm_order != "bins" else ""))


def _name(cfg, tiles: bool = True) -> str:
    """A config's label in the tables (``tiles``: with tiles_per_program, which bucket does not read)."""
    t = f" t{cfg.tiles_per_program}" if tiles else ""
    return f"{cfg.block_m}x{cfg.block_n}x{cfg.block_k}{t} w{cfg.num_warps} s{cfg.num_stages}{_flags(cfg)}"


def _run(args, emit) -> None:
    import torch

    from ..sieve import (DEFAULT_BUCKET_CONFIG, DEFAULT_FILTER_CONFIG, DEFAULT_SEGMENT_CONFIG, MASK_ITEMS_BUCKET_CONFIG,
                         PLAIN_FILTER_CONFIG, SIEVE_BUCKET_CONFIG, SIEVE_PAIR_CONFIG, SIEVE_SEGMENT_CONFIG,
                         TMA_FILTER_CONFIG, BucketPlan, FilterConfig, PairSearchPlan, bucket, half_norms, pair_search,
                         segment_pair_search)

    best, burst, roof_rows = roof(args.iters, args.repeats, args.roof_seconds)
    for r in roof_rows:
        emit(r)
    g = torch.Generator(device="cuda").manual_seed(args.seed)

    def row(op, m, n, k, rate, hits, cap, dropped, ms, pairs, cfg):
        tops = 2 * k * pairs / ms / 1e9
        return {"op": op, "M": m, "N": n, "K": k, "target_rate": f"{rate:g}", "hit_rate": f"{hits / pairs:.2e}",
                "hits": hits, "capacity": cap, "dropped": dropped, "time_ms": f"{ms:.3f}",
                "gpairs_s": f"{pairs / ms / 1e6:.1f}", "tops": f"{tops:.0f}", "pct_roof": f"{100 * tops / best:.1f}",
                "pct_burst_roof": f"{100 * tops / burst:.1f}",
                "config": cfg}

    # beside each default (all rates, first M; later Ms: the default alone): the previous default
    # (SIEVE_PAIR_CONFIG: defer_rows; SIEVE_BUCKET_CONFIG: row_rounds), the rounds path (the sieve's
    # in-bucket config) and tile_masks at 64x64 (the segmented default); --sweep adds the older
    # write paths (NOTES.md 45, 49, 53, 55, 57)
    configs = [DEFAULT_FILTER_CONFIG, SIEVE_PAIR_CONFIG, SIEVE_SEGMENT_CONFIG, DEFAULT_SEGMENT_CONFIG]
    seg_base = [DEFAULT_SEGMENT_CONFIG, SIEVE_PAIR_CONFIG, SIEVE_SEGMENT_CONFIG]
    bucket_configs = [DEFAULT_BUCKET_CONFIG, MASK_ITEMS_BUCKET_CONFIG, SIEVE_BUCKET_CONFIG]
    n_bucket_variants = len(bucket_configs)
    if args.sweep:
        configs += [TMA_FILTER_CONFIG, replace(TMA_FILTER_CONFIG, row_hits=True), PLAIN_FILTER_CONFIG, FilterConfig(128, 128, 32, 8, 8, 2),
                    FilterConfig(64, 64, 32, 32, 4, 3), FilterConfig(128, 128, 32, 8, 4, 2),
                    FilterConfig(64, 64, 128, 64, 4, 4, tma=True),
                    FilterConfig(128, 128, 128, 16, 8, 3, tma=True), FilterConfig(128, 128, 128, 32, 8, 4, tma=True)]
        bucket_configs += [PLAIN_FILTER_CONFIG, FilterConfig(128, 128, 32, 8, 8, 2),
                           FilterConfig(128, 64, 32, 8, 4, 2), FilterConfig(64, 128, 32, 8, 4, 3),
                           FilterConfig(128, 64, 128, 8, 4, 3, tma=True),
                           FilterConfig(128, 128, 128, 8, 8, 3, tma=True)]
    for k in _ints(args.ks):
        for m in _ints(args.pair_m):
            x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
            h = half_norms(x)
            vals = _sample_values(x, h, x, h, False)
            pairs = m * (m - 1) // 2
            for rate in _floats(args.rates):
                goal = _quantile(vals, rate)
                cap = int(4 * rate * pairs) + 4096
                for cfg in configs if m == _ints(args.pair_m)[0] else configs[:1]:
                    res = {}

                    def fused():
                        res["h"] = pair_search(x, h, goal, cap, config=cfg)
                    ms = time_cuda(fused, args.iters, warmup=2, warmup_ms=args.warmup_ms, repeats=args.repeats)
                    hh = res["h"]
                    emit(row("pair_search", m, m, k, rate, hh.total, cap, hh.dropped, ms, pairs, _name(cfg)))
                if args.plan:  # inputs written in place, as bucket_plan's (a caller keeping its vectors in plan.x)
                    plan = PairSearchPlan(m, k, cap)
                    plan.x.copy_(x)
                    plan.half_norms.copy_(h)
                    ms = time_cuda(lambda: res.update(h=plan(goal)), args.iters, warmup=2,
                                   warmup_ms=args.warmup_ms, repeats=args.repeats)
                    hh = res["h"]
                    emit(row("pair_search_plan", m, m, k, rate, hh.total, cap, hh.dropped, ms, pairs,
                             f"{_name(DEFAULT_FILTER_CONFIG)} graph"))
                    del plan
                if args.unfused and rate == 1e-4 and m == max(_ints(args.pair_m)[:2]):
                    ms = time_cuda(lambda: unfused_pair_search(x, h, goal), max(1, args.iters // 2), warmup=1,
                                   warmup_ms=args.warmup_ms, repeats=args.repeats)
                    n_hits = int(unfused_pair_search(x, h, goal).shape[0])
                    emit(row("unfused_torch", m, m, k, rate, n_hits, 0, 0, ms, pairs, "int_mm 16384-row chunks"))
            del x, h, vals
        for size in _ints(args.segments):
            count = args.segment_count
            m = count * size
            x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
            h = half_norms(x)
            offsets = torch.arange(0, m + 1, size, dtype=torch.int64, device="cuda")
            vals = _sample_values(x, h, x, h, False)
            pairs = count * size * (size - 1) // 2
            for rate in _floats(args.rates):
                goal = _quantile(vals, rate)
                cap = int(4 * rate * pairs) + 4096
                seg_configs = list(seg_base)
                if args.sweep and rate == 1e-4:  # the TMA kernel is register-bound at 4 warps (ncu, sixth session)
                    seg_configs += [PLAIN_FILTER_CONFIG, replace(PLAIN_FILTER_CONFIG, row_hits=True)] + [
                        replace(c, num_warps=8) for c in seg_configs[:3]] + [
                        replace(DEFAULT_SEGMENT_CONFIG, num_stages=3), replace(DEFAULT_SEGMENT_CONFIG, tiles_per_program=16),
                        replace(DEFAULT_SEGMENT_CONFIG, tiles_per_program=8)]
                for cfg in seg_configs:
                    res = {}

                    def fused_s():
                        res["h"] = segment_pair_search(x, h, goal, cap, offsets, config=cfg)
                    try:
                        ms = time_cuda(fused_s, args.iters, warmup=2, warmup_ms=args.warmup_ms, repeats=args.repeats)
                    except Exception as e:  # a sweep config the compiler rejects: said, and the sweep goes on
                        print(f"bench-filters: segment_pair_search failed with {cfg}: {type(e).__name__}: {str(e)[:200]}",
                              file=sys.stderr)
                        continue
                    hh = res["h"]
                    emit(row(f"segment_pair_search {count}x{size}", m, size, k, rate, hh.total, cap, hh.dropped, ms,
                             pairs, _name(cfg)))
            del x, h, vals
            torch.cuda.empty_cache()
        for m in _ints(args.bucket_m):
            for n in _ints(args.bucket_n):
                x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
                c = torch.randint(-64, 64, (n, k), dtype=torch.int8, device="cuda", generator=g)
                vals = _sample_values(x, None, c, None, True)
                for rate in _floats(args.rates):
                    thr = torch.full((m,), _quantile(vals, 1 - rate), dtype=torch.int32, device="cuda")
                    cap = int(10 * rate * n) + 16
                    first = m == _ints(args.bucket_m)[0] and n == _ints(args.bucket_n)[0]
                    if not first:
                        cfgs = bucket_configs[:1]  # the default alone
                    elif args.sweep and rate == 1e-4:
                        cfgs = bucket_configs  # with the sweep's tiles
                    else:
                        cfgs = bucket_configs[:n_bucket_variants]
                    for cfg in cfgs:
                        res = {}

                        def fused_b():
                            res["b"] = bucket(x, c, thr, cap, config=cfg)
                        ms = time_cuda(fused_b, args.iters, warmup=2, warmup_ms=args.warmup_ms, repeats=args.repeats)
                        cnt = res["b"].counts.to(torch.int64)
                        hits = int(cnt.sum())
                        dropped = int((cnt - cap).clamp(min=0).sum())
                        emit(row("bucket", m, n, k, rate, hits, cap, dropped, ms, m * n, _name(cfg, tiles=False)))
                    if args.plan:  # the default as a BucketPlan (one CUDA graph per call) on inputs written in place
                        plan = BucketPlan(m, n, k, cap)
                        plan.x.copy_(x)
                        plan.centres.copy_(c)
                        plan.thresholds.copy_(thr)
                        ms = time_cuda(lambda: res.update(b=plan()), args.iters, warmup=2, warmup_ms=args.warmup_ms,
                                       repeats=args.repeats)
                        cnt = res["b"].counts.to(torch.int64)
                        emit(row("bucket_plan", m, n, k, rate, int(cnt.sum()), cap,
                                 int((cnt - cap).clamp(min=0).sum()), ms, m * n,
                                 f"{_name(DEFAULT_BUCKET_CONFIG, tiles=False)} graph"))
                        del plan
                del x, c, vals
                torch.cuda.empty_cache()


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ks", default="64,96,128,160,192")
    p.add_argument("--pair-m", default="16384,65536,131072", help="Gram pair-search sizes M")
    p.add_argument("--segments", default="", help="segmented pair search: segment sizes (e.g. 2048,4096; "
                   "the sieve's BGJ1 buckets at dimension 110 hold about 4300 vectors)")
    p.add_argument("--segment-count", type=int, default=4096, help="segments per launch (the sieve: up to 4096)")
    p.add_argument("--bucket-m", default="1048576,4194304", help="bucketing: number of vectors")
    p.add_argument("--bucket-n", default="1024,16384", help="bucketing: number of centres")
    p.add_argument("--rates", default="1e-2,1e-4,1e-6", help="target hit rates")
    p.add_argument("--iters", type=int, default=5)
    p.add_argument("--roof-seconds", type=float, default=3.0,
                   help="the roof GEMMs also run back to back this long; the median rate of the last third is the "
                        "roof of pct_roof (issue 4: the rate at the card's power limit); pct_burst_roof is against "
                        "the best burst (the roof of pct_roof up to the twenty-seventh session); 0: the burst only")
    p.add_argument("--warmup-ms", type=float, default=1000.0,
                   help="before each point's timed windows, untimed calls for this long (ms), so the point is timed "
                        "in its own steady state (clock and power) rather than the previous point's or a burst's")
    p.add_argument("--repeats", type=int, default=3,
                   help="timed windows of --iters calls per point; the median window's mean is reported, so a host "
                        "stall in one window does not move it (s135 timed one window per point: a 65536 one-shot "
                        "row read 17.4 ms against 0.69-0.71 in the sessions before)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--unfused", action="store_true", help="also time the unfused torch pair search")
    p.add_argument("--sweep", action="store_true", help="also try a few tile configs at the first M, rate 1e-4")
    p.add_argument("--plan", action=argparse.BooleanOptionalAction, default=True,
                   help="Gram search and bucketing: also the default config as a PairSearchPlan / BucketPlan (one "
                        "CUDA graph per call; what a caller running one shape again and again gets), its inputs written "
                        "in place before the timing (from the twenty-eighth session also the pair plan's; before, "
                        "pair_search_plan timed the copies of x and h into the plan: ~2 us at 16384 vectors)")
    p.add_argument("--out", help="write the long-format CSV here")


def _bad_arguments(args) -> str | None:
    """What is wrong with bench-filters' timing options (None: nothing)."""
    for name, low in (("iters", 1), ("repeats", 1)):
        if getattr(args, name) < low:
            return f"--{name} must be >= {low}, got {getattr(args, name)}"
    for name in ("roof_seconds", "warmup_ms"):
        if not getattr(args, name) >= 0:  # (also NaN)
            return f"--{name.replace('_', '-')} must be >= 0, got {getattr(args, name)}"
    return None


def main(args) -> int:
    import torch

    bad = _bad_arguments(args)
    if bad:
        print(f"int8tc bench-filters: {bad}", file=sys.stderr)
        return 2
    if not torch.cuda.is_available():
        print("int8tc bench-filters: needs a CUDA GPU (the filters' references are tested on CPU, "
              "but timing them there means nothing)", file=sys.stderr)
        return 2
    rows = run(args)
    print(format_table(rows, COLUMNS))
    return 0
