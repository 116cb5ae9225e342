"""Persistent bucketing for Hopper (Gluon): each tile's test overlaps the next tile's product.

``bucket_ws_kernel`` computes what ``bucket_tma_kernel``'s MASKS path computes, with another schedule
(FilterConfig.persistent; NOTES.md 74):

- persistent: program p walks the row panels p, p + P, p + 2P, ... (P programs); the centre tiles stream
  through one ring of STAGES TMA slots across panel boundaries, and each panel is loaded two panels
  ahead into one of two panel slots, so no panel starts with an empty pipeline and no program pays a
  launch, a panel load and a pipeline fill per panel (with 1024 centres a panel has 8 tiles);
- the (panel, centre tile) units run four per loop iteration on two accumulators in turn: the product
  of unit u + 1 is in flight while unit u is tested (Triton 3.6 waits for every tile's wgmma at once:
  NOTES.md 55). No product is in flight across the loop's back edge and each accumulator's next
  product takes the registers of the tile just tested (use_acc=False); otherwise ptxas serialises
  every wgmma (its warning C7514). Units past the end run a dummy product on a stale slot, untested.

Per unit, the test is bucketing's: per row and column group (``filters._groups``), max |dot| against
the row's threshold, one bit per tile; every 32 tiles of a panel (and at its end) the bits become
items (row, first column of the tile, N, group) for ``mask_items_kernel``, exactly as
``filters._write_items`` writes them (reserved by relaxed per-(row, group) atomics). A row whose
items do not fit below ``item_cap`` is late for that chunk of 32 tiles: its reserved slots become
empty items, the chunk's bit is set in ``late_ptr[row]`` and a row's first late chunk appends the row
to ``late_rows_ptr`` (count at ``late_count_ptr``); ``late_rows_kernel`` (Triton) appends those
rows' hits afterwards. Needs K <= 128 (one K block) and at most 32 chunks (N <= 32 * 32 * BLOCK_N).

No interpreter path: Gluon kernels compile for the GPU only. Everything they share with the Triton
path (items, the item kernel, the late rows' kernel) is the same code and runs under the interpreter.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma, warpgroup_mma, warpgroup_mma_wait

#: threshold of padding rows (above every |dot| < 2^22): ``filters.HXG_PAD``
_LIM_PAD = gl.constexpr(1 << 30)


@gluon.jit
def _groups_of(v, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr, GROUPS: gl.constexpr):
    # per row, the max over each column group (``filters._groups``: group g = 4 h + q holds the columns
    # 8 j + 2 q + b with j in the h-th of GROUPS / 4 parts; in the wgmma layout in-thread maxima)
    v5 = v.reshape([BLOCK_M, GROUPS // 4, BLOCK_N // (2 * GROUPS), 4, 2])
    return gl.max(gl.max(v5, axis=4), axis=2).reshape([BLOCK_M, GROUPS])


@gluon.jit
def _rows(panel, like, BLOCK_M: gl.constexpr, GROUPS: gl.constexpr):
    # the panel's row indices in the row layout of ``_groups_of``'s result (``like``: a tile in the
    # accumulator layout; the reshape only names the layout, nothing of it is computed)
    BLOCK_N: gl.constexpr = like.shape[1]
    glayout: gl.constexpr = _groups_of(like, BLOCK_M, BLOCK_N, GROUPS).type.layout
    return panel * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, glayout))


@gluon.jit
def _limits(thr_ptr, M, rows):
    return gl.where(rows < M, gl.load(thr_ptr + rows, mask=rows < M, other=0), _LIM_PAD)


@gluon.jit
def _popc(x):
    # bits set in each int32 (``filters._popc``)
    x = x - ((x >> 1) & 0x55555555)
    x = (x & 0x33333333) + ((x >> 2) & 0x33333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F
    return (x * 0x01010101) >> 24


@gluon.jit
def _flush(qbits, rows, chunk, N, items_ptr, item_count_ptr, item_cap, late_ptr, late_rows_ptr, late_count_ptr,
           BLOCK_N: gl.constexpr, GROUPS: gl.constexpr):
    """qbits [BLOCK_M, GROUPS]: bit t of (row, g) set when the row has a hit in group g of tile 32 chunk + t.
    The items of ``filters._write_items`` (same reservation, order and empty items of late rows); a late row
    also gets the chunk's bit in late_ptr[row] and, at its first late chunk, a place in late_rows_ptr."""
    pc = _popc(qbits)
    slot = gl.atomic_add(item_count_ptr + gl.zeros_like(pc), pc.to(gl.int64), mask=pc > 0, sem="relaxed")
    late = gl.max(((pc > 0) & (slot + pc > item_cap)).to(gl.int32), axis=1)  # 1: the row is late
    keep_any = (pc > 0) & (late == 0)[:, None]
    gid = gl.arange(0, GROUPS, layout=gl.SliceLayout(0, qbits.type.layout))[None, :] + gl.zeros_like(pc)
    row2 = rows[:, None] + gl.zeros_like(pc)
    col_base = chunk * 32 * BLOCK_N
    b = qbits
    for r in range(0, gl.max(gl.max(gl.where(keep_any, pc, 0), axis=1), axis=0)):
        low = b & (-b)
        keep = keep_any & (pc > r)
        item = items_ptr + (slot + r) * 4
        gl.store(item, row2, mask=keep)
        gl.store(item + 1, col_base + _popc(low - 1) * BLOCK_N, mask=keep)
        gl.store(item + 2, N + gl.zeros_like(pc), mask=keep)
        gl.store(item + 3, gid, mask=keep)
        b = b ^ low
    if gl.max(late, axis=0) > 0:
        hole = gl.where(late[:, None] > 0, gl.minimum(gl.maximum(item_cap - slot, 0), pc.to(gl.int64)), 0).to(gl.int32)
        for r in range(0, gl.max(gl.max(hole, axis=1), axis=0)):
            item = items_ptr + (slot + r) * 4
            gl.store(item, row2, mask=hole > r)
            gl.store(item + 1, gl.zeros_like(pc), mask=hole > r)
            gl.store(item + 2, gl.zeros_like(pc), mask=hole > r)  # col_end 0: tests no column
            gl.store(item + 3, gl.zeros_like(pc), mask=hole > r)
        old = gl.atomic_or(late_ptr + rows, (1 << chunk) + gl.zeros_like(rows), mask=late > 0, sem="relaxed")
        first = (late > 0) & (old == 0)
        at = gl.atomic_add(late_count_ptr + gl.zeros_like(rows), gl.zeros_like(rows) + 1, mask=first, sem="relaxed")
        gl.store(late_rows_ptr + at, rows, mask=first)


