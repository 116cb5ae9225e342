"""Would a persistent bucketing loop that overlaps each tile's filter with the next tile's product beat Triton's?

A Gluon control of bucketing's hot loop (CUDA sm_90, or --static to build it for sm_90a without a GPU).
NOTES.md 55 found that inside a Triton block nothing overlaps: every tile's wgmma is waited for right
after it is issued (Triton 3.6 makes a wgmma "properly async" only when its result feeds the next
product), and NOTES.md 73 that with 1024 centres each 64-row panel pays ~480 instructions of panel
load, pipeline fill and flush over only 8 tiles. This control keeps the filters' tile (64 x 128,
one warp group, K = 128 in one block) and bucketing's group test (per row and column group,
max |dot| against the row's threshold, bits per tile), and changes the schedule:

- persistent: program p walks row panels p, p + P, ...; the centre tiles stream through one ring of
  STAGES TMA slots across panel boundaries, and the next-but-one panel is loaded while the current
  one is in use (two panel slots), so no panel starts with an empty pipeline;
- OVERLAP: the product of unit u is issued before the test of unit u - 1 (two accumulators, one
  wgmma group in flight during each test).

The "flush" here only counts the set (row, tile, group) bits per program (what the items of the real
kernel would be), checked against the item count of ``int8tc.sieve.bucket``'s default path on the same
data. Prints time and INT8-equivalent TOPS = 2 K M N / s next to the library's bucket op and its
hot kernel alone, same process, same data.

Outcome (twenty-fourth session, s113, NOTES.md 74): the overlap gains 4-8% over the same Gluon loop without
it, but the Gluon loop runs ~15% below Triton's hot kernel at 4096 and 16384 centres and only matches it at
1024; a full kernel on this schedule (items, late rows) was built, passed its GPU tests and measured slower
than the default in every case, and was removed (its code: commit 879f085).

    PYTHONPATH=src python3 benchmarks/bucket_ws_probe.py [--m 1048576] [--n 1024,16384] [--rates 1e-4,1e-6]
    PYTHONPATH=src python3 benchmarks/bucket_ws_probe.py --static
"""

from __future__ import annotations

import argparse

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma, warpgroup_mma, warpgroup_mma_wait

BM, BN, K = 64, 128, 128


