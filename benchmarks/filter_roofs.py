"""Where the filters' time goes: control kernels with the filters' loop and tiles, epilogue cut down.

Each control walks the filters' loop (TMA row panel kept, column tiles pipelined, fresh INT32
accumulator per tile) over a full X Y^T of random int8 rows (K = 128) and does a fixed amount of
work per element, nothing written but one value per program:

    mma      the tile products accumulated into one accumulator (a GEMM: Triton pipelines it)
    max      fresh accumulator per tile, a running element-wise max (1 op per element, no reduction)
    absmax   running max of |dot| (bucketing's pre-test ops without its row reduction)
    rowtest  pair search's exact pre-test per tile: row max of |dot| - h_j against h_i - goal, the
             tile-wide "any" (cross-warp reduction) counted, no branch
    branch   rowtest with the filters' branch on it (an atomic that is never taken)
    skew     rowtest with the next tile's product issued before this tile's test

Prints one line per (tile, control): time and INT8-equivalent TOPS = 2 K M N / s. A diagnosis
tool for NOTES.md (CUDA only), not a benchmark of the library.

    PYTHONPATH=src python benchmarks/filter_roofs.py [--m 65536] [--out FILE.csv]
    PYTHONPATH=src python benchmarks/filter_roofs.py --groups [--m 131072]   # the default pair search's hot
        # loop (64x128 tiles, column-group bits) with its epilogue varied: GROUP_CONTROLS (NOTES.md 67)
"""

from __future__ import annotations

import argparse

import triton
import triton.language as tl

from int8tc.sieve._kernels.filters import _groups  # the kernels' column groups (in-thread maxima)

CONTROLS = ("mma", "max", "absmax", "rowtest", "branch", "skew")


@triton.jit
def _roof_kernel(x_desc, y_desc, hy_ptr, out_ptr, n_tiles, goal,
                 BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, KP: tl.constexpr, TILES: tl.constexpr,
                 NUM_STAGES: tl.constexpr, MODE: tl.constexpr, WS: tl.constexpr = False):
    ti = tl.program_id(0)
    tj0 = tl.program_id(1) * TILES
    panel = x_desc.load([ti * BLOCK_M, 0])
    hxg = tl.zeros((BLOCK_M,), dtype=tl.int32) + goal
    run = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    cnt = tl.zeros((1,), dtype=tl.int32)
    if MODE == 5:  # skew: product of tile t + 1 issued before the test of tile t
        nxt = tl.dot(panel, y_desc.load([tj0 * BLOCK_N, 0]).T, out_dtype=tl.int32)
        for t in tl.range(0, TILES, num_stages=NUM_STAGES):
            acc = nxt
            nxt = tl.dot(panel, y_desc.load([(tj0 + tl.minimum(t + 1, TILES - 1)) * BLOCK_N, 0]).T, out_dtype=tl.int32)
            hy = tl.load(hy_ptr + (tj0 + t) * BLOCK_N + tl.arange(0, BLOCK_N))
            reach = tl.max(tl.abs(acc) - hy[None, :], axis=1) >= hxg
            cnt += tl.max(reach.to(tl.int32), axis=0)
    else:
        for t in tl.range(0, TILES, num_stages=NUM_STAGES, warp_specialize=WS):
            tile = y_desc.load([(tj0 + t) * BLOCK_N, 0])
            if MODE == 0:
                run = tl.dot(panel, tile.T, run, out_dtype=tl.int32)
            else:
                acc = tl.dot(panel, tile.T, out_dtype=tl.int32)
                if MODE == 1:
                    run = tl.maximum(run, acc)
                elif MODE == 2:
                    run = tl.maximum(run, tl.abs(acc))
                else:
                    hy = tl.load(hy_ptr + (tj0 + t) * BLOCK_N + tl.arange(0, BLOCK_N))
                    reach = tl.max(tl.abs(acc) - hy[None, :], axis=1) >= hxg
                    some = tl.max(reach.to(tl.int32), axis=0)
                    if MODE == 3:
                        cnt += some
                    elif some > 0:
                        tl.atomic_add(out_ptr + tl.num_programs(0) * tl.num_programs(1), 1)
    pid = ti * tl.num_programs(1) + tl.program_id(1)
    tl.store(out_ptr + pid + tl.arange(0, 1), tl.sum(tl.sum(run, axis=1), axis=0) + cnt)


