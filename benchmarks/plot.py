"""Plots and markdown tables for benchmarks/RESULTS.md from the committed CSVs.

    python benchmarks/plot.py   # writes benchmarks/plots/*.png, prints the tables
"""

import csv
import os
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RES = os.path.join(HERE, "results")
PLOTS = os.path.join(HERE, "plots")
GEMM = os.path.join(RES, "gemm_h200_2026-12-02_session20.csv")  # the twentieth session: TMA-store epilogue
CURVE = os.path.join(RES, "gemm_curve_8192_S6_h200_2026-12-01_session17.csv")
FILTERS = os.path.join(RES, "filters_h200_2026-11-30.csv")
FILTERS_TMA = os.path.join(RES, "filters_bucket_tma_k_h200_2026-11-30.csv")  # bucketing's TMA default
FILTERS_5 = os.path.join(RES, "filters_session5_h200_2026-11-30.csv")  # TMA pair search, the default since then
ACCURACY = os.path.join(RES, "accuracy_fp64_h200_2026-11-30.csv")
OZAKI2 = os.path.join(RES, "gemm_ozaki2_h200_2026-11-30.csv")
FILTERS_8 = os.path.join(RES, "filters_session8_final_h200_2026-11-30.csv")  # the eighth session's defaults
#: (op, config) of the eighth session's defaults and of the previous default, as bench-filters names them
DEFAULTS_8 = {"pair_search": "64x64x128 t16 w4 s2 tma defer maxnreg128",
              "segment_pair_search 4096x4096": "64x64x128 t16 w4 s2 tma defer maxnreg128",
              "bucket": "64x64x128 w4 s3 tma rounds maxnreg128"}
PREVIOUS_8 = {"pair_search": "64x64x128 t16 w4 s3 tma", "segment_pair_search 4096x4096": "64x64x128 t16 w4 s3 tma",
              "bucket": "64x64x128 w4 s3 tma"}
#: the ninth session's runs at the committed code (K = 128; K = 64 and 192) and its defaults
FILTERS_9 = [os.path.join(RES, "filters_session9_k128_h200_2026-11-30.csv"),
             os.path.join(RES, "filters_session9_k64_k192_h200_2026-11-30.csv")]
DEFAULTS_9 = {"pair_search": "64x64x128 t32 w4 s2 tma defer maxnreg128",
              "segment_pair_search 4096x4096": "64x64x128 t32 w4 s2 tma defer maxnreg128",
              "bucket": "64x64x128 w4 s3 tma rounds maxnreg128"}

#: the eleventh session's run (K = 128) of the tenth session's defaults (tile_masks, NOTES 57)
FILTERS_11 = [os.path.join(RES, "filters_session11_k128_h200_2026-12-01.csv")]
DEFAULTS_11 = {"pair_search": "64x128x128 t32 w4 s4 tma masks items2048 maxnreg168",
               "segment_pair_search 4096x4096": "64x64x128 t32 w4 s2 tma masks items2048 maxnreg128",
               "bucket": "64x128x128 w4 s3 tma masks items2048 maxnreg168"}

#: the twelfth session (NOTES 59, 60): K = 64..192 at M = 131072 / 2^20 x 16384 with the segmented search and the
#: unfused path (s31), and the rest of the issue's grid (s33: pair M = 16384, 65536; bucketing 2^20, 2^22 x 1024, 16384)
FILTERS_12 = [os.path.join(RES, "filters_session12_allk_h200_2026-12-01.csv")]
FILTERS_12_GRID = os.path.join(RES, "filters_session12_grid_h200_2026-12-01.csv")
DEFAULTS_12 = {"pair_search": "64x128x128 t32 w4 s3 tma masks items2048 reserve-batch groups16 maxnreg168",
               "segment_pair_search 4096x4096": "64x64x128 t32 w4 s2 tma masks items2048 reserve-batch maxnreg128",
               "bucket": "64x128x128 w4 s3 tma masks items2048 maxnreg168"}

#: the thirteenth session (NOTES 61): the K = 128 Gram search at three rates, eager and as a PairSearchPlan (s40)
FILTERS_13 = os.path.join(RES, "filters_session13_k128_h200_2026-12-01.csv")
DEFAULT_PAIR_13 = "64x128x128 t32 w4 s3 tma masks items2048 itemw2 itemblock32 reserve-batch groups16 maxnreg168"
FILTERS_14 = os.path.join(RES, "filters_session14_k128_h200_2026-12-01.csv")
DEFAULT_PAIR_14 = ("64x128x128 t64 w4 s3 tma masks items2048 itemw2 itemblock32 reserve-batch groups16 maxnreg168 "
                   "balanced3 cost4 below3waves")


