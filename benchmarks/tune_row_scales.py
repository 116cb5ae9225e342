"""Ozaki-II operand scales: the one-launch row-owning kernel (row_scales_kernel) against the
K-chunked kernels (absmax, norm bounds with atomics, exponents; two fills), on A and on B's
transposed (column-major) view, with and without the guard's L1 sums; the outputs compared.
Shapes: square 4096/8192 and few-rows/long-K cases where the row-owning grid is short.

    PYTHONPATH=src python benchmarks/tune_row_scales.py --out results/row_scales.csv
"""

import argparse

import torch

from int8tc.bench.common import patched_constants, report, time_cuda
from int8tc.ozaki2 import OzakiIIGemm
from int8tc.ozaki2 import gemm as g2

SHAPES = ((4096, 4096), (8192, 8192), (1056, 65536), (264, 65536), (16384, 1024), (131072, 256))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--out")
    args = p.parse_args()
    rows = []
    g = torch.Generator(device="cuda").manual_seed(0)
    for r, k in SHAPES:
        x = torch.randn((r, k), dtype=torch.float64, device="cuda", generator=g)
        b = torch.randn((k, 64), dtype=torch.float64, device="cuda", generator=g)
        for bounds in (False, True):
            plan = OzakiIIGemm(b, 16, bounds=bounds)
            for view, xv in (("rows", x), ("cols", x.t().contiguous().t())):  # cols: x's rows strided
                bufs = plan._row_buffers(r)
                s = torch.empty(r, dtype=torch.int64, device="cuda")
                row = {"rows": r, "k": k, "bounds": bounds, "layout": view}
                outs = []
                for name, kind, tile in (("chunked", "chunked", (8, 128)), ("fused", "fused", (8, 128)),
                                         ("fused_16x64", "fused", (16, 64)), ("fused_32x32", "fused", (32, 32))):
                    plan.scales_kernel = kind
                    with patched_constants(g2, ROW_SCALES_BLOCK_R=tile[0], ROW_SCALES_BLOCK_K=tile[1]):
                        row[f"{name}_ms"] = time_cuda(lambda: plan._scales(xv, plan.g_a, s, bufs), args.iters,
                                                      warmup_ms=20, repeats=3)
                    outs.append([t.clone() for t in (s, bufs[0], bufs[1], bufs[2])])
                row["same"] = all(torch.equal(u, v) for o in outs[1:] for u, v in zip(outs[0], o))
                row["speedup"] = round(row["chunked_ms"] / row["fused_ms"], 3)
                plan.scales_kernel = "auto"
                row["default"] = "fused" if plan.fused_scales(xv) else "chunked"
                row = {k2: (f"{v:.4f}" if isinstance(v, float) else v) for k2, v in row.items()}
                print(row, flush=True)
                rows.append(row)
    report(rows, args.out)


if __name__ == "__main__":
    main()
