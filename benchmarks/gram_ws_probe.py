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
library's 3 blocks of 4 warps, in two forms:

- grid: each block walks TILES column tiles against its NC panels of a full X X^T (the control's grid: the
  same work as ``filter_roofs``' g_h_load, timed in the same process on the same data); h_j by plain loads.
  Each block's (row, group, tile) bit count is checked against torch on three blocks.
- triangle: the Gram search's own work (pairs i < j only, the masked test on the tiles that cross the
  diagonal), persistent, one block per SM over the library's balanced split of (band, tile) units, h_j by
  TMA with each tile; its bit count over the whole triangle is checked against torch, and with the real
  half norms and goal -1 (nothing hits) it is timed against the library's ``PairSearchPlan`` (whose search
  kernel also writes items; torch.profiler's per-kernel times are printed for both).

Prints time and INT8-equivalent TOPS (2 K M^2 / s on the grid, 2 K M (M - 1) / 2 / s on the triangle).
The probe counts bits and writes nothing else: no flush, items or late rows (the library's search kernel
pays ~2.4 us per 32-tile flush at 1e-4, NOTES.md 81).

    PYTHONPATH=src python3 benchmarks/gram_ws_probe.py [--m 16384,65536] [--out FILE.csv]
    PYTHONPATH=src python3 benchmarks/gram_ws_probe.py --static
"""

from __future__ import annotations

import argparse
import os
import sys

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (fence_async_shared, mbarrier, tma, warpgroup_mma,
                                                              warpgroup_mma_wait)

BM, BN, K, GROUPS = 64, 128, 128, 16
_G = gl.constexpr(GROUPS)
_BM = gl.constexpr(BM)
_BN = gl.constexpr(BN)


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
    # filters._popc (a gluon.jit function cannot call a triton.jit one)
    u = x.to(gl.uint32, bitcast=True)
    u = u - ((u >> 1) & 0x55555555)
    u = (u & 0x33333333) + ((u >> 2) & 0x33333333)
    u = (u + (u >> 4)) & 0x0F0F0F0F
    return ((u * 0x01010101) >> 24).to(gl.int32, bitcast=True)


@gluon.jit
def _flush_items(qbits, rows, col_base, col_end, items_ptr, item_count_ptr, item_cap):
    """``filters._write_items``' items from one consumer's bits (qbits [64, G]: bit t of (row, g) set when the row
    has a hit in group g of column tile col_base / 128 + t): each (row, g) reserves its items by a relaxed atomic
    and writes (row, col_base + 128 t, col_end, g) in rounds, if all of its row's fit below item_cap; a row that
    does not is late: its reserved slots below item_cap get empty items (col_end 0) and the caller recomputes its
    hits (``_late_rows``). Returns the rows' late flags ([64] int32, 1 = late)."""
    G: gl.constexpr = qbits.shape[1]
    pc = _popc(qbits)
    slot = gl.atomic_add(item_count_ptr + gl.zeros_like(pc), pc.to(gl.int64), mask=pc > 0, sem="relaxed")
    over = (pc > 0) & (slot + pc > item_cap)
    late = gl.max(over.to(gl.int32), axis=1)
    keep_any = (pc > 0) & (late == 0)[:, None]
    gid = gl.arange(0, G, layout=gl.SliceLayout(0, qbits.type.layout))[None, :] + gl.zeros_like(pc)
    row2 = rows[:, None] + gl.zeros_like(pc)
    b = qbits
    for r in range(0, gl.max(gl.max(gl.where(keep_any, pc, 0), axis=1), axis=0)):
        low = b & (-b)
        keep = keep_any & (pc > r)
        item = items_ptr + (slot + r) * 4
        gl.store(item, row2, mask=keep)
        gl.store(item + 1, col_base + _popc(low - 1) * _BN, mask=keep)
        gl.store(item + 2, col_end + gl.zeros_like(pc), mask=keep)
        gl.store(item + 3, gid, mask=keep)
        b = b ^ low
    if gl.max(late, axis=0) > 0:  # empty items in the late rows' slots below item_cap
        hole = gl.where((late > 0)[:, None], gl.minimum(gl.maximum(item_cap - slot, 0), pc.to(gl.int64)), 0)
        hole = hole.to(gl.int32)
        for r in range(0, gl.max(gl.max(hole, axis=1), axis=0)):
            item = items_ptr + (slot + r) * 4
            gl.store(item, row2, mask=hole > r)
            gl.store(item + 1, gl.zeros_like(pc), mask=hole > r)
            gl.store(item + 2, gl.zeros_like(pc), mask=hole > r)  # col_end 0: tests no column
            gl.store(item + 3, gl.zeros_like(pc), mask=hole > r)
    return late