@gluon.jit
def _next(j, t, n_tiles):
    # the unit after (panel j, tile t): a counter instead of a division by n_tiles per unit
    t = t + 1
    if t == n_tiles:
        t = 0
        j = j + 1
    return j, t


@gluon.jit
def _issue(panels, bufs, ready, pready, acc, u, j, t, n_units, n_tiles, STAGES: gl.constexpr):
    # the product of unit u (panel j, tile t) into acc's registers (asynchronous); past the end a dummy on a
    # stale slot. Returns its token and the next unit's (panel, tile).
    if u < n_units:
        if t == 0:
            mbarrier.wait(pready.index(j % 2), (j // 2) & 1)
        mbarrier.wait(ready.index(u % STAGES), (u // STAGES) & 1)
    tok = warpgroup_mma(panels.index(j % 2), bufs.index(u % STAGES).permute((1, 0)), acc, use_acc=False,
                        is_async=True)
    j, t = _next(j, t, n_tiles)
    return tok, j, t


@gluon.jit
def _retire(x_desc, c_desc, panels, bufs, ready, pready, acc, u, j, t, tv, n_units, n_tiles, my_panels, pid, bits, lim,
            rows, lim_next, thr_ptr, M, N, items_ptr, item_count_ptr, item_cap, late_ptr, late_rows_ptr,
            late_count_ptr, NUM_PROGRAMS, STAGES: gl.constexpr, GROUPS: gl.constexpr):
    # unit u (panel j, tile t; unit u + STAGES at tile tv) is done: its ring slot takes unit u + STAGES, after a
    # panel's last unit its panel slot takes the panel two ahead; then unit u's test, the items at a chunk's or
    # the panel's end. Returns the state and the next unit's (panel, tile) and unit u + 1 + STAGES's tile.
    BLOCK_M: gl.constexpr = x_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[0]
    if u < n_units:
        if u + STAGES < n_units:
            mbarrier.expect(ready.index(u % STAGES), c_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(c_desc, [tv * BLOCK_N, 0], ready.index(u % STAGES), bufs.index(u % STAGES))
        if t == n_tiles - 1:
            if j + 2 < my_panels:
                mbarrier.expect(pready.index(j % 2), x_desc.block_type.nbytes)
                tma.async_copy_global_to_shared(x_desc, [(pid + (j + 2) * NUM_PROGRAMS) * BLOCK_M, 0],
                                                pready.index(j % 2), panels.index(j % 2))
        if t == 0:  # the next panel's thresholds, a panel ahead
            lim_next = _limits(thr_ptr, M, rows + NUM_PROGRAMS * BLOCK_M)
        a = gl.abs(acc)
        if (t + 1) * BLOCK_N > N:  # the last tile's columns past N (zeros from the TMA unit) never hit
            cols = t * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, acc.type.layout))
            a = gl.where((cols < N)[None, :], a, -1)
        hit = (_groups_of(a, BLOCK_M, BLOCK_N, GROUPS) >= lim[:, None]).to(gl.int32)
        bits = bits | (hit << (t % 32))
        if (t % 32 == 31) or (t == n_tiles - 1):
            _flush(bits, rows, t // 32, N, items_ptr, item_count_ptr, item_cap, late_ptr, late_rows_ptr,
                   late_count_ptr, BLOCK_N, GROUPS)
            bits = bits * 0
        if t == n_tiles - 1:
            lim = lim_next
            rows = rows + NUM_PROGRAMS * BLOCK_M
    j, t = _next(j, t, n_tiles)
    tv = tv + 1
    if tv == n_tiles:
        tv = 0
    return bits, lim, rows, lim_next, j, t, tv


@gluon.jit
def bucket_ws_kernel(x_desc, c_desc, thr_ptr, M, N, items_ptr, item_count_ptr, item_cap, late_ptr, late_rows_ptr,
                     late_count_ptr, NUM_PROGRAMS, STAGES: gl.constexpr, GROUPS: gl.constexpr,
                     num_warps: gl.constexpr):
    """x_desc: TMA descriptor over X [M, KP] int8, block [BLOCK_M, BK] (BK >= KP, one block: columns past K
    read as zeros); c_desc: over the centres [N, KP], block [BLOCK_N, BK]; thr_ptr [M] int32. Items (16 bytes)
    at items_ptr, their count (may exceed item_cap) at item_count_ptr; late rows as above. One warp group."""
    BLOCK_M: gl.constexpr = x_desc.block_type.shape[0]
    BK: gl.constexpr = x_desc.block_type.shape[1]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[0]
    gl.static_assert(num_warps == 4, "one warp group")
    gl.static_assert(BLOCK_M == 64, "64-row panels (the wgmma's M per warp group)")
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1],
                                                     instr_shape=[16, BLOCK_N, 32])
    panels = gl.allocate_shared_memory(gl.int8, [2, BLOCK_M, BK], x_desc.layout)
    bufs = gl.allocate_shared_memory(gl.int8, [STAGES, BLOCK_N, BK], c_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    pready = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)
    for i in gl.static_range(2):
        mbarrier.init(pready.index(i), count=1)
    pid = gl.program_id(0)
    n_tiles = gl.cdiv(N, BLOCK_N)
    my_panels = (gl.cdiv(M, BLOCK_M) - pid + NUM_PROGRAMS - 1) // NUM_PROGRAMS
    n_units = my_panels * n_tiles
    # the first two panels and the first STAGES units' centre tiles
    for i in gl.static_range(2):
        if i < my_panels:
            mbarrier.expect(pready.index(i), x_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(x_desc, [(pid + i * NUM_PROGRAMS) * BLOCK_M, 0], pready.index(i),
                                            panels.index(i))
    for i in gl.static_range(STAGES):
        if i < n_units:
            mbarrier.expect(ready.index(i), c_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(c_desc, [(i % n_tiles) * BLOCK_N, 0], ready.index(i), bufs.index(i))
    acc_a = gl.zeros([BLOCK_M, BLOCK_N], dtype=gl.int32, layout=layout)
    acc_b = gl.full([BLOCK_M, BLOCK_N], 1, dtype=gl.int32, layout=layout)  # its own registers (not CSE'd)
    rows = _rows(pid, acc_a, BLOCK_M, GROUPS)
    lim = _limits(thr_ptr, M, rows)
    lim_next = lim
    bits = (_groups_of(acc_a, BLOCK_M, BLOCK_N, GROUPS) * 0).to(gl.int32)
    ji = pid * 0  # (panel, tile) of the next unit to issue, of the next to retire; tile of that one + STAGES
    ti = ji
    jr = ji
    tr = ji
    tv = (ji + STAGES) % n_tiles
    # four units per iteration, on two accumulators in turn
    for u in range(0, n_units, 4):
        tok_a, ji, ti = _issue(panels, bufs, ready, pready, acc_a, u, ji, ti, n_units, n_tiles, STAGES)
        tok_b, ji, ti = _issue(panels, bufs, ready, pready, acc_b, u + 1, ji, ti, n_units, n_tiles, STAGES)
        acc_a = warpgroup_mma_wait(1, deps=(tok_a, ))
        bits, lim, rows, lim_next, jr, tr, tv = _retire(
            x_desc, c_desc, panels, bufs, ready, pready, acc_a, u, jr, tr, tv, n_units, n_tiles, my_panels, pid, bits,
            lim, rows, lim_next, thr_ptr, M, N, items_ptr, item_count_ptr, item_cap, late_ptr, late_rows_ptr,
            late_count_ptr, NUM_PROGRAMS, STAGES, GROUPS)
        tok_a, ji, ti = _issue(panels, bufs, ready, pready, acc_a, u + 2, ji, ti, n_units, n_tiles, STAGES)
        acc_b = warpgroup_mma_wait(1, deps=(tok_b, ))
        bits, lim, rows, lim_next, jr, tr, tv = _retire(
            x_desc, c_desc, panels, bufs, ready, pready, acc_b, u + 1, jr, tr, tv, n_units, n_tiles, my_panels, pid,
            bits, lim, rows, lim_next, thr_ptr, M, N, items_ptr, item_count_ptr, item_cap, late_ptr, late_rows_ptr,
            late_count_ptr, NUM_PROGRAMS, STAGES, GROUPS)
        tok_b, ji, ti = _issue(panels, bufs, ready, pready, acc_b, u + 3, ji, ti, n_units, n_tiles, STAGES)
        acc_a = warpgroup_mma_wait(1, deps=(tok_a, ))
        bits, lim, rows, lim_next, jr, tr, tv = _retire(
            x_desc, c_desc, panels, bufs, ready, pready, acc_a, u + 2, jr, tr, tv, n_units, n_tiles, my_panels, pid,
            bits, lim, rows, lim_next, thr_ptr, M, N, items_ptr, item_count_ptr, item_cap, late_ptr, late_rows_ptr,
            late_count_ptr, NUM_PROGRAMS, STAGES, GROUPS)
        acc_b = warpgroup_mma_wait(0, deps=(tok_b, ))
        bits, lim, rows, lim_next, jr, tr, tv = _retire(
            x_desc, c_desc, panels, bufs, ready, pready, acc_b, u + 3, jr, tr, tv, n_units, n_tiles, my_panels, pid,
            bits, lim, rows, lim_next, thr_ptr, M, N, items_ptr, item_count_ptr, item_cap, late_ptr, late_rows_ptr,
            late_count_ptr, NUM_PROGRAMS, STAGES, GROUPS)
    for i in gl.static_range(STAGES):
        mbarrier.invalidate(ready.index(i))
    for i in gl.static_range(2):
        mbarrier.invalidate(pready.index(i))