def read(path):
    with open(path) as fh:
        return list(csv.DictReader(fh))


def gemm_tables_and_plot():
    rows = read(GEMM)
    by = defaultdict(dict)
    for r in rows:
        by[(int(r["size_M"]), int(r["splits"]))][r["method"]] = r
    sizes = sorted({k[0] for k in by})
    splits = sorted({k[1] for k in by if k[1] > 0 and "cublas_emulated" in by[k]})
    print("| size | S | fp64_cublas | int8_cublas_baseline | cublas_emulated | int8tc_ozaki1 | ours/emulated | ours l2 | emulated l2 | accuracy bar max(emu, 1e-14) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n in sizes:
        native = float(by[(n, 0)]["fp64_cublas"]["gflops"]) / 1e3
        for s in splits:
            d = by[(n, s)]
            g = {m: float(d[m]["gflops"]) / 1e3 for m in d}
            ours_l2, emu_l2 = float(d["int8tc_ozaki1"]["l2_rel_err"]), float(d["cublas_emulated"]["l2_rel_err"])
            ok = "met" if ours_l2 <= max(emu_l2, 1e-14) else "MISSED"
            print(f"| {n}^3 | {s} | {native:.1f} | {g['int8_cublas_baseline']:.1f} | {g['cublas_emulated']:.1f} | "
                  f"{g['int8tc_ozaki1']:.1f} | **{g['int8tc_ozaki1'] / g['cublas_emulated']:.2f}x** | "
                  f"{ours_l2:.2e} | {emu_l2:.2e} | {ok} |")
    fig, axes = plt.subplots(1, len(sizes), figsize=(6 * len(sizes), 4.2))
    for ax, n in zip(axes, sizes):
        for m, style in (("int8tc_ozaki1", "o-"), ("cublas_emulated", "s--"), ("int8_cublas_baseline", "^:")):
            ax.plot(splits, [float(by[(n, s)][m]["gflops"]) / 1e3 for s in splits], style, label=m)
        ax.axhline(float(by[(n, 0)]["fp64_cublas"]["gflops"]) / 1e3, color="k", lw=1, label="native DGEMM")
        ax.set_title(f"{n}^3, H200")
        ax.set_xlabel("splits S")
        ax.set_ylabel("effective FP64 TFLOPS (2MNK/t)")
        ax.set_yscale("log")
        ax.set_xticks(splits)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(PLOTS, "gemm_tflops_vs_splits.png"), dpi=110)


def curve_plot():
    rows = read(CURVE)
    print("\n| diagonals d | pairs | time (ms) | TFLOPS | max abs err | l2 rel err |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['diagonals']} | {r['pairs']} | {float(r['time_ms']):.2f} | {float(r['gflops']) / 1e3:.1f} | "
              f"{float(r['max_abs_err']):.2e} | {float(r['l2_rel_err']):.2e} |")
    fig, ax = plt.subplots(figsize=(6, 4.2))
    t = [float(r["time_ms"]) for r in rows]
    e = [float(r["l2_rel_err"]) for r in rows]
    ax.plot(t, e, "o-")
    for r, x, y in zip(rows, t, e):
        ax.annotate(f"d={r['diagonals']} ({r['pairs']})", (x, y), fontsize=7, xytext=(3, 3), textcoords="offset points")
    ax.set_yscale("log")
    ax.set_xlabel("time (ms)")
    ax.set_ylabel("l2 relative error vs native DGEMM")
    ax.set_title("Pruning curve, 8192^3, S=6, row scaling")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(PLOTS, "gemm_pruning_curve.png"), dpi=110)


