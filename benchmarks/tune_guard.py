"""The dgemm guard's GEMM (``OzakiIIGemm._guard_count``): tiles and persistent programs per SM, both
passes (the strided first pass and the full K), kernel time alone (enqueued, no host sync in the
timed loop), counts checked against the default's.

    PYTHONPATH=src python benchmarks/tune_guard.py --sizes 4096,8192 --moduli 16 --out results/x.csv
"""

from int8tc.bench.common import report, time_cuda, tune_args, tune_grid, tune_row
from int8tc.ozaki2 import OzakiIIGemm

#: (tiles, programs per SM): 8 warps at ~254 registers fit one block per SM, 4 warps two
VARIANTS = [((128, 64, 128, 8, 4, 3), 2), ((128, 64, 128, 8, 8, 3), 1), ((128, 128, 128, 8, 8, 3), 1),
            ((64, 64, 128, 8, 4, 3), 1), ((64, 64, 128, 8, 4, 3), 2)]  # the default first (s71 ran it third)


def main():
    args = tune_args("moduli", "16", 20)
    rows = []
    for n, nm, a, b, out in tune_grid(args):
        plan = OzakiIIGemm(b, nm, bounds=True)
        plan(a, out=out)
        ra, fs = plan._ws[1], plan._ws[5]
        passes = {"strided": (fs, plan._fs_b), "full_k": (ra[nm], plan._rb[nm])}
        want = None
        for tiles, per_sm in VARIANTS:
            plan.guard_tiles, plan.guard_programs_per_sm = tiles, per_sm
            row = {"size": n, "moduli": nm, "tiles": f"{tiles[0]}x{tiles[1]}w{tiles[4]}", "per_sm": per_sm}
            counts = []
            for name, (la, lb) in passes.items():
                row[f"{name}_ms"] = time_cuda(lambda: plan._guard_count(n, la, lb, 2.0), args.iters)
                counts.append(int(plan._guard_count(n, la, lb, 2.0).item()))
            want = counts if want is None else want
            row["same_counts"] = counts == want
            tune_row(rows, row)
    report(rows, args.out)


if __name__ == "__main__":
    main()
