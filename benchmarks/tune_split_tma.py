"""Ozaki-II residue split by TMA stores against plain stores (``residue_split_kernel``'s TMA_STORE):
B's guarded plan (its split reads B^T, rows contiguous) and A's guarded split, planes compared bit
for bit, same process and inputs.

    PYTHONPATH=src python benchmarks/tune_split_tma.py --sizes 4096,8192 --moduli 16 --out results/x.csv
"""

import torch

from int8tc.bench.common import patched_constants, report, time_cuda, tune_args, tune_grid, tune_row
from int8tc.ozaki2 import OzakiIIGemm
from int8tc.ozaki2 import gemm as g2


def main():
    args = tune_args("moduli", "16", 10)
    rows = []
    for n, nm, a, b, out in tune_grid(args):
        row = {"size": n, "moduli": nm}
        planes = []
        for rep in range(2):  # alternated: B's plan times drift between runs
            for tma in (False, True):
                with patched_constants(g2, SPLIT_TMA_STORE_B=tma):
                    row[f"plan_b_bounds_tma{int(tma)}_r{rep}_ms"] = time_cuda(
                        lambda: OzakiIIGemm(b, nm, bounds=True), args.iters)
                    plan = OzakiIIGemm(b, nm, bounds=True)
                plan(a, out=out)
                ra, _, sa, rows_a, fs, _ = plan._ws[1:]
                row[f"split_a_bounds_tma{int(tma)}_r{rep}_ms"] = time_cuda(
                    lambda: plan._split(a, sa, ra, rows_a[0], fs, tma), args.iters)
                planes.append((plan._rb.clone(), ra.clone(), out.clone()))
        row["same"] = all(torch.equal(x, y) for p in planes[1:] for x, y in zip(p, planes[0]))
        tune_row(rows, row)
    report(rows, args.out)


if __name__ == "__main__":
    main()
