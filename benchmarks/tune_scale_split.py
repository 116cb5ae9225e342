"""Ozaki-II: an operand's scales and residues in one launch (scale_split_rows_kernel, several tiles)
against the two-step path (the scales kernels ``scales_kernel`` picks, then the residue split), on A
(rows contiguous) and on B's transposed view (column-major), with the guard's data (bounds, as
``dgemm("fp64")`` runs it) and without; every output compared byte for byte with the two-step path's.

    PYTHONPATH=src python benchmarks/tune_scale_split.py --out results/scale_split.csv
"""

import argparse

import torch

from int8tc.bench.common import report, time_cuda
from int8tc.ozaki2 import OzakiIIGemm

SHAPES = ((4096, 4096), (8192, 8192), (2048, 8192), (1056, 65536), (16384, 1024), (131072, 256))
TILES = ((1, 1024, 4), (2, 512, 4), (4, 256, 4), (8, 128, 4), (2, 1024, 8), (16, 64, 4), (32, 64, 8))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--shapes", default=",".join(f"{r}x{k}" for r, k in SHAPES))
    p.add_argument("--moduli", type=int, default=16)
    p.add_argument("--bounds", default="1", help="comma list of 0/1")
    p.add_argument("--out")
    args = p.parse_args()
    shapes = [tuple(int(v) for v in s.split("x")) for s in args.shapes.split(",")]
    rows = []
    g = torch.Generator(device="cuda").manual_seed(0)
    for r, k in shapes:
        x = torch.randn((r, k), dtype=torch.float64, device="cuda", generator=g)
        b = torch.randn((k, 64), dtype=torch.float64, device="cuda", generator=g)
        for bounds in (bool(int(v)) for v in args.bounds.split(",")):
            plan = OzakiIIGemm(b, args.moduli, bounds=bounds)
            for view, xv in (("rows", x), ("cols", x.t().contiguous().t())):  # cols: x's rows strided, as B^T
                ra, res, s, bufs, fs, _ = plan._workspace(r)
                row = {"rows": r, "k": k, "bounds": bounds, "layout": view}

                def run():
                    plan._scale_split(xv, plan.g_a, s, bufs, ra, fs)

                def outputs():
                    return [t.clone() for t in (s, bufs[0], bufs[2], ra, fs)]

                plan.split_kernel = "separate"
                row["separate_ms"] = time_cuda(run, args.iters, warmup_ms=20, repeats=3)
                ref = outputs()
                best = None
                for tile in TILES:
                    plan.split_kernel, plan.fused_split_tiles = "fused", tile
                    for t in (s, bufs[0], bufs[2], ra, fs):
                        t.fill_(7 if t.dtype == torch.int8 else -3)  # poison: unwritten bytes would differ
                    name = "fused_{}x{}x{}".format(*tile)
                    try:
                        row[name + "_ms"] = ms = time_cuda(run, args.iters, warmup_ms=20, repeats=3)
                    except Exception as exc:  # a tile that does not compile for this shape: recorded, not fatal
                        row[name + "_ms"] = f"error {type(exc).__name__}"
                        continue
                    row[name + "_same"] = all(torch.equal(u, v) for u, v in zip(ref, outputs()))
                    if best is None or ms < best[1]:
                        best = (name, ms)
                plan.split_kernel = "auto"
                plan.fused_split_tiles = None
                row["auto_tile"] = "{}x{}x{}".format(*plan._fused_tile())
                row["auto"] = "fused" if plan.fused_split(xv) else "separate"
                row["best"] = best[0] if best else ""
                row["speedup_best"] = round(row["separate_ms"] / best[1], 3) if best else ""
                row = {k2: (f"{v:.4f}" if isinstance(v, float) else v) for k2, v in row.items()}
                print(row, flush=True)
                rows.append(row)
    report(rows, args.out)


if __name__ == "__main__":
    main()
