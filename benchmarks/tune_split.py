"""Ozaki-I row split: how the fused split passes over A and over B's transposed view ("rows": one
launch, two sweeps per program; "once": whole rows loaded once; "two": row maxima, then a 2-D grid
of scaled tiles), the three-kernel path at its old and new tile, and whole calls; same inputs,
outputs compared bit for bit.

    PYTHONPATH=src python benchmarks/tune_split.py --sizes 4096,8192 --splits 2,4,8 --out results/x.csv
"""

import dataclasses

import torch

from int8tc import OzakiGemm
from int8tc.bench.common import patched_constants, report, time_cuda, tune_args, tune_grid, tune_row
from int8tc.ozaki import _launch
from int8tc.ozaki._launch import scale_and_split
from int8tc.ozaki.gemm import DEFAULT_CONFIG
from int8tc.ozaki.scheme import SPLIT_PASSES


def main():
    args = tune_args("splits", "2,4,8", 10)
    rows = []
    for n, s, a, b, out in tune_grid(args):
        row = {"size": n, "splits": s}
        plan = OzakiGemm(b, s)
        ws = plan._workspace(n)
        ref_qa, ref_qb = None, None
        for p in SPLIT_PASSES:
            row[f"split_a_{p}_ms"] = time_cuda(lambda: scale_and_split(a, "row", ws["sa"], ws["qa"], s, True, p),
                                               args.iters)
            row[f"split_bt_{p}_ms"] = time_cuda(lambda: scale_and_split(b.t(), "row", plan._sb, plan._qb, s, True, p),
                                                args.iters)
            if ref_qa is None:
                ref_qa, ref_qb = ws["qa"].clone(), plan._qb.clone()
            row[f"split_{p}_same"] = bool(torch.equal(ws["qa"], ref_qa) and torch.equal(plan._qb, ref_qb))
        for br in (32, 8):
            with patched_constants(_launch, SPLIT_BLOCK_R=br):
                row[f"three_kernels_a_br{br}_ms"] = time_cuda(
                    lambda: scale_and_split(a, "row", ws["sa"], ws["qa"], s, False), args.iters)
                row[f"three_kernels_br{br}_same"] = bool(torch.equal(ws["qa"], ref_qa))
        ref = None
        for pa, pb in (("rows", "rows"), ("once", "rows"), ("once", "two"), ("two", "two"), ("rows", "two")):
            cfg = dataclasses.replace(DEFAULT_CONFIG, split_a=pa, split_b=pb)
            row[f"one_shot_{pa}_{pb}_ms"] = time_cuda(lambda: OzakiGemm(b, s, config=cfg)(a, out=out), args.iters)
            if ref is None:
                ref = out.clone()
            row[f"one_shot_{pa}_{pb}_same"] = bool(torch.equal(out, ref))
        tune_row(rows, row)
    report(rows, args.out)


if __name__ == "__main__":
    main()