@gluon.jit
def _bytes_dot(a, b):
    # sum of the four signed byte products of int32 words a and b (dp4a, on CUDA-core integer ops)
    d = ((a << 24) >> 24) * ((b << 24) >> 24)
    d += ((a << 16) >> 24) * ((b << 16) >> 24)
    d += ((a << 8) >> 24) * ((b << 8) >> 24)
    return d + (a >> 24) * (b >> 24)


@gluon.jit
def _late_rows(late, rows, lim, tc0, tc1, xw_ptr, h_ptr, M, rec_ptr, count_ptr, capacity):
    """The hits of the late rows (late [64] int32 over rows, row limits lim = h_i - goal) in column tiles tc0 .. tc1
    (K = 128: rows as 32 int32 words at xw_ptr), recomputed on CUDA cores (a rare path: the item buffer is full),
    each counted at count_ptr and written (i, j, sign, dot) below capacity, as ``filters._pair_rounds`` does."""
    L2: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])  # [128 columns, 32 words], 4 warps
    w = gl.arange(0, 32, layout=gl.SliceLayout(0, L2))
    idx = gl.arange(0, 64, layout=late.type.layout)
    for q in range(0, 64):
        if gl.sum(gl.where(idx == q, late, 0), axis=0) > 0:
            i = gl.sum(gl.where(idx == q, rows, 0), axis=0)
            li = gl.sum(gl.where(idx == q, lim, 0), axis=0)
            xw = gl.load(xw_ptr + i.to(gl.int64) * 32 + w)
            for t in range(tc0, tc1 + 1):
                cj = t * _BN + gl.arange(0, _BN, layout=gl.SliceLayout(1, L2))
                cm = cj < M
                yw = gl.load(xw_ptr + cj[:, None].to(gl.int64) * 32 + w[None, :], mask=cm[:, None], other=0)
                dot = gl.sum(_bytes_dot(xw[None, :], yw), axis=1)
                hj = gl.load(h_ptr + cj, mask=cm, other=0)
                hit = ((gl.abs(dot) - hj) >= li) & (cj > i) & cm
                if gl.max(hit.to(gl.int32), axis=0) > 0:  # each hit reserves its slot (a rare path: no batching)
                    pos = gl.atomic_add(count_ptr + gl.zeros_like(cj), gl.full_like(cj, 1).to(gl.int64), mask=hit,
                                        sem="relaxed")
                    keep = hit & (pos < capacity)
                    rec = rec_ptr + pos * 4
                    gl.store(rec, i + gl.zeros_like(cj), mask=keep)
                    gl.store(rec + 1, cj, mask=keep)
                    gl.store(rec + 2, gl.where(dot >= 0, 1, -1), mask=keep)
                    gl.store(rec + 3, dot, mask=keep)