def accuracy_tables_and_plot():
    """Ozaki-II (moduli) and Ozaki-I (splits) against the exact product: speed and error."""
    rows = read(ACCURACY)
    sizes = sorted({int(r["size_M"]) for r in rows})
    print("\n| size | method | count | ms | TFLOPS | x native | max rel err | median rel err | l2 rel err | max rel / native's |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['size_M']}^3 | {r['method']} | {r['param']} | {float(r['time_ms']):.2f} | "
              f"{float(r['gflops']) / 1e3:.1f} | {r['speedup_vs_fp64']} | {float(r['max_rel_err']):.2e} | "
              f"{float(r['median_rel_err']):.2e} | {float(r['l2_rel_err']):.2e} | {r['max_rel_vs_fp64']} |")
    fig, axes = plt.subplots(2, len(sizes), figsize=(6 * len(sizes), 8))
    for col, n in enumerate(sizes):
        sub = [r for r in rows if int(r["size_M"]) == n]
        base = {r["method"]: r for r in sub if r["method"] in ("fp64_cublas", "cublas_emulated_dynamic")}
        for method, style, label in (("int8tc_ozaki2", "o-", "Ozaki-II (x = moduli)"),
                                     ("int8tc_ozaki1", "s-", "Ozaki-I (x = splits)")):
            pts = [r for r in sub if r["method"] == method]
            xs = [int(r["param"]) for r in pts]
            axes[0, col].plot(xs, [float(r["gflops"]) / 1e3 for r in pts], style, label=label)
            axes[1, col].plot(xs, [float(r["max_rel_err"]) for r in pts], style, label=label + ", max element-wise")
            axes[1, col].plot(xs, [float(r["l2_rel_err"]) for r in pts], style.replace("-", ":"), label=label + ", l2")
        for m, color in (("fp64_cublas", "k"), ("cublas_emulated_dynamic", "g")):
            axes[0, col].axhline(float(base[m]["gflops"]) / 1e3, color=color, lw=1, label=m)
            axes[1, col].axhline(float(base[m]["max_rel_err"]), color=color, lw=1, label=m + ", max element-wise")
        axes[0, col].set_title(f"{n}^3, H200: speed (one-shot, B sliced every call)")
        axes[0, col].set_ylabel("effective FP64 TFLOPS")
        axes[1, col].set_title(f"{n}^3: error against the exact product")
        axes[1, col].set_yscale("log")
        axes[1, col].set_xlabel("moduli (Ozaki-II) or splits (Ozaki-I)")
        for ax in axes[:, col]:
            ax.grid(alpha=0.3)
            ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(PLOTS, "ozaki2_tflops_error_vs_moduli.png"), dpi=110)


def _roof(rows) -> float:
    """A bench-filters run's roof: its best sustained GEMM rate (from the twenty-eighth session: issue 4's roof
    at the card's power limit), else its best roof row (the burst, before)."""
    rows = [r for r in rows if r["op"].startswith("roof")]
    sustained = [float(r["tops"]) for r in rows if "(sustained" in r["op"]]
    return max(sustained or [float(r["tops"]) for r in rows])


def filter_tables_and_plot():
    rows = [r for r in read(FILTERS) if r["op"] in ("pair_search", "bucket")]
    roof = _roof(read(FILTERS))
    print(f"\nroof {roof:.0f} TOPS")
    print("| op | M | N | K | rate 1e-2: Gpairs/s (TOPS, % roof) | rate 1e-4 | rate 1e-6 |")
    print("|---|---|---|---|---|---|---|")
    keyed = defaultdict(dict)
    for r in rows:
        keyed[(r["op"], int(r["M"]), int(r["N"]), int(r["K"]))][r["target_rate"]] = r
    for key in sorted(keyed):
        cells = []
        for rate in ("0.01", "0.0001", "1e-06"):
            r = keyed[key].get(rate)
            cells.append(f"{float(r['gpairs_s']):.0f} ({r['tops']}, {r['pct_roof']}%)" if r else "")
        print(f"| {key[0]} | {key[1]} | {key[2]} | {key[3]} | " + " | ".join(cells) + " |")
    tma_rows = [r for r in read(FILTERS_TMA) if r["op"] == "bucket"]
    tma_roof = _roof(read(FILTERS_TMA))
    for r in tma_rows:
        keyed[("bucket, TMA", int(r["M"]), int(r["N"]), int(r["K"]))][r["target_rate"]] = r
    roof5 = _roof(read(FILTERS_5))
    for r in read(FILTERS_5):
        if r["op"] == "pair_search":
            keyed[("pair_search, TMA", int(r["M"]), int(r["N"]), int(r["K"]))][r["target_rate"]] = r
    panels = (("pair_search", 131072, 131072, roof), ("pair_search, TMA", 131072, 131072, roof5),
              ("bucket", 4194304, 16384, roof), ("bucket, TMA", 1048576, 16384, tma_roof))
    rates = (("0.01", "o-"), ("0.0001", "s-"), ("1e-06", "^-"))
    fig, axes = plt.subplots(1, 4, figsize=(21, 4.2))
    for (op, m, n, rf), ax in zip(panels, axes):
        for rate, style in rates:
            ks = sorted(k[3] for k in keyed if k[:3] == (op, m, n) and rate in keyed[k])
            ax.plot(ks, [float(keyed[(op, m, n, k)][rate]["tops"]) for k in ks], style, label=f"hit rate {rate}")
        ax.axhline(rf, color="k", lw=1, label=f"INT8 roof {rf:.0f}")
        ax.axhline(0.5 * rf, color="r", lw=1, ls="--", label="50% of roof (target)")
        ax.set_title(f"{op}, M={m}, N={n}")
        _finish(ax, "K", "INT8-equivalent TOPS (2K pairs/s)")
    _save(fig, "filters_tops_vs_k.png")
    # the same runs against the hit rate, K = 128 (each line's roof is its run's)
    fig, ax = plt.subplots(figsize=(6.5, 4.2))
    for (op, m, n, rf), style in zip(panels, ("o-", "D-", "s-", "^-")):
        pts = [(float(r["hit_rate"]), 100.0 * float(r["tops"]) / rf) for rate, _ in rates
               if (r := keyed.get((op, m, n, 128), {}).get(rate))]
        ax.plot(*zip(*sorted(pts)), style, label=f"{op}, M={m}, N={n}")
    ax.axhline(50, color="r", lw=1, ls="--", label="target (50%)")
    ax.set_xscale("log")
    _finish(ax, "hit rate", "% of the INT8 roof, K = 128")
    _save(fig, "filters_roof_vs_hit_rate.png")


