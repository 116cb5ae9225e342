"""Would a warp-specialised pair-search loop whose consumers share each streamed tile beat Triton's?

A Gluon control of the pair search's hot loop (CUDA sm_90, or --static to build it for sm_90a without a
GPU). NOTES.md 82: at 16384 vectors the library's loop (3 blocks per SM, each streaming its own column tiles
through a TMA ring) is latency-bound, ~24% of its stall samples on the per-tile TMA issue (mbarrier, fences,
block barriers) and 17% on the product's wait; at 16384 the programs also stream ~5 TB/s of tiles from L2.
NOTES.md 70's ping-pong control (one loader warp, two consumer warp groups taking alternate tiles of one
panel, a row reduction across lanes) ran 737 TOPS against Triton's 974. This control changes two things:

- the consumers do not split the tiles: consumer c owns its own 64-row panel (rows NC * 64 * i + 64 c ..)
  and every consumer multiplies every streamed column tile, so one TMA load (issued by the loader warp)
  feeds NC products, and the consumer loop has no TMA issue and no block barrier, only the ring's
  mbarrier wait and arrive;
- the test is the library's exact group test (16 groups of 8 columns, in-thread linear max chains of
  |dot| - h_j against the row's limit, one bit per (row, group) and tile, popcounted every 32 tiles), not a
  row reduction.

One block per SM (NC consumer warp groups + 1 loader warp, registers rebalanced by setmaxnreg) against the
library's 3 blocks of 4 warps. Each block walks TILES column tiles against its NC panels of a full X X^T
(the control's grid: the same work as ``filter_roofs``' g_h_load, timed in the same process on the same
data). Each block writes its (row, group, tile) bit count, checked against torch on three blocks. Prints
time and INT8-equivalent TOPS = 2 K M^2 / s per variant.

    PYTHONPATH=src python3 benchmarks/gram_ws_probe.py [--m 16384,65536] [--out FILE.csv]
    PYTHONPATH=src python3 benchmarks/gram_ws_probe.py --static
"""

from __future__ import annotations

import argparse
import os
import sys

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma, warpgroup_mma, warpgroup_mma_wait

BM, BN, K, GROUPS = 64, 128, 128, 16
_G = gl.constexpr(GROUPS)
#: the ring depth (a module constant: worker partitions get their arguments as runtime values)
_STAGES = gl.constexpr(4)