@gluon.jit
def _loader(x_desc, y_desc, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC, c):
    STAGES: gl.constexpr = bufs.type.shape[0]  # (constexprs reach a worker partition as shapes, not arguments)
    BLOCK_M: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = y_desc.block_type.shape[0]
    for p in range(NC):  # (panel_bar counts NC arrivals: one expect per panel)
        mbarrier.expect(panel_bar, x_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(x_desc, [row0 + p * BLOCK_M, 0], panel_bar, panels.index(p))
    for t in range(TILES):
        s = t % STAGES
        mbarrier.wait(empty.index(s), ((t // STAGES) & 1) ^ 1)
        mbarrier.expect(ready.index(s), y_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(y_desc, [(tj0 + t) * BLOCK_N, 0], ready.index(s), bufs.index(s))


@gluon.jit
def _consume(x_desc, y_desc, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC, c):
    # consumer c (0 .. NC - 1: a runtime value, as every argument of a worker partition)
    STAGES: gl.constexpr = bufs.type.shape[0]
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
def gram_ws_probe_kernel(x_desc, y_desc, h_ptr, lim_ptr, out_ptr, TILES: gl.constexpr, NC: gl.constexpr,
                         CREGS: gl.constexpr, STAGES: gl.constexpr, num_warps: gl.constexpr):
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
    mbarrier.init(panel_bar, count=NC)
    row0 = gl.program_id(0) * (NC * BLOCK_M)
    tj0 = gl.program_id(1) * TILES
    args = (x_desc, y_desc, h_ptr, lim_ptr, out_ptr, panels, bufs, ready, empty, panel_bar, row0, tj0, TILES, NC)
    c0 = gl.program_id(0) * 0  # the consumers' indices as values (a worker partition's arguments are IR values)
    if NC == 3:
        gl.warp_specialize([(_consume, args + (c0, )), (_consume, args + (c0 + 1, )), (_consume, args + (c0 + 2, )),
                            (_loader, args + (c0, ))], [4, 4, 1], [CREGS, CREGS, 24])
    else:
        gl.warp_specialize([(_consume, args + (c0, )), (_consume, args + (c0 + 1, )), (_loader, args + (c0, ))],
                           [4, 1], [CREGS, 24])


# ---- the Gram triangle, persistent: one block per SM, bands of NC panels, column tiles shared -------------
#
# Band b holds rows b * NC * 64 .. (its consumer c the 64 rows from b * NC * 64 + 64 c) and meets the column
# tiles t0(b) = (b * NC * 64) // 128 .. n_ct - 1: every pair i < j once (i fixes band and consumer, j the
# tile). The units (band, tile) are numbered band by band; block p takes units [p U / P, (p + 1) U / P) (U in
# all, P blocks): the library's balanced split, with one block per SM instead of three. Per unit the loader
# warp loads the column tile (at a band's first unit also its NC panels, into one of two panel slots); each
# consumer multiplies its panel by it where the tile holds a column past its first row, tests it (the masked
# test where the tile crosses its rows' diagonal), and counts its (row, group, tile) bits every 32 tiles of a
# band, at a band's end and at its range's end.


@gluon.jit
def _band_of(u, n_ct, NCM):
    # (band b, units before it, its first tile) of unit u
    b = u * 0
    before = u * 0
    width = n_ct
    while before + width <= u:
        before += width
        b += 1
        width = n_ct - (b * NCM) // _BN
    return b, before, (b * NCM) // _BN


@gluon.jit
def _tri_loader(x_desc, y_desc, h_desc, lim_ptr, out_ptr, panels, bufs, hbufs, ready, empty, pready, pempty, M, n_ct,
                n_units, NC, rec_ptr, count_ptr, capacity, xw_ptr, h_ptr, late_ptr, c):
    STAGES: gl.constexpr = bufs.type.shape[0]
    NCM = NC * _BM
    P = gl.num_programs(0)
    u_lo = (gl.program_id(0) * n_units) // P
    u_hi = ((gl.program_id(0) + 1) * n_units) // P
    b, before, t0 = _band_of(u_lo, n_ct, NCM)
    k = u_lo * 0
    for u in range(u_lo, u_hi):
        t = t0 + (u - before)
        it = u - u_lo
        if (u == u_lo) | (t == t0):  # a band's first unit: its panels into slot k % 2
            mbarrier.wait(pempty.index(k % 2), ((k // 2) & 1) ^ 1)
            for p in range(NC):  # (pready counts NC arrivals: one expect per panel)
                mbarrier.expect(pready.index(k % 2), x_desc.block_type.nbytes)
                tma.async_copy_global_to_shared(x_desc, [b * NCM + p * _BM, 0], pready.index(k % 2),
                                                panels.index((k % 2) * NC + p))
        s = it % STAGES
        mbarrier.wait(empty.index(s), ((it // STAGES) & 1) ^ 1)
        fence_async_shared()  # the consumers' generic loads of the slot's h_j before the TMA writes it again
        mbarrier.expect(ready.index(s), y_desc.block_type.nbytes + h_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(y_desc, [t * _BN, 0], ready.index(s), bufs.index(s))
        tma.async_copy_global_to_shared(h_desc, [t * _BN], ready.index(s), hbufs.index(s))
        if t == n_ct - 1:
            before += n_ct - t0
            b += 1
            t0 = (b * NCM) // _BN
            k += 1


@gluon.jit
def _tri_consume(x_desc, y_desc, h_desc, lim_ptr, out_ptr, panels, bufs, hbufs, ready, empty, pready, pempty, M, n_ct,
                 n_units, NC, rec_ptr, count_ptr, capacity, xw_ptr, h_ptr, late_ptr, c):
    # consumer c (0 .. NC - 1: a runtime value, as every argument of a worker partition)
    STAGES: gl.constexpr = bufs.type.shape[0]
    G: gl.constexpr = _G
    BLOCK_M: gl.constexpr = _BM
    BLOCK_N: gl.constexpr = _BN
    NCM = NC * BLOCK_M
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1],
                                                     instr_shape=[16, BLOCK_N, 32])
    like = gl.zeros((BLOCK_M, BLOCK_N), dtype=gl.int32, layout=layout)
    glayout: gl.constexpr = _chain_max8(like, BLOCK_M, G).type.layout
    P = gl.num_programs(0)
    u_lo = (gl.program_id(0) * n_units) // P
    u_hi = ((gl.program_id(0) + 1) * n_units) // P
    b, before, t0 = _band_of(u_lo, n_ct, NCM)
    k = u_lo * 0
    r0 = b * NCM + c * BLOCK_M
    rows = r0 + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, glayout))
    lim = gl.where(rows < M, gl.load(lim_ptr + rows, mask=rows < M, other=0), 1 << 30)
    qbits = gl.zeros((BLOCK_M, G), dtype=gl.int32, layout=glayout)
    count = gl.sum(gl.sum(qbits, axis=1), axis=0)
    offs_n = gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, layout))
    tc0 = t0 + (u_lo - before)  # the current chunk's first tile in this block's range
    if u_lo < u_hi:
        mbarrier.wait(pready.index(0), 0)
    for u in range(u_lo, u_hi):
        t = t0 + (u - before)
        it = u - u_lo
        s = it % STAGES
        mbarrier.wait(ready.index(s), (it // STAGES) & 1)
        hj = hbufs.index(s).load(gl.SliceLayout(0, layout))  # the tile's h_j, loaded by TMA with the tile
        if t * BLOCK_N + BLOCK_N - 1 > r0:  # some column past the panel's first row
            acc = warpgroup_mma(panels.index((k % 2) * NC + c), bufs.index(s).permute((1, 0)), like, use_acc=False,
                                is_async=True)
            acc = warpgroup_mma_wait(0, deps=(acc, ))
            mbarrier.arrive(empty.index(s))
            v = gl.abs(acc) - hj[None, :]
            if (t * BLOCK_N < r0 + BLOCK_M) | (t * BLOCK_N + BLOCK_N > M):  # crosses the diagonal or ends past M
                ra = r0 + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, layout))
                cols = t * BLOCK_N + offs_n
                v = gl.where((ra[:, None] < cols[None, :]) & (cols < M)[None, :], v, -(1 << 30))
            r = (_chain_max8(v, BLOCK_M, G) >= lim[:, None]).to(gl.int32)
            qbits = qbits | (r << ((t - t0) % 32))
        else:
            mbarrier.arrive(empty.index(s))
        if ((t - t0) % 32 == 31) | (t == n_ct - 1) | (u == u_hi - 1):  # a chunk's end: its items
            count += gl.sum(gl.sum(_popc(qbits), axis=1), axis=0)
            # (items after the records: the library's buffer layout, ``ops._record_buffers`` with tile_masks)
            late = _flush_items(qbits, rows, (t0 + ((t - t0) // 32) * 32) * BLOCK_N, M, rec_ptr + capacity * 4,
                                count_ptr + 1, capacity)
            if gl.max(late, axis=0) > 0:
                gl.atomic_add(late_ptr + gl.zeros_like(late), late, mask=late > 0, sem="relaxed")
                _late_rows(late, rows, lim, tc0, t, xw_ptr, h_ptr, M, rec_ptr, count_ptr, capacity)
            qbits = qbits * 0
            tc0 = t + 1
        if t == n_ct - 1:  # the band's last unit: its panel slot is free; the next band's rows
            mbarrier.arrive(pempty.index(k % 2))
            before += n_ct - t0
            b += 1
            t0 = (b * NCM) // BLOCK_N
            tc0 = t0
            k += 1
            r0 = b * NCM + c * BLOCK_M
            rows = r0 + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, glayout))
            lim = gl.where(rows < M, gl.load(lim_ptr + rows, mask=rows < M, other=0), 1 << 30)
            if u + 1 < u_hi:
                mbarrier.wait(pready.index(k % 2), (k // 2) & 1)
    gl.store(out_ptr + NC * gl.program_id(0) + c, count)


@gluon.jit
def gram_tri_ws_probe_kernel(x_desc, y_desc, h_desc, lim_ptr, out_ptr, M, n_ct, n_units, rec_ptr, count_ptr, capacity,
                             xw_ptr, h_ptr, late_ptr, NC: gl.constexpr, CREGS: gl.constexpr, STAGES: gl.constexpr,
                             num_warps: gl.constexpr):
    KP: gl.constexpr = x_desc.block_type.shape[1]
    panels = gl.allocate_shared_memory(gl.int8, [2 * NC, _BM, KP], x_desc.layout)
    bufs = gl.allocate_shared_memory(gl.int8, [STAGES, _BN, KP], y_desc.layout)
    hbufs = gl.allocate_shared_memory(gl.int32, [STAGES, _BN], h_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    pready = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    pempty = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=NC)
    for i in gl.static_range(2):
        mbarrier.init(pready.index(i), count=NC)
        mbarrier.init(pempty.index(i), count=NC)
    args = (x_desc, y_desc, h_desc, lim_ptr, out_ptr, panels, bufs, hbufs, ready, empty, pready, pempty, M, n_ct,
            n_units, NC, rec_ptr, count_ptr, capacity, xw_ptr, h_ptr, late_ptr)
    c0 = gl.program_id(0) * 0  # the consumers' indices as values (a worker partition's arguments are IR values)
    if NC == 3:
        gl.warp_specialize([(_tri_consume, args + (c0, )), (_tri_consume, args + (c0 + 1, )),
                            (_tri_consume, args + (c0 + 2, )), (_tri_loader, args + (c0, ))], [4, 4, 1],
                           [CREGS, CREGS, 24])
    else:  # (one helper for both kernels' dispatch: Gluon's warp_specialize takes no function passed as an argument)
        gl.warp_specialize([(_tri_consume, args + (c0, )), (_tri_consume, args + (c0 + 1, )),
                            (_tri_loader, args + (c0, ))], [4, 1], [CREGS, 24])


def tri_units(m: int, nc: int) -> int:
    """Units (band, column tile) of the Gram triangle of m vectors with bands of nc panels."""
    n_ct = -(-m // BN)
    return sum(n_ct - (b * nc * BM) // BN for b in range(-(-m // (nc * BM))))


def tri_count_torch(x, h, lim) -> int:
    """(row, group, tile) bits of the Gram triangle (pairs i < j), by torch (FP64 products: exact)."""
    import torch
    m = x.shape[0]
    n_ct = -(-m // BN)
    xd = x.double()
    total = 0
    j = torch.arange(m, device=x.device)
    for r0 in range(0, m, 2048):
        rows = torch.arange(r0, min(m, r0 + 2048), device=x.device)
        v = (xd[rows] @ xd.T).abs() - h.double()[None, :]
        hit = (v >= lim[rows].double()[:, None]) & (rows[:, None] < j[None, :])
        hit = torch.nn.functional.pad(hit, (0, n_ct * BN - m))  # (columns past m: no hit)
        # column c of tile t: c = ((hh * 4 + jj) * 4 + q) * 2 + bb, group 4 hh + q
        hit = hit.view(len(rows), n_ct, 4, 4, 4, 2).any(dim=5).any(dim=3)
        total += int(hit.sum())
    return total


#: (consumers, ring depth, consumer registers, launch maxnreg): one block per SM
VARIANTS = [(3, 4, 160, 128), (3, 6, 160, 128), (2, 4, 240, 168)]


def _layouts():
    return (gl.NVMMASharedLayout.get_default_for([BM, K], gl.int8),
            gl.NVMMASharedLayout.get_default_for([BN, K], gl.int8))


def _h_layout():
    # the half norms' 1-D TMA tile: 128 int32, unswizzled
    return gl.NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=32, rank=1)


def static_build(nc: int, stages: int, cregs: int, maxnreg: int, tiles: int = 64):
    """Build for sm_90a without a GPU."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource

    lx, ly = _layouts()
    sig = {"x_desc": f"tensordesc<i8[{BM}, {K}],{lx!r}>", "y_desc": f"tensordesc<i8[{BN}, {K}],{ly!r}>",
           "h_ptr": "*i32", "lim_ptr": "*i32", "out_ptr": "*i32", "TILES": "constexpr", "NC": "constexpr",
           "CREGS": "constexpr", "STAGES": "constexpr",
           "num_warps": "constexpr"}
    src = GluonASTSource(fn=gram_ws_probe_kernel, signature=sig,
                         constexprs={"TILES": tiles, "NC": nc, "CREGS": cregs, "STAGES": stages,
                                     "num_warps": 4})
    return triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4, "maxnreg": maxnreg})


def static_build_tri(nc: int, stages: int, cregs: int, maxnreg: int):
    """The triangle kernel built for sm_90a without a GPU."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource

    lx, ly = _layouts()
    sig = {"x_desc": f"tensordesc<i8[{BM}, {K}],{lx!r}>", "y_desc": f"tensordesc<i8[{BN}, {K}],{ly!r}>",
           "h_desc": f"tensordesc<i32[{BN}],{_h_layout()!r}>",
           "lim_ptr": "*i32", "out_ptr": "*i32", "M": "i32", "n_ct": "i32", "n_units": "i32", "rec_ptr": "*i32",
           "count_ptr": "*i64", "capacity": "i64", "xw_ptr": "*i32", "h_ptr": "*i32", "late_ptr": "*i32",
           "NC": "constexpr", "CREGS": "constexpr", "STAGES": "constexpr", "num_warps": "constexpr"}
    src = GluonASTSource(fn=gram_tri_ws_probe_kernel, signature=sig, constexprs={"NC": nc, "CREGS": cregs,
                                                                                  "STAGES": stages, "num_warps": 4})
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


def _sorted_records(rec, m):
    import torch
    key = rec[:, 0].long() * m + rec[:, 1].long()
    return rec[torch.argsort(key)]


def _triangle(x, h, lim_check, rates, sms, iters):
    """The triangle probe: its bit count against torch (random h), then per rate its items through the library's
    item kernel (records checked against ``PairSearchPlan``'s, sorted) and both timed as CUDA graphs."""
    import torch
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as GluonDescriptor

    from int8tc.bench.common import time_cuda
    from int8tc.bench.filters import _quantile, _sample_values
    from int8tc.sieve import ops
    from int8tc.sieve.plan import PairSearchPlan

    m = x.shape[0]
    n_ct, pairs = -(-m // BN), m * (m - 1) // 2
    lx, ly = _layouts()
    xd = GluonDescriptor(x, [m, K], [K, 1], [BM, K], lx)
    yd = GluonDescriptor(x, [m, K], [K, 1], [BN, K], ly)
    hn = ops.half_norms(x)
    vals = _sample_values(x, hn, x, hn, False)
    rows = []

    xw = x.view(torch.int32)  # the late rows' path reads rows as words

    def launch(v, hdesc, hvec, lim, out, buf, count, cap, late):
        # buf [2 cap, 4]: records, then items; count [2]: hits, items (``ops._record_buffers`` with tile_masks)
        nc, st, cr, mr = v
        gram_tri_ws_probe_kernel[(sms,)](xd, yd, hdesc, lim, out, m, n_ct, tri_units(m, nc), buf, count, cap, xw, hvec,
                                         late, NC=nc, CREGS=cr, STAGES=st, num_warps=4, maxnreg=mr)

    # the (row, group, tile) bits over the triangle against torch (random h: many hits in few groups)
    hd_check = GluonDescriptor(h, [m], [1], [BN], _h_layout())
    want = tri_count_torch(x, h, lim_check)
    checked = {}
    for v in VARIANTS:
        nc, st = v[:2]
        out = torch.full((nc * sms,), -1, dtype=torch.int32, device="cuda")
        cap = 1 << 24  # (random h and lim 20000: ~0.5% of the pairs hit, ~5M items at 65536 vectors)
        buf = torch.empty((2 * cap, 4), dtype=torch.int32, device="cuda")
        count = torch.zeros(2, dtype=torch.int64, device="cuda")
        late = torch.zeros(1, dtype=torch.int32, device="cuda")
        try:
            launch(v, hd_check, h, lim_check, out, buf, count, cap, late)
            torch.cuda.synchronize()
        except Exception as e:  # a variant the compiler or the launch rejects: said, the run goes on
            print(f"triangle nc{nc} s{st}: {type(e).__name__}: {str(e)[:400]}", flush=True)
            continue
        got = int(out.sum())
        items = int(count[1])
        checked[v] = "ok" if got == want and items == got and int(late) == 0 else \
            f"DIFFER bits {got} items {items} late {int(late)} torch {want}"
        print(f"m {m}: triangle nc{nc} s{st} bits {got}, items {items}, torch {want}: {checked[v]}", flush=True)
    hd_real = GluonDescriptor(hn, [m], [1], [BN], _h_layout())
    for rate in rates:
        goal = _quantile(vals, rate)
        cap = int(4 * rate * pairs) + 4096
        plan = PairSearchPlan(m, K, cap)
        ref = plan(goal, x, hn, deterministic=True)
        ref_total, ref_rec = ref.total, ref.valid().clone()
        timings = [("library PairSearchPlan, 3 blocks/SM", lambda plan=plan, goal=goal: plan(goal), "")]
        for v in VARIANTS:
            if v not in checked:
                continue
            nc, st, cr, _ = v
            out = torch.zeros(nc * sms, dtype=torch.int32, device="cuda")
            buf = torch.empty((2 * cap, 4), dtype=torch.int32, device="cuda")  # records, then items (tile_masks)
            count = torch.zeros(2, dtype=torch.int64, device="cuda")
            late = torch.zeros(1, dtype=torch.int32, device="cuda")
            lim = torch.empty(m, dtype=torch.int32, device="cuda")

            def enqueue(v=v, out=out, buf=buf, count=count, late=late, lim=lim, goal=goal, cap=cap):
                count.zero_()
                late.zero_()
                torch.sub(hn, goal, out=lim)  # the row limits h_i - goal (the plan's input pass computes them)
                launch(v, hd_real, hn, lim, out, buf, count, cap, late)
                ops._write_deferred(x, hn, x, hn, goal, buf, count, cap, True, ops.DEFAULT_FILTER_CONFIG)
            enqueue()
            torch.cuda.synchronize()
            total = int(count[0])
            rec = _sorted_records(buf[:min(total, cap)], m)
            check = checked[v]
            if total != ref_total or not torch.equal(rec, ref_rec):
                check = f"DIFFER total {total} vs {ref_total} (late rows {int(late)})"
            elif rate == rates[0]:  # the late rows' path: a small capacity overflows the item buffer
                small = 256
                enqueue(cap=small, buf=buf[:2 * small])
                torch.cuda.synchronize()
                t_small = int(count[0])
                kept = _sorted_records(buf[:min(t_small, small)].clone(), m)
                # every kept record is one of the reference's, whole (i, j, sign, dot), and none twice
                key = ref_rec[:, 0].long() * m + ref_rec[:, 1].long()
                kkey = kept[:, 0].long() * m + kept[:, 1].long()
                at = torch.searchsorted(key, kkey).clamp(max=max(len(key) - 1, 0))
                same = len(key) > 0 and bool((key[at] == kkey).all()) and torch.equal(ref_rec[at], kept)
                if t_small != ref_total or not same or kept.shape[0] != min(ref_total, small) \
                        or torch.unique(kkey).numel() != kept.shape[0] or int(late) == 0:
                    check = f"DIFFER with capacity {small}: total {t_small}, late rows {int(late)}"
                else:
                    check += f"; capacity {small}: total exact, {int(late)} late rows"
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph):
                enqueue()
            timings.append((f"gluon triangle ws nc{nc} s{st} r{cr} + item kernel, 1 block/SM", graph.replay, check))
        for name, fn, check in timings:
            ms = time_cuda(fn, iters, warmup=3)
            tops = 2 * K * pairs / ms / 1e9
            rows.append({"m": m, "variant": f"{name} rate {rate:g}", "time_ms": f"{ms:.4f}", "tops": f"{tops:.0f}",
                         "check": check})
            print(f"m {m} rate {rate:g} (hits {ref_total}): {name:56s} {ms:8.4f} ms {tops:6.0f} TOPS {check}",
                  flush=True)
            for kname, us in kernel_times(fn):
                print(f"    kernel {kname[:60]:60s} {us:8.1f} us", flush=True)
    return rows


def kernel_times(fn, calls: int = 5):
    """[(kernel name, us per call)] of ``fn``'s kernels, from torch.profiler (graph replays included)."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            fn()
        torch.cuda.synchronize()
    events = sorted(prof.key_averages(), key=lambda e: -e.device_time_total)
    return [(e.key, e.device_time_total / calls) for e in events if e.device_time_total > 0]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", default="16384,65536")
    p.add_argument("--tiles", type=int, default=64, help="column tiles per block")
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--rates", default="1e-4,1e-6", help="the triangle's hit rates")
    p.add_argument("--static", action="store_true")
    p.add_argument("--out")
    args = p.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    if args.static:
        from static_kernels import resources
        for nc, st, cr, mr in VARIANTS:
            k = static_build(nc, st, cr, mr, args.tiles)
            print("grid", nc, st, cr, mr, {**resources(k), "shared_bytes": k.metadata.shared})
            k = static_build_tri(nc, st, cr, mr)
            print("triangle", nc, st, cr, mr, {**resources(k), "shared_bytes": k.metadata.shared})
        return
    import torch
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as GluonDescriptor
    from triton.tools.tensor_descriptor import TensorDescriptor

    from filter_roofs import _group_roof_kernel  # the library loop's control, same directory
    from int8tc.bench.common import environment, time_cuda, write_csv

    sms = torch.cuda.get_device_properties(0).multi_processor_count
    rows_out = []
    for m in [int(v) for v in args.m.split(",")]:
        per = args.tiles
        g = torch.Generator(device="cuda").manual_seed(0)
        x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
        h = torch.randint(0, 1 << 20, (m,), dtype=torch.int32, device="cuda", generator=g)
        lim_check = torch.full((m,), 20000, dtype=torch.int32, device="cuda")  # some bits set: the check counts
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
        timings = [("triton control g_h_load (library loop), 3 blocks/SM", control, "", m)]
        if m % (BN * per):
            print(f"m {m}: the grid form needs m a multiple of {BN * per}: skipped", flush=True)
            timings = []
        for nc, st, cr, mr in (VARIANTS if timings else []):
            grid = (m // (BM * nc), m // (BN * per))
            out = torch.full((nc * grid[0] * grid[1],), -1, dtype=torch.int32, device="cuda")

            def run(lim, nc=nc, st=st, cr=cr, mr=mr, grid=grid, out=out):
                gram_ws_probe_kernel[grid](xd, yd, h, lim, out, TILES=per, NC=nc, CREGS=cr, STAGES=st, num_warps=4,
                                           maxnreg=mr)
            name = f"gluon ws nc{nc} s{st} r{cr}"
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
            timings.append((name, lambda run=run: run(lim_none), check, grid[0] * nc * BM))
        for name, fn, check, rows in timings:  # (rows: the grid's rows, a multiple of nc * 64)
            ms = time_cuda(fn, args.iters, warmup=3)
            tops = 2 * K * rows * m / ms / 1e9
            rows_out.append({"m": m, "variant": name, "time_ms": f"{ms:.4f}", "tops": f"{tops:.0f}", "check": check})
            print(f"m {m}: {name:52s} {ms:8.4f} ms {tops:6.0f} TOPS {check}", flush=True)
        rows_out += _triangle(x, h, lim_check, [float(r) for r in args.rates.split(",")], sms, args.iters)
    if args.out:
        write_csv(args.out, rows_out, ["m", "variant", "time_ms", "tops", "check"], environment())


if __name__ == "__main__":
    main()
