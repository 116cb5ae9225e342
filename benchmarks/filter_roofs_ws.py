"""Would a warp-specialised pair search beat Triton's? A Gluon control of the hot loop (CUDA sm_90, or
--static to build it for sm_90a without a GPU).

NOTES.md 55 and 67: the pair search's hot loop (Triton) never overlaps one tile's filter with the
next tile's tensor-core product; its control with the pair test (|dot| - h_j against h_i - goal)
ran 942 TOPS at 131072 vectors, K = 128, against 1504 for the products alone. This control does
the same work per tile with the Gluon kernel's structure (`ozaki/_kernels/gemm_ws.py`): a loader
warp streams the column tiles into a ring, and two consumer warp groups take alternate tiles, each
issuing its wgmma and then filtering its accumulator, so one group's filter can run while the
other's product occupies the tensor cores (ping-pong). Per tile and row: max_j(|<x_i, y_j>| - h_j)
>= goal counted per row (a row reduction across a quad of lanes; `filter_roofs.py`'s "rowtest" also
reduces over the tile, the default's loop keeps in-thread group maxima instead); one count per
program and consumer is written and checked against torch on three programs. Prints time and
INT8-equivalent TOPS = 2 K M^2 / s, and the same for Triton controls at the same tile in the same
run: products only, rowtest, and the default pair search's loop (`_group_roof_kernel`, g_h_load).

    PYTHONPATH=src python3 benchmarks/filter_roofs_ws.py --m 131072
    PYTHONPATH=src python3 benchmarks/filter_roofs_ws.py --static
"""

from __future__ import annotations

import argparse

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma, warpgroup_mma, warpgroup_mma_wait

BM, BN, K = 64, 128, 128


