"""Ozaki-I: products + reconstruction fused in one persistent kernel (Config.fused_recon), and all
diagonals' products in one launch (Config.one_launch), against the default (INT32 diagonal
planes, one launch per diagonal, then a reconstruction pass), same inputs, same process; the
outputs must be identical.

    PYTHONPATH=src python benchmarks/tune_recon.py --sizes 4096,8192 --splits 2,4,6,8 --out results/x.csv

ptxas -v on this machine (2026-11-30, sm_90a, 255 registers each): default 256x128 GEMM spills
1216 bytes; fused 256x128 3160, fused 128x128 / 8 warps 340 (S=2) to 868 (S=6).
"""

import dataclasses

import torch

from int8tc import OzakiGemm
from int8tc.bench.common import report, time_cuda, tune_args, tune_grid, tune_row
from int8tc.ozaki.gemm import DEFAULT_CONFIG

VARIANTS = {
    "default": DEFAULT_CONFIG,
    "fused_128x128_s3": dataclasses.replace(DEFAULT_CONFIG, block_m=128, block_n=128, fused_recon=True),
    "fused_128x128_s4": dataclasses.replace(DEFAULT_CONFIG, block_m=128, block_n=128, num_stages=4, fused_recon=True),
    "fused_256x128_s3": dataclasses.replace(DEFAULT_CONFIG, fused_recon=True),
    "one_launch": dataclasses.replace(DEFAULT_CONFIG, one_launch=True),  # NOTES 39
    # no spill at 128 x 64 with 8 warps (static, NOTES 51); the spilling 128 x 128 was measured slower
    "fused_128x64_8w_s3": dataclasses.replace(DEFAULT_CONFIG, block_m=128, block_n=64, num_warps=8, fused_recon=True),
    "fused_128x64_8w_s4": dataclasses.replace(DEFAULT_CONFIG, block_m=128, block_n=64, num_warps=8, num_stages=4,
                                              fused_recon=True),
}


def main():
    args = tune_args("splits", "2,4,6,8", 10)
    rows = []
    for n, s, a, b, out in tune_grid(args):
        row = {"size": n, "splits": s}
        ref = None
        for name, cfg in VARIANTS.items():
            row[f"{name}_ms"] = time_cuda(lambda: OzakiGemm(b, s, config=cfg)(a, out=out), args.iters)
            if ref is None:
                ref = out.clone()
            row[f"{name}_same"] = bool(torch.equal(out, ref))
        tune_row(rows, row)
    report(rows, args.out)


if __name__ == "__main__":
    main()
