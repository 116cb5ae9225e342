"""Ozaki-II phase breakdown, residue-split and CRT tile choices on the GPU (one process, same inputs).

    PYTHONPATH=src python benchmarks/tune_ozaki2.py --sizes 4096,8192 --moduli 14,15,16 --out results/x.csv
"""


import torch

from int8tc.bench.common import patched_constants, report, time_cuda, tune_args, tune_grid, tune_row
from int8tc.ozaki2 import OzakiIIGemm
from int8tc.ozaki2.gemm import SPLIT_TILE_CHOICES

CRT_TILES = [(32, 64, 4), (32, 32, 4), (16, 64, 4), (64, 64, 8), (32, 128, 8)]


def _guarded_one_shot(a, b, nm, out, transpose_b):
    plan = OzakiIIGemm(b, nm, bounds=True, transpose_b=transpose_b)
    return plan.guarded(a, 2.0, out=out)[1]  # what dgemm("fp64") runs


def main():
    args = tune_args("moduli", "14,15,16", 5)
    rows = []
    for n, nm, a, b, out in tune_grid(args):
        plan = OzakiIIGemm(b, nm)
        ra, res, sa, rows_a, fs_a, _ = plan._workspace(n)
        guarded = OzakiIIGemm(b, nm, bounds=True)  # what dgemm("fp64") runs: + L1 norms, floors, guard GEMM
        guarded(a, out=out)
        gra, _, gsa, grows, gfs, _ = guarded._workspace(n)
        full_guard = OzakiIIGemm(b, nm, bounds=True, guard_stride=1)
        full_guard(a, out=out)
        row = {"size": n, "moduli": nm,
               "plan_b_ms": time_cuda(lambda: OzakiIIGemm(b, nm), args.iters),
               "plan_b_bounds_ms": time_cuda(lambda: OzakiIIGemm(b, nm, bounds=True), args.iters),
               "scales_a_ms": time_cuda(lambda: plan._scales(a, plan.g_a, sa, rows_a), args.iters),
               "scales_a_bounds_ms": time_cuda(lambda: guarded._scales(a, guarded.g_a, gsa, grows), args.iters),
               "split_a_ms": time_cuda(lambda: plan._split(a, sa, ra, rows_a[0], fs_a), args.iters),
               "split_a_bounds_ms": time_cuda(lambda: guarded._split(a, gsa, gra, grows[0], gfs), args.iters),
               "products_ms": time_cuda(lambda: plan._products(ra, res), args.iters),
               "guard_ms": time_cuda(lambda: guarded.guard_failures(a, 2.0), args.iters),
               "guard_full_k_ms": time_cuda(lambda: full_guard.guard_failures(a, 2.0), args.iters),
               "call_ms": time_cuda(lambda: plan(a, out=out), args.iters),
               "call_guarded_ms": time_cuda(lambda: guarded.guarded(a, 2.0, out=out), args.iters),
               "call_then_guard_ms": time_cuda(lambda: (guarded(a, out=out), guarded.guard_failures(a, 2.0)),
                                               args.iters),
               "one_shot_ms": time_cuda(lambda: OzakiIIGemm(b, nm)(a, out=out), args.iters),
               "plan_b_bounds_tb_ms": time_cuda(lambda: OzakiIIGemm(b, nm, bounds=True, transpose_b=True), args.iters),
               "one_shot_guarded_ms": time_cuda(lambda: _guarded_one_shot(a, b, nm, out, False), args.iters),
               "one_shot_guarded_tb_ms": time_cuda(lambda: _guarded_one_shot(a, b, nm, out, True), args.iters)}
        ref_res = gra.clone()
        for t in SPLIT_TILE_CHOICES:  # the guarded plan's split (floors included), residues compared bit for bit
            guarded.split_tiles = t
            gra.fill_(0)
            row[f"split_a_bounds_{t[0]}x{t[1]}w{t[2]}_ms"] = time_cuda(
                lambda: guarded._split(a, gsa, gra, grows[0], gfs), args.iters)
            assert torch.equal(gra, ref_res), t
        guarded.split_tiles = SPLIT_TILE_CHOICES[0]
        # the guard GEMM's tiles and programs per SM: benchmarks/tune_guard.py (s67 ran three tiles here)
        ref = out.clone()
        for t in CRT_TILES:
            plan.crt_tiles = t
            row[f"crt_{t[0]}x{t[1]}w{t[2]}_ms"] = time_cuda(lambda: plan._crt(res, sa, out), args.iters)
            assert torch.equal(out, ref), t
        # A's scales with the L1 ceilings at other norm tiles (module constants read at launch)
        for br, bk in ((32, 128), (8, 128), (16, 64)):
            with _patched(NORM_BLOCK_R=br, NORM_BLOCK_K=bk):
                row[f"scales_a_bounds_norm{br}x{bk}_ms"] = time_cuda(
                    lambda: guarded._scales(a, guarded.g_a, gsa, grows), args.iters)
        # end to end: the guarded one-shot call at two CRT tiles, alternated (one-shot times drift
        # by ~0.5 ms between runs, NOTES.md 43): the default 32x32 against 16x64
        for rep in range(2):
            for t in ((32, 32, 4), (16, 64, 4)):
                with _patched(CRT_BLOCK_M=t[0], CRT_BLOCK_N=t[1], CRT_WARPS=t[2]):  # read by plans built inside
                    row[f"one_shot_guarded_crt{t[0]}x{t[1]}_r{rep}_ms"] = time_cuda(
                        lambda: _guarded_one_shot(a, b, nm, out, False), args.iters)
        tune_row(rows, row)
    report(rows, args.out)


def _patched(**values):
    """Module constants of int8tc.ozaki2.gemm set to ``values`` inside the block."""
    from int8tc.ozaki2 import gemm as mod

    return patched_constants(mod, **values)


if __name__ == "__main__":
    main()