@gluon.jit
def _loader(x_desc, y_desc, h_ptr, out_ptr, goal, panel, bufs, ready, empty, panel_bar, ti, tj0,
            TILES: gl.constexpr, STAGES: gl.constexpr):
    BLOCK_M: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = y_desc.block_type.shape[0]
    mbarrier.expect(panel_bar, x_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(x_desc, [ti * BLOCK_M, 0], panel_bar, panel)
    for t in range(TILES):
        s = t % STAGES
        mbarrier.wait(empty.index(s), ((t // STAGES) & 1) ^ 1)
        mbarrier.expect(ready.index(s), y_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(y_desc, [(tj0 + t) * BLOCK_N, 0], ready.index(s), bufs.index(s))


@gluon.jit
def _consume(role: gl.constexpr, y_desc, h_ptr, out_ptr, goal, panel, bufs, ready, empty, panel_bar, tj0,
             TILES: gl.constexpr, STAGES: gl.constexpr):
    BLOCK_M: gl.constexpr = panel.type.shape[0]
    BLOCK_N: gl.constexpr = bufs.type.shape[1]
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1],
                                                     instr_shape=[16, BLOCK_N, 32])
    count = gl.zeros((BLOCK_M,), dtype=gl.int32, layout=gl.SliceLayout(1, layout))
    mbarrier.wait(panel_bar, 0)
    for t in range(role, TILES, 2):
        s = t % STAGES
        mbarrier.wait(ready.index(s), (t // STAGES) & 1)
        acc = gl.zeros((BLOCK_M, BLOCK_N), dtype=gl.int32, layout=layout)
        acc = warpgroup_mma(panel, bufs.index(s).permute((1, 0)), acc, is_async=True)
        acc = warpgroup_mma_wait(0, deps=(acc, ))
        mbarrier.arrive(empty.index(s))
        offs_n = (tj0 + t) * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, layout))
        hj = gl.load(h_ptr + offs_n)
        best = gl.max(gl.abs(acc) - hj[None, :], axis=1)
        count += (best >= goal).to(gl.int32)
    pid = gl.program_id(0) * gl.num_programs(1) + gl.program_id(1)
    gl.store(out_ptr + 2 * pid + role, gl.sum(count, axis=0))


@gluon.jit
def _consumer0(x_desc, y_desc, h_ptr, out_ptr, goal, panel, bufs, ready, empty, panel_bar, ti, tj0,
               TILES: gl.constexpr, STAGES: gl.constexpr):
    _consume(0, y_desc, h_ptr, out_ptr, goal, panel, bufs, ready, empty, panel_bar, tj0, TILES, STAGES)


@gluon.jit
def _consumer1(x_desc, y_desc, h_ptr, out_ptr, goal, panel, bufs, ready, empty, panel_bar, ti, tj0,
               TILES: gl.constexpr, STAGES: gl.constexpr):
    _consume(1, y_desc, h_ptr, out_ptr, goal, panel, bufs, ready, empty, panel_bar, tj0, TILES, STAGES)


@gluon.jit
def ws_filter_control_kernel(x_desc, y_desc, h_ptr, out_ptr, goal, TILES: gl.constexpr, STAGES: gl.constexpr,
                             num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = y_desc.block_type.shape[0]
    KP: gl.constexpr = x_desc.block_type.shape[1]
    panel = gl.allocate_shared_memory(gl.int8, [BLOCK_M, KP], x_desc.layout)
    bufs = gl.allocate_shared_memory(gl.int8, [STAGES, BLOCK_N, KP], y_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    panel_bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=1)
    mbarrier.init(panel_bar, count=1)
    ti = gl.program_id(0)
    tj0 = gl.program_id(1) * TILES
    args = (x_desc, y_desc, h_ptr, out_ptr, goal, panel, bufs, ready, empty, panel_bar, ti, tj0, TILES, STAGES)
    gl.warp_specialize([(_consumer0, args), (_loader, args), (_consumer1, args)], [1, 4], [24, 232])


def _layouts():
    return (gl.NVMMASharedLayout.get_default_for([BM, K], gl.int8), gl.NVMMASharedLayout.get_default_for([BN, K], gl.int8))


def static_build(tiles: int = 64, stages: int = 4):
    """Build for sm_90a without a GPU; (registers, stack bytes, shared bytes)."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource

    lx, ly = _layouts()
    sig = {"x_desc": f"tensordesc<i8[{BM}, {K}],{lx!r}>", "y_desc": f"tensordesc<i8[{BN}, {K}],{ly!r}>",
           "h_ptr": "*i32", "out_ptr": "*i32", "goal": "i32", "TILES": "constexpr", "STAGES": "constexpr",
           "num_warps": "constexpr"}
    src = GluonASTSource(fn=ws_filter_control_kernel, signature=sig,
                         constexprs={"TILES": tiles, "STAGES": stages, "num_warps": 4})
    k = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4, "maxnreg": 168})
    return k


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, default=131072)
    p.add_argument("--tiles", type=int, default=64, help="column tiles per program")
    p.add_argument("--stages", type=int, default=4)
    p.add_argument("--iters", type=int, default=5)
    p.add_argument("--static", action="store_true", help="only build for sm_90a (no GPU) and print resources")
    args = p.parse_args()
    if args.static:
        import sys
        sys.path.insert(0, __file__.rsplit("/", 1)[0])
        from static_kernels import resources

        k = static_build(args.tiles, args.stages)
        print({**resources(k), "shared_bytes": k.metadata.shared})
        return
    import torch
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as GluonDescriptor
    from triton.tools.tensor_descriptor import TensorDescriptor

    from filter_roofs import _group_roof_kernel, _roof_kernel  # the Triton controls, same directory
    from int8tc.bench.common import time_cuda

    m, per = args.m, args.tiles
    g = torch.Generator(device="cuda").manual_seed(0)
    x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
    hy = torch.randint(0, 1 << 20, (m,), dtype=torch.int32, device="cuda", generator=g)
    goal = 60000  # some rows reach it: the count is checked, not just the time
    lx, ly = _layouts()
    xd = GluonDescriptor(x, [m, K], [K, 1], [BM, K], lx)
    yd = GluonDescriptor(x, [m, K], [K, 1], [BN, K], ly)
    grid = (m // BM, m // (BN * per))
    out = torch.zeros(2 * grid[0] * grid[1], dtype=torch.int32, device="cuda")

    def ws():
        ws_filter_control_kernel[grid](xd, yd, hy, out, goal, TILES=per, STAGES=args.stages, num_warps=4, maxnreg=168)
    ws()
    # the count on a few programs, by torch: rows of panel ti whose max over the program's columns reaches goal
    ok = True
    for ti, tj in [(0, 0), (grid[0] - 1, grid[1] - 1), (grid[0] // 2, grid[1] // 3)]:
        rows = x[ti * BM:(ti + 1) * BM].double()  # |dot| <= 2^19: exact in FP64 (CUDA has no int matmul)
        expect = 0
        for t in range(per):
            cols = slice((tj * per + t) * BN, (tj * per + t + 1) * BN)
            dots = rows @ x[cols].double().T
            expect += int(((dots.abs() - hy[cols].double()[None, :]).max(dim=1).values >= goal).sum())
        pid = ti * grid[1] + tj
        got = int(out[2 * pid] + out[2 * pid + 1])
        ok &= got == expect
        print(f"program ({ti}, {tj}): count {got}, torch {expect}")
    ms = time_cuda(ws, args.iters, warmup=2)
    print(f"gluon ws ping-pong {BM}x{BN} t{per} s{args.stages}: {ms:.3f} ms {2 * K * m * m / ms / 1e9:.0f} TOPS"
          f" (counts {'match' if ok else 'DIFFER'})")
    txd = TensorDescriptor(x, [m, K], [K, 1], [BM, K])
    tyd = TensorDescriptor(x, [m, K], [K, 1], [BN, K])
    tout = torch.zeros(grid[0] * grid[1] + 1, dtype=torch.int32, device="cuda")
    for mode, name in ((0, "mma"), (3, "rowtest")):
        def tri():
            _roof_kernel[grid](txd, tyd, hy, tout, m // BN, goal, BLOCK_M=BM, BLOCK_N=BN, KP=K, TILES=per,
                               NUM_STAGES=2, MODE=mode, num_warps=4, maxnreg=168)
        ms = time_cuda(tri, args.iters, warmup=2)
        print(f"triton control {name} {BM}x{BN} t{per}: {ms:.3f} ms {2 * K * m * m / ms / 1e9:.0f} TOPS")
    # the default pair search's own hot loop (16 column groups, bits per 32 tiles, h_j by a plain load)
    hd = TensorDescriptor(hy, [m], [1], [BN])

    def group():
        _group_roof_kernel[grid](txd, tyd, hd, hy, tout, goal, BLOCK_M=BM, BLOCK_N=BN, KP=K, TILES=per,
                                 NUM_STAGES=3, GROUPS=16, MODE=3, num_warps=4, maxnreg=168)
    ms = time_cuda(group, args.iters, warmup=2)
    print(f"triton control g_h_load (the default's loop) {BM}x{BN} t{per}: {ms:.3f} ms "
          f"{2 * K * m * m / ms / 1e9:.0f} TOPS")


if __name__ == "__main__":
    main()