GROUP_CONTROLS = ("g_mma", "g_abs", "g_h_tma", "g_h_load", "g_h_once")


@triton.jit
def _group_roof_kernel(x_desc, y_desc, hy_desc, hy_ptr, out_ptr, goal, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       KP: tl.constexpr, TILES: tl.constexpr, NUM_STAGES: tl.constexpr, GROUPS: tl.constexpr,
                       MODE: tl.constexpr):
    # the default pair search's hot loop (tile_masks, fifteenth session) over a full X Y^T in chunks of 32
    # column tiles, per-row column-group bits kept; MODE 0 products only (the dot's max kept), 1 bucketing's
    # group test (|dot| against the row limit), 2 the pair search's (|dot| - h_j; h by TMA as the kernel does),
    # 3 the same with h by a plain load, 4 with one h tile for the whole program (the per-tile delivery cut)
    ti = tl.program_id(0)
    tj0 = tl.program_id(1) * TILES
    panel = x_desc.load([ti * BLOCK_M, 0])
    lim = tl.zeros((BLOCK_M,), dtype=tl.int32) + goal
    h_once = hy_desc.load([tj0 * BLOCK_N])
    total = tl.zeros((BLOCK_M, GROUPS), dtype=tl.int32)
    for c0 in range(0, TILES, 32):
        qbits = tl.zeros((BLOCK_M, GROUPS), dtype=tl.int32)
        for t in tl.range(0, 32, num_stages=NUM_STAGES):
            tj = tj0 + c0 + t
            acc = tl.dot(panel, y_desc.load([tj * BLOCK_N, 0]).T, out_dtype=tl.int32)
            if MODE == 0:
                r = _groups(acc, BLOCK_M, BLOCK_N, GROUPS) & 1
            elif MODE == 1:
                r = (_groups(tl.abs(acc), BLOCK_M, BLOCK_N, GROUPS) >= lim[:, None]).to(tl.int32)
            else:
                if MODE == 3:
                    hy = tl.load(hy_ptr + tj * BLOCK_N + tl.arange(0, BLOCK_N))
                elif MODE == 4:
                    hy = h_once
                else:
                    hy = hy_desc.load([tj * BLOCK_N])
                r = (_groups(tl.abs(acc) - hy[None, :], BLOCK_M, BLOCK_N, GROUPS) >= lim[:, None]).to(tl.int32)
            qbits = qbits | (r << t)
        total += qbits
    pid = ti * tl.num_programs(1) + tl.program_id(1)
    tl.store(out_ptr + pid + tl.arange(0, 1), tl.sum(tl.sum(total, axis=1), axis=0))