def filters_defaults_tables_and_plot(paths, defaults, previous, name, previous_name="fifth-to-seventh sessions' TMA"):
    """A session's defaults against an earlier default (previous): TOPS vs K and % of
    the roof vs the hit rate (K = 128), from that session's bench-filters CSVs (each row's % of
    the roof is against the roof of its own run; the plot's roof line is the highest)."""
    rows = [r for path in paths for r in read(path)]
    roof = _roof(rows)
    unfused = {int(r["K"]): float(r["gpairs_s"]) for r in rows if r["op"] == "unfused_torch"}
    pick = defaultdict(dict)  # (op, which, K) -> rate -> row
    for r in rows:
        for which, table in (("default", defaults), ("previous", previous)):
            if table.get(r["op"]) == r["config"]:
                pick[(r["op"], which, int(r["K"]))][r["target_rate"]] = r
    rates = ("0.01", "0.0003", "0.0001", "1e-06")
    print(f"\nroof {roof:.0f} TOPS; unfused pair search (1e-4) {unfused} Gpairs/s")
    print("| op | config | K | " + " | ".join(f"rate {r}" for r in rates) + " |")
    print("|---|---|---|" + "---|" * len(rates))
    for key in sorted(pick):
        cells = [f"{float(c['gpairs_s']):.0f} ({c['tops']}, {c['pct_roof']}%)" if (c := pick[key].get(rt)) else ""
                 for rt in rates]
        print(f"| {key[0]} | {key[1]} | {key[2]} | " + " | ".join(cells) + " |")
    fig, axes = plt.subplots(1, 3, figsize=(17, 4.2))
    styles = {"0.01": "o-", "0.0003": "v-", "0.0001": "s-", "1e-06": "^-"}
    for ax, op in zip(axes[:2], ("pair_search", "bucket")):
        for rt in rates:
            ks = sorted(k[2] for k in pick if k[:2] == (op, "default") and rt in pick[k])
            ax.plot(ks, [float(pick[(op, "default", k)][rt]["tops"]) for k in ks], styles[rt], label=f"hit rate {rt}")
        ax.axhline(roof, color="k", lw=1, label=f"INT8 roof {roof:.0f}")
        ax.axhline(0.5 * roof, color="r", lw=1, ls="--", label="50% of roof (target)")
        ax.set_title(f"{op}, default ({defaults[op].split(' ', 1)[1]})", fontsize=9)
        _finish(ax, "K", "INT8-equivalent TOPS (2K pairs/s)")
    ax = axes[2]
    for op, style in (("pair_search", "o"), ("segment_pair_search 4096x4096", "s"), ("bucket", "^")):
        for which, ls in (("default", "-"), ("previous", ":")):
            d = pick.get((op, which, 128), {})
            pts = sorted((float(r["hit_rate"]), float(r["pct_roof"])) for r in d.values())
            if pts:
                ax.plot(*zip(*pts), style + ls, label=f"{op.split(' ')[0]}, {which}")
    ax.axhline(50, color="r", lw=1, ls="--", label="target (50%)")
    ax.set_xscale("log")
    ax.set_title(f"K = 128: defaults (solid) vs {previous_name} default (dotted)", fontsize=9)
    _finish(ax, "hit rate", "% of the INT8 roof")
    _save(fig, name)