@gluon.jit
def _group_bits(acc, lim, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr, GROUPS: gl.constexpr):
    # [BLOCK_M, GROUPS] 1 where the row's column group holds |dot| >= lim (the kernels' ``_groups``: group
    # g = 4 h + q holds columns 8 j + 2 q + b, j in the h-th of GROUPS / 4 parts; in-thread maxima)
    v = gl.abs(acc).reshape([BLOCK_M, GROUPS // 4, BLOCK_N // (2 * GROUPS), 4, 2])
    g = gl.max(gl.max(v, axis=4), axis=2).reshape([BLOCK_M, GROUPS])
    return (g >= lim[:, None]).to(gl.int32)


@gluon.jit
def _popc(x):
    # filters._popc in Gluon (a gluon.jit kernel cannot call a triton.jit function)
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return (x * 0x01010101) >> 24


@gluon.jit
def _load_lim(thr_ptr, M, panel, like, BLOCK_M: gl.constexpr, GROUPS: gl.constexpr):
    # the panel's row thresholds (padding rows: above every |dot|) in the row layout of ``_group_bits``' result
    # (``like``: a tile in the accumulator layout; the reshape only names that layout)
    BLOCK_N: gl.constexpr = like.shape[1]
    glayout: gl.constexpr = like.reshape([BLOCK_M, GROUPS // 4, BLOCK_N // (2 * GROUPS), 4, 2]).max(axis=4).max(
        axis=2).reshape([BLOCK_M, GROUPS]).type.layout
    rows = panel * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, glayout))
    return gl.where(rows < M, gl.load(thr_ptr + rows, mask=rows < M, other=0), 1 << 30)


@gluon.jit
def _issue(panels, bufs, ready, pready, acc, u, n_units, n_tiles, STAGES: gl.constexpr):
    # the product of unit u into acc's registers (asynchronous); past the end a dummy on a stale slot
    j = u // n_tiles
    if u < n_units:
        if u - j * n_tiles == 0:
            mbarrier.wait(pready.index(j % 2), (j // 2) & 1)
        mbarrier.wait(ready.index(u % STAGES), (u // STAGES) & 1)
    return warpgroup_mma(panels.index(j % 2), bufs.index(u % STAGES).permute((1, 0)), acc, use_acc=False,
                         is_async=True)


@gluon.jit
def _retire(x_desc, c_desc, panels, bufs, ready, pready, acc, u, n_units, n_tiles, my_panels, pid, bits, count, lim,
            lim_next, thr_ptr, M, NUM_PROGRAMS: gl.constexpr, STAGES: gl.constexpr, GROUPS: gl.constexpr):
    # unit u's product is done: its ring slot takes unit u + STAGES, after a panel's last unit its panel slot
    # takes the panel two ahead; then unit u's test, and the flush at a chunk's or panel's end
    if u < n_units:
        bits, count, lim, lim_next = _retire_unit(x_desc, c_desc, panels, bufs, ready, pready, acc, u, n_units,
                                                  n_tiles, my_panels, pid, bits, count, lim, lim_next, thr_ptr, M,
                                                  NUM_PROGRAMS, STAGES, GROUPS)
    return bits, count, lim, lim_next


@gluon.jit
def _retire_unit(x_desc, c_desc, panels, bufs, ready, pready, acc, u, n_units, n_tiles, my_panels, pid, bits, count,
                 lim, lim_next, thr_ptr, M, NUM_PROGRAMS: gl.constexpr, STAGES: gl.constexpr, GROUPS: gl.constexpr):
    BLOCK_M: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[0]
    v = u + STAGES
    if v < n_units:
        mbarrier.expect(ready.index(u % STAGES), c_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(c_desc, [(v % n_tiles) * BLOCK_N, 0], ready.index(u % STAGES),
                                        bufs.index(u % STAGES))
    j = u // n_tiles
    t = u - j * n_tiles
    if t == n_tiles - 1:
        if j + 2 < my_panels:
            mbarrier.expect(pready.index(j % 2), x_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(x_desc, [(pid + (j + 2) * NUM_PROGRAMS) * BLOCK_M, 0], pready.index(j % 2),
                                            panels.index(j % 2))
    if t == 0:  # the next panel's thresholds, a panel ahead
        lim_next = _load_lim(thr_ptr, M, pid + (j + 1) * NUM_PROGRAMS, acc, BLOCK_M, GROUPS)
    bits = bits | (_group_bits(acc, lim, BLOCK_M, BLOCK_N, GROUPS) << (t % 32))
    if (t % 32 == 31) or (t == n_tiles - 1):
        count += gl.sum(gl.sum(_popc(bits), axis=1), axis=0)
        bits = bits * 0
    if t == n_tiles - 1:
        lim = lim_next
    return bits, count, lim, lim_next


@gluon.jit
def bucket_ws_probe_kernel(x_desc, c_desc, thr_ptr, M, N, out_ptr, STAGES: gl.constexpr, NUM_PROGRAMS: gl.constexpr,
                           GROUPS: gl.constexpr, OVERLAP: gl.constexpr, num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = x_desc.block_type.shape[0]
    KP: gl.constexpr = x_desc.block_type.shape[1]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[0]
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1],
                                                     instr_shape=[16, BLOCK_N, 32])
    panels = gl.allocate_shared_memory(gl.int8, [2, BLOCK_M, KP], x_desc.layout)
    bufs = gl.allocate_shared_memory(gl.int8, [STAGES, BLOCK_N, KP], c_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    pready = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)
    for i in gl.static_range(2):
        mbarrier.init(pready.index(i), count=1)
    pid = gl.program_id(0)
    n_tiles = gl.cdiv(N, BLOCK_N)
    n_panels = gl.cdiv(M, BLOCK_M)
    my_panels = (n_panels - pid + NUM_PROGRAMS - 1) // NUM_PROGRAMS
    n_units = my_panels * n_tiles
    # prologue: the first two panels and the first STAGES centre tiles
    for i in gl.static_range(2):
        if i < my_panels:
            mbarrier.expect(pready.index(i), x_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(x_desc, [(pid + i * NUM_PROGRAMS) * BLOCK_M, 0], pready.index(i),
                                            panels.index(i))
    for i in gl.static_range(STAGES):
        if i < n_units:
            mbarrier.expect(ready.index(i), c_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(c_desc, [(i % n_tiles) * BLOCK_N, 0], ready.index(i), bufs.index(i))
    count = pid * 0
    acc_a = gl.zeros([BLOCK_M, BLOCK_N], dtype=gl.int32, layout=layout)
    acc_b = gl.full([BLOCK_M, BLOCK_N], 1, dtype=gl.int32, layout=layout)  # another register set (not CSE'd)
    lim = _load_lim(thr_ptr, M, pid, acc_a, BLOCK_M, GROUPS)
    lim_next = lim
    bits = _group_bits(acc_a, lim, BLOCK_M, BLOCK_N, GROUPS) * 0
    # units u = 0 .. n_units - 1 (panel u // n_tiles, centre tile u % n_tiles), four per iteration on two
    # accumulators in turn: with OVERLAP the product of unit u + 1 is in flight while unit u is tested. No
    # product is in flight across the loop's back edge and each accumulator's next product takes the registers
    # of the tile just tested (use_acc=False): otherwise ptxas serialises every wgmma (C7514). Units past the
    # end run a dummy product on a stale slot and are not tested. The four unit steps are written out on purpose:
    # the accumulators alternate and the issue / wait order differs per step (a helper looping over them would put a
    # product in flight across a loop edge again).
    for u in range(0, n_units, 4):
        tok_a = _issue(panels, bufs, ready, pready, acc_a, u, n_units, n_tiles, STAGES)
        if OVERLAP:
            tok_b = _issue(panels, bufs, ready, pready, acc_b, u + 1, n_units, n_tiles, STAGES)
            acc_a = warpgroup_mma_wait(1, deps=(tok_a, ))
        else:
            acc_a = warpgroup_mma_wait(0, deps=(tok_a, ))
        bits, count, lim, lim_next = _retire(x_desc, c_desc, panels, bufs, ready, pready, acc_a, u, n_units, n_tiles, my_panels,
                                   pid, bits, count, lim, lim_next, thr_ptr, M, NUM_PROGRAMS, STAGES, GROUPS)
        if OVERLAP:
            tok_a = _issue(panels, bufs, ready, pready, acc_a, u + 2, n_units, n_tiles, STAGES)
            acc_b = warpgroup_mma_wait(1, deps=(tok_b, ))
        else:
            tok_b = _issue(panels, bufs, ready, pready, acc_b, u + 1, n_units, n_tiles, STAGES)
            acc_b = warpgroup_mma_wait(0, deps=(tok_b, ))
        bits, count, lim, lim_next = _retire(x_desc, c_desc, panels, bufs, ready, pready, acc_b, u + 1, n_units, n_tiles,
                                   my_panels, pid, bits, count, lim, lim_next, thr_ptr, M, NUM_PROGRAMS, STAGES, GROUPS)
        if OVERLAP:
            tok_b = _issue(panels, bufs, ready, pready, acc_b, u + 3, n_units, n_tiles, STAGES)
            acc_a = warpgroup_mma_wait(1, deps=(tok_a, ))
        else:
            tok_a = _issue(panels, bufs, ready, pready, acc_a, u + 2, n_units, n_tiles, STAGES)
            acc_a = warpgroup_mma_wait(0, deps=(tok_a, ))
        bits, count, lim, lim_next = _retire(x_desc, c_desc, panels, bufs, ready, pready, acc_a, u + 2, n_units, n_tiles,
                                   my_panels, pid, bits, count, lim, lim_next, thr_ptr, M, NUM_PROGRAMS, STAGES, GROUPS)
        if not OVERLAP:
            tok_b = _issue(panels, bufs, ready, pready, acc_b, u + 3, n_units, n_tiles, STAGES)
        acc_b = warpgroup_mma_wait(0, deps=(tok_b, ))
        bits, count, lim, lim_next = _retire(x_desc, c_desc, panels, bufs, ready, pready, acc_b, u + 3, n_units, n_tiles,
                                   my_panels, pid, bits, count, lim, lim_next, thr_ptr, M, NUM_PROGRAMS, STAGES, GROUPS)
    gl.store(out_ptr + pid, count)
    for i in gl.static_range(STAGES):
        mbarrier.invalidate(ready.index(i))
    for i in gl.static_range(2):
        mbarrier.invalidate(pready.index(i))


def _layouts():
    return (gl.NVMMASharedLayout.get_default_for([BM, K], gl.int8), gl.NVMMASharedLayout.get_default_for([BN, K], gl.int8))


def static_build(stages: int = 4, overlap: bool = True, maxnreg: int = 232):
    """Build for sm_90a without a GPU."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource

    lx, ly = _layouts()
    sig = {"x_desc": f"tensordesc<i8[{BM}, {K}],{lx!r}>", "c_desc": f"tensordesc<i8[{BN}, {K}],{ly!r}>",
           "thr_ptr": "*i32", "M": "i32", "N": "i32", "out_ptr": "*i32", "STAGES": "constexpr",
           "NUM_PROGRAMS": "constexpr", "GROUPS": "constexpr", "OVERLAP": "constexpr", "num_warps": "constexpr"}
    src = GluonASTSource(fn=bucket_ws_probe_kernel, signature=sig,
                         constexprs={"STAGES": stages, "NUM_PROGRAMS": 264, "GROUPS": 8, "OVERLAP": overlap,
                                     "num_warps": 4})
    return triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4, "maxnreg": maxnreg})


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, default=1 << 20)
    p.add_argument("--n", default="1024,16384")
    p.add_argument("--rates", default="1e-4,1e-6")
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--static", action="store_true")
    p.add_argument("--out")
    args = p.parse_args()
    if args.static:
        import sys
        sys.path.insert(0, __file__.rsplit("/", 1)[0])
        from static_kernels import resources
        for stages, overlap, nreg in [(4, True, 232), (3, True, 168), (4, False, 168)]:
            k = static_build(stages, overlap, nreg)
            print(stages, overlap, nreg, {**resources(k), "shared_bytes": k.metadata.shared})
        return
    import torch
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as GluonDescriptor
    from triton.tools.tensor_descriptor import TensorDescriptor

    from int8tc.bench.common import environment, time_cuda, write_csv
    from int8tc.bench.filters import _quantile, _sample_values
    from int8tc.sieve import ops
    from int8tc.sieve._kernels.filters import bucket_tma_kernel

    sms = torch.cuda.get_device_properties(0).multi_processor_count
    m = args.m
    g = torch.Generator(device="cuda").manual_seed(1)
    x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
    rows = []
    for n in [int(v) for v in args.n.split(",")]:
        c = torch.randint(-64, 64, (n, K), dtype=torch.int8, device="cuda", generator=g)
        vals = _sample_values(x, None, c, None, True)
        for rate in [float(r) for r in args.rates.split(",")]:
            # bench-filters' thresholds: one for all rows, from a sample of the same data
            thr = torch.full((m,), _quantile(vals, 1 - rate), dtype=torch.int32, device="cuda")
            cfg = ops.DEFAULT_BUCKET_CONFIG
            cap = 16

            def lib():
                return ops.bucket(x, c, thr, cap)
            hits = lib()
            total_hits = int(hits.counts.sum())
            ms_lib = time_cuda(lib, args.iters, warmup=2)
            # the hot kernel alone, its items counted
            item_cap = ops._bucket_item_cap(m, cap)
            items = torch.empty((item_cap, 4), dtype=torch.int32, device="cuda")
            n_items = torch.zeros(1, dtype=torch.int64, device="cuda")
            ids = torch.empty((m, cap), dtype=torch.int32, device="cuda")
            signs = torch.empty((m, cap), dtype=torch.int8, device="cuda")
            counts = torch.zeros(m, dtype=torch.int32, device="cuda")
            xd = TensorDescriptor(x, [m, K], [K, 1], [BM, K])
            cd = TensorDescriptor(c, [n, K], [K, 1], [BN, K])

            def hot():
                n_items.zero_()
                bucket_tma_kernel[(triton_cdiv(m, BM),)](xd, cd, thr, m, n, ids, signs, counts, cap, KP=K, BLOCK_M=BM,
                                                         BLOCK_N=BN, BLOCK_K=K, NUM_STAGES=3, items_ptr=items,
                                                         item_count_ptr=n_items, item_cap=item_cap,
                                                         **cfg.launch_options(pair=False))
            hot()
            expect_items = int(n_items)
            ms_hot = time_cuda(hot, args.iters, warmup=2)
            line = dict(m=m, n=n, rate=rate, hits=total_hits, items=expect_items)
            rows.append({**line, "method": "bucket op (default)", "time_ms": ms_lib})
            rows.append({**line, "method": "bucket_tma_kernel alone", "time_ms": ms_hot})
            lx, ly = _layouts()
            gxd = GluonDescriptor(x, [m, K], [K, 1], [BM, K], lx)
            gcd = GluonDescriptor(c, [n, K], [K, 1], [BN, K], ly)
            for stages, overlap, per_sm, nreg in [(3, True, 3, 168), (3, False, 3, 168), (4, True, 2, 232),
                                                  (2, True, 3, 168)]:
                nprog = per_sm * sms
                out = torch.zeros(nprog, dtype=torch.int32, device="cuda")

                def probe():
                    bucket_ws_probe_kernel[(nprog,)](gxd, gcd, thr, m, n, out, STAGES=stages, NUM_PROGRAMS=nprog,
                                                     GROUPS=8, OVERLAP=overlap, num_warps=4, maxnreg=nreg)
                try:
                    probe()
                    got = int(out.sum())
                    ms = time_cuda(probe, args.iters, warmup=2)
                except Exception as e:  # a variant the compiler rejects: said, the run goes on
                    print(f"probe s{stages} overlap{overlap:d} {per_sm}/SM r{nreg}: {type(e).__name__}: {str(e)[:300]}")
                    continue
                name = f"gluon probe s{stages} overlap{overlap:d} {per_sm}/SM r{nreg}"
                rows.append({**line, "method": name, "time_ms": ms, "check": "ok" if got == expect_items else
                             f"DIFFER ({got})"})
            for r in rows[-6:]:
                tops = 2 * K * m * n / r["time_ms"] / 1e9
                print(f"{m} x {n} rate {rate:g} hits {total_hits} items {expect_items}: {r['method']:40s} "
                      f"{r['time_ms']:.3f} ms {tops:6.0f} TOPS {r.get('check', '')}", flush=True)
    if args.out:
        write_csv(args.out, [{**r, "time_ms": f"{r['time_ms']:.4f}"} for r in rows],
                  ["m", "n", "rate", "hits", "items", "method", "time_ms", "check"], environment())


def triton_cdiv(a, b):
    return -(-a // b)


if __name__ == "__main__":
    main()
