"""Ozaki-I: fused row split (one launch per operand) against max-abs + scales + split, whole calls
and the A-side phase alone, on the same inputs.

    PYTHONPATH=src python benchmarks/tune_split.py --sizes 4096,8192 --splits 2,4 --out results/x.csv
"""

import dataclasses

import torch

from int8tc import OzakiGemm
from int8tc.bench.common import report, time_cuda, tune_args, tune_grid, tune_row
from int8tc.ozaki._launch import scale_and_split
from int8tc.ozaki.gemm import DEFAULT_CONFIG


def main():
    args = tune_args("splits", "2,4", 10)
    rows = []
    for n, s, a, b, out in tune_grid(args):
        row = {"size": n, "splits": s}
        res = {}
        for fused in (True, False):
            cfg = dataclasses.replace(DEFAULT_CONFIG, fused_split=fused)
            tag = "fused" if fused else "three_kernels"
            row[f"{tag}_one_shot_ms"] = time_cuda(lambda: OzakiGemm(b, s, config=cfg)(a, out=out), args.iters)
            plan = OzakiGemm(b, s, config=cfg)
            ws = plan._workspace(n)
            row[f"{tag}_split_a_ms"] = time_cuda(
                lambda: scale_and_split(a, "row", ws["sa"], ws["qa"], s, fused), args.iters)
            row[f"{tag}_split_bt_ms"] = time_cuda(lambda: plan.update_b(b), args.iters)
            plan(a, out=out)
            res[fused] = out.clone()
        assert torch.equal(res[True], res[False])
        tune_row(rows, row)
    report(rows, args.out)


if __name__ == "__main__":
    main()