def filters_grid_table(paths, defaults) -> None:
    """The defaults over the issue's whole grid (op, M, N, K, rate), from bench-filters CSVs: one
    row per shape, the later path's row where two runs hold the same shape (each % of the roof is
    against its own run's roof)."""
    cells = {}
    for path in paths:
        for r in read(path):
            if defaults.get(r["op"]) == r["config"]:
                cells.setdefault((r["op"], int(r["M"]), int(r["N"]), int(r["K"])), {})[r["target_rate"]] = r
    rates = ("0.01", "0.0001", "1e-06")
    print("\n| op | M | N | K | rate 1e-2 | rate 1e-4 | rate 1e-6 |\n|---|---|---|---|---|---|---|")
    for key in sorted(cells):
        row = [f"{float(c['gpairs_s']):.0f} ({c['tops']}, {c['pct_roof']}%)" if (c := cells[key].get(rt)) else ""
               for rt in rates]
        print(f"| {key[0]} | {key[1]} | {key[2]} | {key[3]} | " + " | ".join(row) + " |")


def filters_plan_table_and_plot(path: str, default: str, png: str) -> None:
    """The Gram search by M and rate: a call of pair_search against a PairSearchPlan replay (% of the roof)."""
    rows = read(path)
    roof = _roof(rows)
    got = {}
    for r in rows:
        if r["op"] == "pair_search" and r["config"] == default or r["op"] == "pair_search_plan":
            got[(r["op"], int(r["M"]), r["target_rate"])] = r
    rates = sorted({k[2] for k in got}, key=float, reverse=True)
    print(f"| M | call | " + " | ".join(f"rate {t}" for t in rates) + " |")
    print("|---|---|" + "---|" * len(rates))
    for m in sorted({k[1] for k in got}):
        for op, name in (("pair_search", "pair_search"), ("pair_search_plan", "PairSearchPlan")):
            cells = [got.get((op, m, t)) for t in rates]
            print(f"| {m} | {name} | " + " | ".join(
                f"{float(c['gpairs_s']):.0f} ({c['tops']}, {c['pct_roof']}%)" if c else "" for c in cells) + " |")
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for op, style in (("pair_search", "--"), ("pair_search_plan", "-")):
        for i, t in enumerate(rates):
            ms = sorted(m for (o, m, tt) in got if o == op and tt == t)
            ax.plot(ms, [100 * float(got[(op, m, t)]["tops"]) / roof for m in ms], style, marker="o", color=f"C{i}",
                    label=f"{'plan' if op.endswith('plan') else 'call'}, rate {t}")
    ax.axhline(50, color="grey", lw=0.8)
    ax.set_xscale("log", base=2)
    ax.set_title(f"K = 128 Gram pair search, H200 (roof {roof:.0f} TOPS)")
    _finish(ax, "vectors M", "% of the INT8 roof")
    _save(fig, png)


def _finish(ax, xlabel: str, ylabel: str) -> None:
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)


def _save(fig, name: str) -> None:
    fig.tight_layout()
    fig.savefig(os.path.join(PLOTS, name), dpi=110)

if __name__ == "__main__":
    os.makedirs(PLOTS, exist_ok=True)
    gemm_tables_and_plot()
    curve_plot()
    accuracy_tables_and_plot()
    filter_tables_and_plot()
    filters_defaults_tables_and_plot([FILTERS_8], DEFAULTS_8, PREVIOUS_8, "filters_session8.png")
    filters_defaults_tables_and_plot(FILTERS_9, DEFAULTS_9, PREVIOUS_8, "filters_session9.png")
    filters_defaults_tables_and_plot(FILTERS_11, DEFAULTS_11, DEFAULTS_9, "filters_session11.png", "the ninth session's")
    filters_defaults_tables_and_plot(FILTERS_12, DEFAULTS_12, DEFAULTS_9, "filters_session12.png", "the ninth session's")
    filters_grid_table([FILTERS_12_GRID] + FILTERS_12, DEFAULTS_12)
    filters_plan_table_and_plot(FILTERS_13, DEFAULT_PAIR_13, "filters_session13_plan.png")
    filters_plan_table_and_plot(FILTERS_14, DEFAULT_PAIR_14, "filters_session14.png")