def group_controls(x, hy, args, env):
    """The default pair search's hot loop with its epilogue varied (GROUP_CONTROLS), 64x128, 4 warps,
    168 registers, 3 stages, 16 groups, 64 column tiles per program."""
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor

    from int8tc.bench.common import time_cuda

    m, k = x.shape
    rows = []
    for bm, bn, warps, nreg, per in [(64, 128, 4, 168, 64), (64, 128, 4, 168, 32)]:
        grid = (m // bm, m // (bn * per))
        xd = TensorDescriptor(x, [m, k], [k, 1], [bm, k])
        yd = TensorDescriptor(x, [m, k], [k, 1], [bn, k])
        hd = TensorDescriptor(hy, [m], [1], [bn])
        out = torch.zeros(grid[0] * grid[1], dtype=torch.int32, device="cuda")
        for mode, name in enumerate(GROUP_CONTROLS):
            def fn():
                _group_roof_kernel[grid](xd, yd, hd, hy, out, 1 << 30, BLOCK_M=bm, BLOCK_N=bn, KP=k, TILES=per,
                                         NUM_STAGES=3, GROUPS=16, MODE=mode, num_warps=warps, maxnreg=nreg)
            ms = time_cuda(fn, args.iters, warmup=2)
            tops = 2 * k * m * m / ms / 1e9
            tile = f"{bm}x{bn}x{k} w{warps} maxnreg{nreg} t{per} g16"
            rows.append({"tile": tile, "control": name, "time_ms": f"{ms:.3f}", "tops": f"{tops:.0f}"})
            print(f"{tile}: {name:14s} {ms:7.3f} ms {tops:6.0f} TOPS", flush=True)
    return rows


def main():
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor

    from int8tc.bench.common import environment, time_cuda, write_csv

    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, default=65536)
    p.add_argument("--iters", type=int, default=5)
    p.add_argument("--out")
    p.add_argument("--groups", action="store_true", help="only the column-group controls of the default pair search")
    args = p.parse_args()
    k, m = 128, args.m
    g = torch.Generator(device="cuda").manual_seed(0)
    x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
    hy = torch.randint(0, 1 << 20, (m,), dtype=torch.int32, device="cuda", generator=g)
    # (block_m, block_n, warps, maxnreg, warp_specialize): Triton 3.6 warp-specialises the loop for
    # sm_90 only at 4 warps and 64-row tiles (a producer and two consumer warp groups, 12 warps)
    tiles = [(64, 64, 4, 128, False), (64, 64, 4, None, False), (64, 64, 4, None, True), (64, 128, 4, None, True),
             (64, 128, 4, None, False), (64, 128, 4, 168, False), (128, 64, 8, 128, False),
             (128, 128, 8, None, False), (128, 256, 8, None, False)]
    env = environment()
    if args.groups:
        rows = group_controls(x, hy, args, env)
        if args.out:
            write_csv(args.out, rows, ["tile", "control", "time_ms", "tops"], env)
        return
    rows = []
    for bm, bn, warps, nreg, ws in tiles:
        for mode, name in enumerate(CONTROLS):
            if ws and name == "skew":
                continue
            per = 16
            grid = (m // bm, m // (bn * per))
            xd = TensorDescriptor(x, [m, k], [k, 1], [bm, k])
            yd = TensorDescriptor(x, [m, k], [k, 1], [bn, k])
            out = torch.zeros(grid[0] * grid[1] + 1, dtype=torch.int32, device="cuda")
            opts = {"num_warps": warps}
            if nreg:
                opts["maxnreg"] = nreg

            def fn():
                _roof_kernel[grid](xd, yd, hy, out, m // bn, 1 << 30, BLOCK_M=bm, BLOCK_N=bn, KP=k, TILES=per,
                                   NUM_STAGES=2, MODE=mode, WS=ws, **opts)
            try:
                ms = time_cuda(fn, args.iters, warmup=2)
            except Exception as e:  # a tile the compiler rejects: said, the run goes on
                print(f"{bm}x{bn} w{warps} r{nreg} ws{ws:d} {name}: {type(e).__name__}: {str(e)[:160]}", flush=True)
                continue
            tops = 2 * k * m * m / ms / 1e9
            rows.append({"tile": f"{bm}x{bn}x{k} w{warps} maxnreg{nreg}{' ws' if ws else ''}", "control": name, "time_ms": f"{ms:.3f}",
                         "tops": f"{tops:.0f}"})
            print(f"{bm}x{bn} w{warps} maxnreg {nreg} ws {ws:d}: {name:8s} {ms:7.3f} ms {tops:6.0f} TOPS", flush=True)
    if args.out:
        write_csv(args.out, rows, ["tile", "control", "time_ms", "tops"], env)


if __name__ == "__main__":
    main()
