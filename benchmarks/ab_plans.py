"""Pair-search plans (``PairSearchPlan``, CUDA graphs, inputs written in place, K = 128) of config variants against
the default, side by side: for each shape and rate every variant's kept records (sorted) must equal the default's,
on three calls each. Then the variants are timed alternated (rounds in reversed order every other round;
``time_cuda`` with a warm-up of its own calls before each window), and the median over rounds is printed with the
plan's TOPS and % of ``--roof``.

A variant is ``name:field=value[,value...][;field=value]`` over DEFAULT_FILTER_CONFIG (ints, a comma list of ints
as a tuple, none / true / false, else a string):

    PYTHONPATH=src python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4 \
        --variants "c0:panel_cost=0" "c6:panel_cost=6" "b2:balanced=2" --csv ab.csv
"""
import argparse
import csv
import statistics
from dataclasses import replace

import torch

from int8tc.bench.common import time_cuda
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import DEFAULT_FILTER_CONFIG as D, PairSearchPlan, half_norms

K = 128


def sorted_records(hits) -> torch.Tensor:
    r = hits.records[:hits.kept].to(torch.int64)
    return r[torch.argsort(r[:, 0] * (1 << 32) + r[:, 1])]


def _value(v: str):
    # "none", "true" / "false", an int, a comma list of ints (a tuple), else the string
    low = v.lower()
    if low in ("none", "true", "false"):
        return {"none": None, "true": True, "false": False}[low]
    try:
        return tuple(int(u) for u in v.split(",")) if "," in v else int(v)
    except ValueError:
        return v


def variant(spec: str):
    """(name, config) from ``name:field=value;...`` (FilterConfig checks the values; an unknown field raises)."""
    name, _, fields = spec.partition(":")
    kw = {}
    for f in filter(None, fields.split(";")):
        key, eq, val = f.partition("=")
        if not eq:
            raise SystemExit(f"variant {spec!r}: {f!r} is not field=value")
        kw[key] = _value(val)
    return name, replace(D, **kw)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", default="16384", help="comma list of Gram-search sizes")
    p.add_argument("--rates", default="1e-4,1e-6")
    p.add_argument("--variants", nargs="+", required=True, help="name:field=value[;field=value] (module docstring)")
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--iters", type=int, default=50)
    p.add_argument("--roof", type=float, default=1319.0, help="TOPS for the %% column (s139: the sustained roof)")
    p.add_argument("--roof-seconds", type=float, default=0.0,
                   help="> 0: measure the roof in this process first (bench-filters' roof GEMMs, sustained this long) "
                        "and use its sustained rate for the %% column instead of --roof")
    p.add_argument("--warmup-ms", type=float, default=300.0, help="each window's warm-up of its own calls")
    p.add_argument("--csv")
    p.add_argument("--regs", action="store_true",
                   help="print every compiled build of the filter kernels used (registers, spills, warps) at the end")
    args = p.parse_args()
    if args.roof_seconds > 0:
        from int8tc.bench.filters import roof

        args.roof, burst, _ = roof(5, 3, args.roof_seconds)
        print(f"roof measured here: {args.roof:.0f} TOPS sustained ({burst:.0f} burst)", flush=True)
    cfgs = {"default": D}
    cfgs.update(variant(v) for v in args.variants)
    gen = torch.Generator(device="cuda").manual_seed(0)
    rows = []
    for m in (int(v) for v in args.m.split(",")):
        x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=gen)
        h = half_norms(x)
        vals = _sample_values(x, h, x, h, False)
        pairs = m * (m - 1) // 2
        for rate in (float(v) for v in args.rates.split(",")):
            goal = _quantile(vals, rate)
            cap = int(4 * rate * pairs) + 4096
            plans = {}
            ref = None
            for name, c in cfgs.items():
                plan = PairSearchPlan(m, K, cap, config=c)
                plan.x.copy_(x)
                plan.half_norms.copy_(h)
                for rep in range(3):  # repeated calls on the same buffers
                    hits = plan(goal)
                    got = sorted_records(hits)
                    total = hits.total
                    if ref is None:
                        ref, ref_total = got, total
                    if total != ref_total or not torch.equal(got, ref):
                        raise SystemExit(f"M={m} rate {rate:g} {name} call {rep}: total {total} against {ref_total}, "
                                         f"records equal: {got.shape == ref.shape and torch.equal(got, ref)}")
                plans[name] = plan
            times = {name: [] for name in cfgs}
            for r in range(args.rounds):
                for name in (list(cfgs) if r % 2 == 0 else list(cfgs)[::-1]):
                    plan = plans[name]
                    times[name].append(time_cuda(lambda: plan(goal), args.iters, warmup=3, warmup_ms=args.warmup_ms,
                                                 repeats=3))
            for name, ts in times.items():
                ms = statistics.median(ts)
                tops = 2 * K * pairs / ms / 1e9
                rows.append(dict(m=m, rate=f"{rate:g}", config=name, time_ms=f"{ms:.4f}",
                                 spread_ms=f"{min(ts):.4f}-{max(ts):.4f}", tops=f"{tops:.0f}",
                                 pct_roof=f"{100 * tops / args.roof:.1f}", hits=ref_total))
                print(rows[-1], flush=True)
            del plans
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    print(f"\n{'M':>6} {'rate':>6} {'config':>10} {'ms':>8} {'TOPS':>6} {'%roof':>6}")
    for r in rows:
        print(f"{r['m']:>6} {r['rate']:>6} {r['config']:>10} {r['time_ms']:>8} {r['tops']:>6} {r['pct_roof']:>6}")
    if args.regs:
        print_builds()


def print_builds():
    """Each compiled build of the filter kernels in this process: registers, spill bytes, warps (the GPU's own
    builds, which can differ from benchmarks/static_kernels.py's: NOTES.md 92)."""
    import triton

    from int8tc.sieve._kernels import filters

    for name in sorted(dir(filters)):
        fn = getattr(filters, name)
        if not isinstance(fn, triton.runtime.jit.JITFunction) or not name.endswith("_kernel"):
            continue
        for dev, cache in fn.device_caches.items():
            for kern in cache[0].values():
                kern._init_handles()
                print(f"build {name} device {dev}: {kern.n_regs} registers, {kern.n_spills} spill bytes, "
                      f"{kern.metadata.num_warps} warps")


if __name__ == "__main__":
    main()