@gluon.jit
def _chain_max8(t, BLOCK_M: gl.constexpr, G: gl.constexpr):
    # per row, the max over each group of 8 columns (``filters._groups``' groups: group 4 h + q holds the
    # columns 8 j + 2 q + b of part h), as one linear chain (ptxas fuses it into 3-input maxima)
    v = t.reshape([BLOCK_M, G // 4, 4, 4, 2]).permute(0, 1, 3, 2, 4)  # (m, h, q, j, b)
    v = v.reshape([BLOCK_M, G // 4, 4, 2, 2, 2])
    lo, hi = v.split()
    a, b = lo.split()
    c, d = hi.split()
    e0, e1 = a.split()
    e2, e3 = b.split()
    e4, e5 = c.split()
    e6, e7 = d.split()
    mx = gl.maximum(gl.maximum(gl.maximum(gl.maximum(gl.maximum(gl.maximum(gl.maximum(e0, e1), e2), e3), e4), e5),
                               e6), e7)
    return mx.reshape([BLOCK_M, G])


@gluon.jit
def _popc(x):
    u = x.to(gl.uint32, bitcast=True)
    u = u - ((u >> 1) & 0x55555555)
    u = (u & 0x33333333) + ((u >> 2) & 0x33333333)
    u = (u + (u >> 4)) & 0x0F0F0F0F
    return ((u * 0x01010101) >> 24).to(gl.int32, bitcast=True)


@gluon.jit
def _loader(x_desc, y_desc, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC: gl.constexpr):
    STAGES: gl.constexpr = _STAGES
    BLOCK_M: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = y_desc.block_type.shape[0]
    mbarrier.expect(panel_bar, NC * x_desc.block_type.nbytes)
    for c in gl.static_range(NC):
        tma.async_copy_global_to_shared(x_desc, [row0 + c * BLOCK_M, 0], panel_bar, panels.index(c))
    for t in range(TILES):
        s = t % STAGES
        mbarrier.wait(empty.index(s), ((t // STAGES) & 1) ^ 1)
        mbarrier.expect(ready.index(s), y_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(y_desc, [(tj0 + t) * BLOCK_N, 0], ready.index(s), bufs.index(s))


@gluon.jit
def _consume(c: gl.constexpr, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC):
    STAGES: gl.constexpr = _STAGES
    G: gl.constexpr = _G
    BLOCK_M: gl.constexpr = panels.type.shape[1]
    BLOCK_N: gl.constexpr = bufs.type.shape[1]
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1],
                                                     instr_shape=[16, BLOCK_N, 32])
    like = gl.zeros((BLOCK_M, BLOCK_N), dtype=gl.int32, layout=layout)
    glayout: gl.constexpr = _chain_max8(like, BLOCK_M, G).type.layout
    rows = row0 + c * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, glayout))
    lim = gl.load(lim_ptr + rows)
    qbits = gl.zeros((BLOCK_M, G), dtype=gl.int32, layout=glayout)
    count = gl.sum(gl.sum(qbits, axis=1), axis=0)
    panel = panels.index(c)
    mbarrier.wait(panel_bar, 0)
    for t in range(TILES):
        s = t % STAGES
        cols = (tj0 + t) * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, layout))
        hj = gl.load(h_ptr + cols)
        mbarrier.wait(ready.index(s), (t // STAGES) & 1)
        acc = warpgroup_mma(panel, bufs.index(s).permute((1, 0)), like, use_acc=False, is_async=True)
        acc = warpgroup_mma_wait(0, deps=(acc, ))
        mbarrier.arrive(empty.index(s))
        r = (_chain_max8(gl.abs(acc) - hj[None, :], BLOCK_M, G) >= lim[:, None]).to(gl.int32)
        qbits = qbits | (r << (t % 32))
        if t % 32 == 31:
            count += gl.sum(gl.sum(_popc(qbits), axis=1), axis=0)
            qbits = qbits * 0
    count += gl.sum(gl.sum(_popc(qbits), axis=1), axis=0)
    pid = gl.program_id(0) * gl.num_programs(1) + gl.program_id(1)
    gl.store(out_ptr + NC * pid + c, count)


@gluon.jit
def _consumer0(x_desc, y_desc, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES,
               NC):
    _consume(0, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC)


@gluon.jit
def _consumer1(x_desc, y_desc, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES,
               NC):
    _consume(1, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC)


@gluon.jit
def _consumer2(x_desc, y_desc, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES,
               NC):
    _consume(2, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC)


@gluon.jit
def _loader2(x_desc, y_desc, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC):
    _loader(x_desc, y_desc, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, 2)


@gluon.jit
def _loader3(x_desc, y_desc, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC):
    _loader(x_desc, y_desc, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, 3)


@gluon.jit
def gram_ws_probe_kernel(x_desc, y_desc, h_ptr, lim_ptr, out_ptr, TILES: gl.constexpr, NC: gl.constexpr,
                         CREGS: gl.constexpr, num_warps: gl.constexpr):
    STAGES: gl.constexpr = _STAGES
    BLOCK_M: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = y_desc.block_type.shape[0]
    KP: gl.constexpr = x_desc.block_type.shape[1]
    panels = gl.allocate_shared_memory(gl.int8, [NC, BLOCK_M, KP], x_desc.layout)
    bufs = gl.allocate_shared_memory(gl.int8, [STAGES, BLOCK_N, KP], y_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    panel_bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=NC)
    mbarrier.init(panel_bar, count=1)
    row0 = gl.program_id(0) * (NC * BLOCK_M)
    tj0 = gl.program_id(1) * TILES
    args = (x_desc, y_desc, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC)
    if NC == 3:
        gl.warp_specialize([(_consumer0, args), (_consumer1, args), (_consumer2, args), (_loader3, args)],
                           [4, 4, 1], [CREGS, CREGS, 24])
    else:
        gl.warp_specialize([(_consumer0, args), (_consumer1, args), (_loader2, args)], [4, 1], [CREGS, 24])


#: (consumers, consumer registers, launch maxnreg): one block per SM
VARIANTS = [(3, 160, 128), (2, 240, 168)]


def _layouts():
    return (gl.NVMMASharedLayout.get_default_for([BM, K], gl.int8), gl.NVMMASharedLayout.get_default_for([BN, K], gl.int8))


def static_build(nc: int, cregs: int, maxnreg: int, tiles: int = 64):
    """Build for sm_90a without a GPU."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource

    lx, ly = _layouts()
    sig = {"x_desc": f"tensordesc<i8[{BM}, {K}],{lx!r}>", "y_desc": f"tensordesc<i8[{BN}, {K}],{ly!r}>",
           "h_ptr": "*i32", "lim_ptr": "*i32", "out_ptr": "*i32", "TILES": "constexpr", "NC": "constexpr", "CREGS": "constexpr", "num_warps": "constexpr"}
    src = GluonASTSource(fn=gram_ws_probe_kernel, signature=sig,
                         constexprs={"TILES": tiles, "NC": nc, "CREGS": cregs, "num_warps": 4})
    return triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4, "maxnreg": maxnreg})


def _torch_count(x, h, lim, row0, nrows, tj0, tiles):
    """(row, group, tile) bits of rows row0 .. row0 + nrows - 1 against column tiles tj0 .. tj0 + tiles - 1."""
    import torch
    rows = x[row0:row0 + nrows].double()  # |dot| <= 2^19: exact in FP64
    total = 0
    col = torch.arange(BN, device=x.device)
    group = 4 * (col // 32) + (col // 2) % 4  # filters._groups' groups for 16 groups of 8
    for t in range(tiles):
        cs = slice((tj0 + t) * BN, (tj0 + t + 1) * BN)
        v = (rows @ x[cs].double().T).abs() - h[cs].double()[None, :]
        hit = v >= lim[row0:row0 + nrows].double()[:, None]
        g = torch.zeros((nrows, GROUPS), dtype=torch.bool, device=x.device)
        for q in range(GROUPS):
            g[:, q] = hit[:, group == q].any(dim=1)
        total += int(g.sum())
    return total


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", default="16384,65536")
    p.add_argument("--tiles", type=int, default=64, help="column tiles per block")
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--static", action="store_true")
    p.add_argument("--out")
    args = p.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    if args.static:
        from static_kernels import resources
        for nc, cr, mr in VARIANTS:
            k = static_build(nc, cr, mr, args.tiles)
            print(nc, cr, mr, {**resources(k), "shared_bytes": k.metadata.shared})
        return
    import torch
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as GluonDescriptor
    from triton.tools.tensor_descriptor import TensorDescriptor

    from filter_roofs import _group_roof_kernel  # the library loop's control, same directory
    from int8tc.bench.common import environment, time_cuda, write_csv

    rows_out = []
    for m in [int(v) for v in args.m.split(",")]:
        per = args.tiles
        g = torch.Generator(device="cuda").manual_seed(0)
        x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
        h = torch.randint(0, 1 << 20, (m,), dtype=torch.int32, device="cuda", generator=g)
        lim_check = torch.full((m,), 60000, dtype=torch.int32, device="cuda")  # some bits set: the check counts
        lim_none = torch.full((m,), 1 << 30, dtype=torch.int32, device="cuda")  # nothing hits (the timing)
        lx, ly = _layouts()
        xd = GluonDescriptor(x, [m, K], [K, 1], [BM, K], lx)
        yd = GluonDescriptor(x, [m, K], [K, 1], [BN, K], ly)
        # the library loop's control (3 blocks of 4 warps per SM, 168 registers, 3 stages)
        txd = TensorDescriptor(x, [m, K], [K, 1], [BM, K])
        tyd = TensorDescriptor(x, [m, K], [K, 1], [BN, K])
        hd = TensorDescriptor(h, [m], [1], [BN])
        grid_t = (m // BM, m // (BN * per))
        tout = torch.zeros(grid_t[0] * grid_t[1], dtype=torch.int32, device="cuda")

        def control():
            _group_roof_kernel[grid_t](txd, tyd, hd, h, tout, 1 << 30, BLOCK_M=BM, BLOCK_N=BN, KP=K, TILES=per,
                                       NUM_STAGES=3, GROUPS=GROUPS, MODE=3, num_warps=4, maxnreg=168)
        timings = [("triton control g_h_load (library loop), 3 blocks/SM", control, "")]
        for nc, cr, mr in VARIANTS:
            grid = (m // (BM * nc), m // (BN * per))
            out = torch.full((nc * grid[0] * grid[1],), -1, dtype=torch.int32, device="cuda")

            def run(lim, nc=nc, cr=cr, mr=mr, grid=grid, out=out):
                gram_ws_probe_kernel[grid](xd, yd, h, lim, out, TILES=per, NC=nc, CREGS=cr, num_warps=4, maxnreg=mr)
            name = f"gluon ws nc{nc} s{_STAGES.value} r{cr}"
            try:
                run(lim_check)
                torch.cuda.synchronize()
            except Exception as e:  # a variant the compiler or the launch rejects: said, the run goes on
                print(f"{name}: {type(e).__name__}: {str(e)[:400]}", flush=True)
                continue
            check = "ok"
            for bi, bj in [(0, 0), (grid[0] - 1, grid[1] - 1), (grid[0] // 2, grid[1] // 3)]:
                pid = bi * grid[1] + bj
                got = int(out[nc * pid:nc * pid + nc].sum())
                want = _torch_count(x, h, lim_check, bi * nc * BM, nc * BM, bj * per, per)
                if got != want:
                    check = f"DIFFER block ({bi},{bj}): {got} != {want}"
                    break
            timings.append((name, lambda run=run: run(lim_none), check))
        for name, fn, check in timings:
            ms = time_cuda(fn, args.iters, warmup=3)
            tops = 2 * K * m * m / ms / 1e9
            rows_out.append({"m": m, "variant": name, "time_ms": f"{ms:.4f}", "tops": f"{tops:.0f}", "check": check})
            print(f"m {m}: {name:52s} {ms:8.4f} ms {tops:6.0f} TOPS {check}", flush=True)
    if args.out:
        write_csv(args.out, rows_out, ["m", "variant", "time_ms", "tops", "check"], environment())


if __name__ == "__main__":
    main()
