"""Fused INT8 short-K dot products with the filter in registers; only hits are written.

Both kernels compute a [BLOCK_M, BLOCK_N] tile of X Y^T on tensor cores (INT32, exact for
K <= 192), test it in registers and compact the hits:
- a tile with no hit writes nothing, and finds that out from one row maximum per row (pair
  search: max_j |dot| - h_j against h_i - goal; bucketing: max_j |dot| against thr_i), three
  (two) integer operations per element, exact;
- pair search: with the deferred and rounds write paths every row with hits reserves its own
  range on a global counter (relaxed atomics, Triton joins a warp's into one); otherwise one
  atomic per tile reserves a contiguous range, rows get their start by an exclusive prefix sum of
  per-row counts, and a hit's offset inside its row is 0 when no row has two hits in the tile,
  else an exclusive prefix sum along the row;
- bucketing gives each program whole rows, so per-row counts live in registers and no atomic
  is needed; lists come out in ascending centre order.
"""

import triton
import triton.language as tl


@triton.jit
def _tile_dot(x_ptr, stride_x, rows, rmask, y_ptr, stride_y, cols, cmask,
              KP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    for k0 in tl.static_range(0, KP, BLOCK_K):
        ks = k0 + tl.arange(0, BLOCK_K)
        a = tl.load(x_ptr + rows[:, None].to(tl.int64) * stride_x + ks[None, :], mask=rmask[:, None], other=0)
        b = tl.load(y_ptr + cols[:, None].to(tl.int64) * stride_y + ks[None, :], mask=cmask[:, None], other=0)
        acc = tl.dot(a, tl.trans(b), acc, out_dtype=tl.int32)
    return acc


@triton.jit
def _row_offsets(hit_i32, rc):
    # offset of each hit inside its row: 0 if no row holds two hits, else an exclusive scan
    if tl.max(rc, axis=0) <= 1:
        off = tl.zeros_like(hit_i32)
    else:
        off = tl.cumsum(hit_i32, axis=1) - hit_i32
    return off


@triton.jit
def _pair_program(hx_ptr, M, N, goal, GRAM: tl.constexpr, TILES_PER_PROGRAM: tl.constexpr,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # program (ti, g): row tile ti against column tiles tj0 .. tj0 + n_here - 1
    ti = tl.program_id(0)
    g = tl.program_id(1)
    if GRAM:  # upper triangle only: from the column tile holding column ti * BLOCK_M on
        tj0 = (ti * BLOCK_M) // BLOCK_N + g * TILES_PER_PROGRAM
    else:
        tj0 = g * TILES_PER_PROGRAM
    n_here = tl.minimum(tl.cdiv(N, BLOCK_N) - tj0, TILES_PER_PROGRAM)
    rows = ti * BLOCK_M + tl.arange(0, BLOCK_M)
    rmask = rows < M
    return ti, tj0, n_here, rows, rmask, _row_limits(hx_ptr, rows, rmask, goal), (ti + 1) * BLOCK_M > M


@triton.jit(do_not_specialize=["M", "N", "goal", "capacity"])
def pair_search_kernel(
    x_ptr, stride_x, hx_ptr,  # X [M, KP] int8 (K contiguous), h_x [M] int32
    y_ptr, stride_y, hy_ptr,  # Y [N, KP] int8, h_y [N] int32 (= X, h_x for a Gram search)
    M, N, goal,
    out_ptr,  # [capacity, 4] int32 records (i, j, sign, dot)
    count_ptr,  # [1] int64: total hits (also those beyond capacity)
    capacity,
    KP: tl.constexpr, GRAM: tl.constexpr, TILES_PER_PROGRAM: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ROW_HITS: tl.constexpr = False,
    DEFER: tl.constexpr = False, ROUNDS: tl.constexpr = False,
):
    ti, tj0, n_here, rows, rmask, hxg, row_edge = _pair_program(hx_ptr, M, N, goal, GRAM, TILES_PER_PROGRAM,
                                                                BLOCK_M, BLOCK_N)
    for t in range(0, n_here):
        tj = tj0 + t
        cols = tj * BLOCK_N + tl.arange(0, BLOCK_N)
        cmask = cols < N
        acc = _tile_dot(x_ptr, stride_x, rows, rmask, y_ptr, stride_y, cols, cmask, KP, BLOCK_M, BLOCK_N, BLOCK_K)
        hy = tl.load(hy_ptr + cols, mask=cmask, other=H_PAD)
        # masks only where a tile crosses the matrix edge or the Gram diagonal
        _test_and_write(acc, hxg, hy, rows, cols, rmask, cmask,
                        row_edge or ((tj + 1) * BLOCK_N > N) or (GRAM and tj * BLOCK_N < (ti + 1) * BLOCK_M), GRAM, out_ptr, count_ptr, capacity,
                        ROW_HITS, DEFER, N, ROUNDS)


@triton.jit
def _tma_panel(x_desc, row0, KP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_K: tl.constexpr):
    # the row panel, kept across column tiles when K fits one block (else a placeholder); columns
    # past K read as zeros (the TMA unit fills outside the tensor)
    if KP <= BLOCK_K:
        return x_desc.load([row0, 0])
    else:
        return tl.zeros((1,), dtype=tl.int8)


@triton.jit
def _tma_tile_dot(x_desc, y_desc, panel, row0, col0, KP: tl.constexpr, BLOCK_M: tl.constexpr,
                  BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    if KP <= BLOCK_K:
        acc = tl.dot(panel, y_desc.load([col0, 0]).T, out_dtype=tl.int32)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
        for k0 in tl.static_range(0, KP, BLOCK_K):
            acc = tl.dot(x_desc.load([row0, k0]), y_desc.load([col0, k0]).T, acc, out_dtype=tl.int32)
    return acc


#: h of padding columns (never a candidate: |dot| - H_PAD < 0 <= h_i - goal for any sane goal;
#: the exact test masks them anyway) and h_i - goal of padding rows (above every |dot| - h_j)
H_PAD = tl.constexpr((1 << 29) - 1)
HXG_PAD = tl.constexpr(1 << 30)


@triton.jit
def _row_limits(hx_ptr, rows, rmask, goal):
    # h_i - goal per row (int32: |h| < 2^29 and |goal| <= 2^30), HXG_PAD on padding rows
    return tl.where(rmask, tl.load(hx_ptr + rows, mask=rmask, other=0) - goal, HXG_PAD)


@triton.jit
def _test_and_write(acc, hxg, hy, rows, cols, rmask, cmask, need_mask, TRI: tl.constexpr,
                    out_ptr, count_ptr, capacity, ROW_HITS: tl.constexpr, DEFER: tl.constexpr, col_end,
                    ROUNDS: tl.constexpr = False):
    # hit  <=>  h_i + h_j - |dot| <= goal  <=>  t_ij = |dot| - h_j >= h_i - goal = hxg_i.
    # An inner tile has a hit iff some row's max_j t_ij reaches hxg_i: abs, sub and max per
    # element, the comparison once per row; exact (no bound loosened), and no sum that could leave
    # int32 (|dot| < 2^22, |h_j| < 2^29). Only tiles that pass run the element test.
    # Edge and diagonal tiles skip the pre-test (on the diagonal, t_ii = h_i would pass it every
    # time): their masked element test and its row counts decide in one pass.
    t = tl.abs(acc) - hy[None, :]
    if ROUNDS:
        if need_mask or _some_row_reaches(t, hxg):
            _pair_rounds(acc, hy, hxg, rows, rmask, cols, col_end, TRI, out_ptr, count_ptr, capacity)
    elif need_mask:
        hit = (t >= hxg[:, None]) & rmask[:, None] & cmask[None, :]
        if TRI:
            hit = hit & (rows[:, None] < cols[None, :])
        _write_pair_hits(hit, acc, rows, cols, out_ptr, count_ptr, capacity, ROW_HITS, DEFER, col_end)
    elif _some_row_reaches(t, hxg):
        _write_pair_hits(t >= hxg[:, None], acc, rows, cols, out_ptr, count_ptr, capacity, ROW_HITS, DEFER, col_end)


@triton.jit
def _some_row_reaches(t, lim):
    # does some row's max of t reach its limit? (one comparison per row)
    return tl.max((tl.max(t, axis=1) >= lim).to(tl.int32), axis=0) > 0


#: column groups of a tile in the tile_masks path (GROUPS = FilterConfig.column_groups, 8 or 16):
#: group g = 4 h + q holds the columns c = 8 j + 2 q + b with j in the h-th of GROUPS / 4 parts of
#: the tile's 8-column blocks (b = 0, 1): BLOCK_N / GROUPS columns


@triton.jit
def _groups(v, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, GROUPS: tl.constexpr, MIN: tl.constexpr = False):
    # per row, the max (MIN: the min) over each column group of the tile ([BLOCK_M, GROUPS]): in the
    # tensor cores' accumulator layout a thread holds the columns 8j + 2q + b of one q only, so these
    # stay in the thread (no shuffle; sm_90a SASS, NOTES.md 57)
    v5 = tl.reshape(v, (BLOCK_M, GROUPS // 4, BLOCK_N // (2 * GROUPS), 4, 2))
    if MIN:
        g = tl.min(tl.min(v5, axis=4), axis=2)
    else:
        g = tl.max(tl.max(v5, axis=4), axis=2)
    return tl.reshape(g, (BLOCK_M, GROUPS))


@triton.jit
def _bound_any(acc, lim, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, GROUPS: tl.constexpr):
    """1 where a row's column group g holds some |dot| >= lim (per row) ([BLOCK_M, GROUPS] int32):
    from each group's max and min of the dot, one 3-input max or min per two elements (no abs, no
    subtraction per element). With lim = h_i - goal + min_j h_j (the tile's least h_j) every pair hit
    passes (|dot| - h_j >= h_i - goal implies |dot| >= lim): a bound the item kernel refines
    (FilterConfig.norm_bound)."""
    if BLOCK_N == 8 * GROUPS:  # 8 columns per group: linear chains, which ptxas fuses into 3-input max/min
        gmax, gmin = _chains8(acc, BLOCK_M, GROUPS)
    else:
        gmax = _groups(acc, BLOCK_M, BLOCK_N, GROUPS)
        gmin = _groups(acc, BLOCK_M, BLOCK_N, GROUPS, True)
    return tl.maximum(gmax, -gmin) >= lim[:, None]


@triton.jit
def _chains8(acc, BLOCK_M: tl.constexpr, GROUPS: tl.constexpr):
    """(max, min) over each column group of 8 columns (``_groups``' groups, [BLOCK_M, GROUPS] each) as
    linear chains over the group's 8 elements, split off the accumulator (the reshape, permute and splits
    only rename registers of the wgmma layout): 4 three-input max and 4 min per group instead of the
    reductions' pairwise trees (7 + 7, of which ptxas fuses a few)."""
    v = tl.permute(tl.reshape(acc, (BLOCK_M, GROUPS // 4, 4, 4, 2)), (0, 1, 3, 2, 4))  # (m, h, q, j, b)
    v = tl.reshape(v, (BLOCK_M, GROUPS // 4, 4, 2, 2, 2))
    lo, hi = tl.split(v)
    a, b = tl.split(lo)
    c, d = tl.split(hi)
    e0, e1 = tl.split(a)
    e2, e3 = tl.split(b)
    e4, e5 = tl.split(c)
    e6, e7 = tl.split(d)
    mx = tl.maximum(tl.maximum(tl.maximum(tl.maximum(tl.maximum(tl.maximum(tl.maximum(e0, e1), e2), e3), e4), e5),
                               e6), e7)
    mn = tl.minimum(tl.minimum(tl.minimum(tl.minimum(tl.minimum(tl.minimum(tl.minimum(e0, e1), e2), e3), e4), e5),
                               e6), e7)
    return tl.reshape(mx, (BLOCK_M, GROUPS)), tl.reshape(mn, (BLOCK_M, GROUPS))


@triton.jit
def _row_any(acc, hxg, hy, rows, cols, rmask, cmask, need_mask, TRI: tl.constexpr, BLOCK_M: tl.constexpr,
             BLOCK_N: tl.constexpr, GROUPS: tl.constexpr, CHAINS: tl.constexpr = False):
    """1 where a row of the tile holds a hit in column group g (``_groups``), else 0
    ([BLOCK_M, GROUPS] int32, exact): on inner tiles the group maxima of |dot| - h_j against
    h_i - goal (abs, sub and max per element; no shuffle, no tile-wide reduction), on edge and
    diagonal tiles the masked element test (FilterConfig.tile_masks)."""
    t = tl.abs(acc) - hy[None, :]
    if need_mask:
        hit = (t >= hxg[:, None]) & rmask[:, None] & cmask[None, :]
        if TRI:
            hit = hit & (rows[:, None] < cols[None, :])
        r = _groups(hit.to(tl.int32), BLOCK_M, BLOCK_N, GROUPS)
    elif CHAINS and BLOCK_N == 8 * GROUPS:  # linear chains, fused by ptxas into 3-input max (the min chain is dropped)
        r = (_chains8(t, BLOCK_M, GROUPS)[0] >= hxg[:, None]).to(tl.int32)
    else:
        r = (_groups(t, BLOCK_M, BLOCK_N, GROUPS) >= hxg[:, None]).to(tl.int32)
    return r


@triton.jit
def _or(a, b):
    return a | b


@triton.jit
def _popc(x):
    # bits set in each int32: the SWAR count on the unsigned bits, which LLVM turns into one popc
    u = x.to(tl.uint32, bitcast=True)
    u = u - ((u >> 1) & 0x55555555)
    u = (u & 0x33333333) + ((u >> 2) & 0x33333333)
    u = (u + (u >> 4)) & 0x0F0F0F0F
    return ((u * 0x01010101) >> 24).to(tl.int32, bitcast=True)


@triton.jit
def _write_items(qbits, rows, col_base, col_end, items_ptr, item_count_ptr, item_cap, BLOCK_N: tl.constexpr,
                 GROUPS: tl.constexpr):
    """qbits [BLOCK_M, GROUPS]: bit t of (row, g) set when the row has a hit in column group g of
    the program's column tile t. Every set bit becomes an item (row, col_base + t * BLOCK_N,
    col_end, g) at items_ptr: each (row, g) reserves its items by a relaxed atomic on
    item_count_ptr (Triton joins a warp's) and writes them, in rounds of one item per (row, g),
    only if all of the row's fit below ``item_cap``; a row that does not (items <= hits: then
    hits > item_cap) is late and leaves empty items in its slots below item_cap. Elementwise on the [BLOCK_M, GROUPS]
    bits (no per-group loop). Returns (the rows' tile bits, the rows with items not written, whether any row is
    late)."""
    pc = _popc(qbits)
    slot = tl.atomic_add(item_count_ptr + tl.zeros_like(pc), pc.to(tl.int64), mask=pc > 0, sem="relaxed")
    # a row with any (row, g) past item_cap is late as a whole: the caller recomputes its tiles
    over = (pc > 0) & (slot + pc > item_cap)
    late_rows = tl.max(over.to(tl.int32), axis=1) > 0
    keep_any = (pc > 0) & ~late_rows[:, None]
    gid = tl.arange(0, GROUPS)[None, :] + tl.zeros_like(pc)
    row2 = rows[:, None] + tl.zeros_like(pc)
    # one block-wide reduction, if no row is late: the most items of a kept (row, g) (pc <= 32), and bit 6 set by a
    # late row (its pc is not kept; then the kept maximum needs a second reduction)
    n_rounds = tl.max(tl.max(tl.where(keep_any, pc, 0) | (over.to(tl.int32) << 6), axis=1), axis=0)
    any_late = n_rounds >= 64
    if any_late:
        n_rounds = tl.max(tl.max(tl.where(keep_any, pc, 0), axis=1), axis=0)
    b = qbits
    for r in range(0, n_rounds):
        low = b & (-b)  # lowest set bit (bit 31: -2^31, whose low - 1 = 2^31 - 1 still counts 31)
        keep = keep_any & (pc > r)
        item = items_ptr + (slot + r) * 4
        tl.store(item, row2, mask=keep)
        tl.store(item + 1, col_base + _popc(low - 1) * BLOCK_N, mask=keep)
        tl.store(item + 2, col_end + tl.zeros_like(pc), mask=keep)
        tl.store(item + 3, gid, mask=keep)
        b = b ^ low
    bits = tl.zeros_like(rows)
    if any_late:  # empty items in the late rows' slots below item_cap
        hole = tl.where(late_rows[:, None], tl.minimum(tl.maximum(item_cap - slot, 0), pc.to(tl.int64)), 0).to(tl.int32)
        for r in range(0, tl.max(tl.max(hole, axis=1), axis=0)):
            item = items_ptr + (slot + r) * 4
            tl.store(item, row2, mask=hole > r)
            tl.store(item + 1, tl.zeros_like(pc), mask=hole > r)
            tl.store(item + 2, tl.zeros_like(pc), mask=hole > r)  # col_end 0: tests no column
            tl.store(item + 3, tl.zeros_like(pc), mask=hole > r)
        bits = tl.reduce(qbits, 1, _or)
    return bits, late_rows, any_late


@triton.jit
def _write_tile_items(qbits, rows, t0, bins_ptr, stride, sub, n_tiles, regions_ptr, region):
    """``_write_items`` for ``tile_items_kernel`` (FilterConfig.tensor_items): one item per row and
    column tile with a hit (the column groups' bits ORed), written straight into its tile's bin: the
    row id (4 bytes) at slot bins[sub, tile]++ (counters at bins_ptr + sub * stride + tile; one
    relaxed atomic per item, in rounds of one item per row) of the region of ``region`` rows that bin
    owns, regions_ptr + (sub * n_tiles + tile) x region.
    ``sub`` (the program's sub-bin) spreads a tile's items over several counters. An item past its
    region is late: its row's bit for that tile is set in the late bits, and the hot kernel appends
    that (row, tile) itself (the bin's counter runs past ``region``; readers clamp it). Returns (the
    rows' tile bits, their late tile bits, whether any is late)."""
    bits = tl.reduce(qbits, 1, _or)  # [BLOCK_M]: bit t set when the row has a hit in tile t0 + t
    late = tl.zeros_like(bits)
    b = bits
    for r in range(0, tl.max(_popc(bits), axis=0)):
        low = b & (-b)  # lowest set bit (bit 31: -2^31, whose low - 1 = 2^31 - 1 still counts 31)
        has = b != 0
        t = t0 + _popc(low - 1)
        slot = tl.atomic_add(bins_ptr + sub * stride + t, tl.full(bits.shape, 1, tl.int32), mask=has, sem="relaxed")
        tl.store(regions_ptr + (sub * n_tiles + t).to(tl.int64) * region + slot, rows, mask=has & (slot < region))
        late = late | tl.where(has & (slot >= region), low, 0)
        b = b ^ low
    return bits, late, tl.max((late != 0).to(tl.int32), axis=0) > 0


@triton.jit
def _late_rows(bits, late, t):
    # late rows with a hit in the program's column tile t
    return late & (((bits >> t) & 1) == 1)


@triton.jit(do_not_specialize=["M", "N", "goal", "capacity"])
def pair_search_tma_kernel(
    x_desc,  # TMA descriptor over X [M, KP] int8, block [BLOCK_M, BLOCK_K]
    hx_ptr,  # h_x [M] int32
    y_desc,  # TMA descriptor over Y [N, KP] int8, block [BLOCK_N, BLOCK_K] (= x_desc for a Gram search)
    hy_desc,  # TMA descriptor over h_y [N] int32, block [BLOCK_N] (past the end: zeros, masked)
    M, N, goal,
    out_ptr, count_ptr, capacity,  # as pair_search_kernel
    KP: tl.constexpr, GRAM: tl.constexpr, TILES_PER_PROGRAM: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, NUM_STAGES: tl.constexpr,
    ROW_HITS: tl.constexpr = False, DEFER: tl.constexpr = False, ROUNDS: tl.constexpr = False,
    MASKS: tl.constexpr = False, GROUPS: tl.constexpr = 8, BALANCED: tl.constexpr = False,
    PANEL_COST: tl.constexpr = 0, hmin_ptr=None, NORM_BOUND: tl.constexpr = False, perm_ptr=None,
    TRACE: tl.constexpr = False, trace_ptr=None, hy_ptr=None, DUMP: tl.constexpr = 0, dump_ptr=None, slots_ptr=None,
    goal_ptr=None, status_ptr=None, RANGE_BLOCK: tl.constexpr = 1024,
):
    """``pair_search_kernel`` with tiles brought in by the tensor memory accelerator (rows past
    the end read as zeros) and the row panel loaded once when K fits one block. MASKS: the loop
    only sets per-row tile bits; ``_write_items`` turns them into items (FilterConfig.tile_masks).
    BALANCED (with MASKS; a 1-D grid): the (row panel, column tile) units of the search, panel by
    panel, are cut into one contiguous range per program (FilterConfig.balanced). NORM_BOUND (with
    MASKS): inner tiles set their bits by ``_bound_any`` against h_i - goal + hmin[tile] (hmin_ptr:
    [column tiles] int32, each tile's least h_j), edge and diagonal tiles by the exact test
    (FilterConfig.norm_bound); the records it writes itself (late rows) carry the caller's indices through
    perm_ptr (int64, the vectors' order), as ``mask_items_kernel``'s. hy_ptr (h_y [N] int32, optional): the MASKS
    loop's exact test reads h_j by plain loads instead of hy_desc (the launcher passes it). goal_ptr and status_ptr
    (BALANCED, a PairSearchPlan's dump_bits search; then hx_ptr holds h, not h - goal): the goal is read from
    goal_ptr, and the kernel does the plan's input pass itself (``_plan_inputs_in_search``)."""
    if status_ptr is not None:
        _plan_inputs_in_search(hx_ptr, M, hy_ptr, N, GRAM, status_ptr, RANGE_BLOCK)
    if goal_ptr is not None:
        goal = tl.load(goal_ptr)
    if BALANCED:
        _pair_balanced(x_desc, hx_ptr, y_desc, hy_desc, M, N, goal, out_ptr, count_ptr, capacity, KP, GRAM,
                       TILES_PER_PROGRAM, BLOCK_M, BLOCK_N, BLOCK_K, NUM_STAGES, GROUPS, PANEL_COST, hmin_ptr,
                       NORM_BOUND, perm_ptr, TRACE, trace_ptr, hy_ptr, DUMP, dump_ptr, slots_ptr)
        return
    ti, tj0, n_here, rows, rmask, hxg, row_edge = _pair_program(hx_ptr, M, N, goal, GRAM, TILES_PER_PROGRAM,
                                                                BLOCK_M, BLOCK_N)
    panel = _tma_panel(x_desc, ti * BLOCK_M, KP, BLOCK_M, BLOCK_K)
    if MASKS:  # per-row tile bits, flushed to items every 32 tiles (one int32 per row and group)
        CHUNK: tl.constexpr = 32 if TILES_PER_PROGRAM > 32 else TILES_PER_PROGRAM
        for c0 in range(0, n_here, CHUNK):
            _pair_masks_chunk(x_desc, y_desc, hy_desc, panel, ti, tj0 + c0, tl.minimum(n_here - c0, CHUNK), rows, rmask,
                              hxg, row_edge, N, out_ptr, count_ptr, capacity, KP, GRAM, BLOCK_M, BLOCK_N, BLOCK_K,
                              NUM_STAGES, GROUPS, hmin_ptr, NORM_BOUND, perm_ptr, hy_ptr=hy_ptr)
    else:
        for t in tl.range(0, n_here, num_stages=NUM_STAGES):
            tj = tj0 + t
            acc = _tma_tile_dot(x_desc, y_desc, panel, ti * BLOCK_M, tj * BLOCK_N, KP, BLOCK_M, BLOCK_N, BLOCK_K)
            cols = tj * BLOCK_N + tl.arange(0, BLOCK_N)
            cmask = cols < N
            hy = hy_desc.load([tj * BLOCK_N])  # with the tiles, one TMA copy (not 16 small copies per thread)
            need_mask = row_edge or ((tj + 1) * BLOCK_N > N) or (GRAM and tj * BLOCK_N < (ti + 1) * BLOCK_M)
            _test_and_write(acc, hxg, hy, rows, cols, rmask, cmask, need_mask, GRAM, out_ptr, count_ptr, capacity,
                            ROW_HITS, DEFER, N, ROUNDS)


@triton.jit
def _plan_inputs_in_search(hx_ptr, M, hy_ptr, N, GRAM: tl.constexpr, status_ptr, BLOCK: tl.constexpr):
    """``plan_inputs_kernel``'s range partials and counter zeroing, done by the search's programs (striding over the
    parts: x's, then a cross search's y's) so that a plan launches no input pass: status_ptr [2 counters, 2 x
    parts of x, 2 x parts of y] int64 (``_range_pass``' layout). The counters are read only by the item kernel,
    which runs after the search."""
    pid = tl.program_id(0)
    x_parts = tl.cdiv(M, BLOCK)
    parts = x_parts if GRAM else x_parts + tl.cdiv(N, BLOCK)
    for q in range(pid, parts, tl.num_programs(0)):
        offs = (q if q < x_parts else q - x_parts) * BLOCK + tl.arange(0, BLOCK)
        if q < x_parts:
            h = tl.load(hx_ptr + offs, mask=offs < M, other=0)
        else:
            h = tl.load(hy_ptr + offs, mask=offs < N, other=0)
        _store_range(status_ptr + 2, q, h)
    if pid == 0:
        tl.store(status_ptr + tl.arange(0, 2), tl.zeros((2,), dtype=tl.int64))


#: diagnostics of the balanced schedule (TRACE; ``benchmarks/trace_balanced.py``): int64 stamps per program
TRACE_SLOTS = tl.constexpr(64)


@triton.jit
def _stamp(trace_ptr, slot, TRACE: tl.constexpr, WHAT: tl.constexpr = 0):
    # TRACE: at trace_ptr[program, slot] the SM's cycle counter (WHAT 0: %clock64), the global nanosecond timer
    # (1: %globaltimer) or the SM's id (2: %smid), by inline PTX: CUDA only, never in the defaults
    if TRACE:
        pid = tl.program_id(0)
        if WHAT == 2:
            t = tl.inline_asm_elementwise("mov.u32 $0, %smid;", "=r,r", [pid], dtype=tl.int32, is_pure=False,
                                          pack=1).to(tl.int64)
        elif WHAT == 1:
            t = tl.inline_asm_elementwise("mov.u64 $0, %globaltimer;", "=l,r", [pid], dtype=tl.int64, is_pure=False,
                                          pack=1)
        else:
            t = tl.inline_asm_elementwise("mov.u64 $0, %clock64;", "=l,r", [pid], dtype=tl.int64, is_pure=False,
                                          pack=1)
        tl.store(trace_ptr + pid.to(tl.int64) * TRACE_SLOTS + tl.minimum(slot + 0 * pid, TRACE_SLOTS - 1), t)


@triton.jit
def _first_tile(ti, GRAM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    # panel ti's first column tile: a Gram search starts at the tile holding column ti * BLOCK_M
    if GRAM:
        return (ti * BLOCK_M) // BLOCK_N
    else:
        return ti * 0


@triton.jit
def _units_before(p, n_tiles, GRAM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  PANEL_COST: tl.constexpr):
    # schedule units of panels 0 .. p - 1 (int64 p): each panel PANEL_COST units (its fixed cost) then one
    # per column tile, n_tiles - _first_tile(ti) of them
    return PANEL_COST * p + _tiles_before(p, n_tiles, GRAM, BLOCK_M, BLOCK_N)


@triton.jit
def _tiles_before(p, n_tiles, GRAM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    if GRAM:
        if BLOCK_M >= BLOCK_N:  # _first_tile(ti) = ti * r
            before = (BLOCK_M // BLOCK_N) * (p * (p - 1) // 2)
        else:  # _first_tile(ti) = ti // r: q whole groups of r panels, then p - r q panels with tile q
            r: tl.constexpr = BLOCK_N // BLOCK_M
            q = p // r
            before = r * (q * (q - 1) // 2) + q * (p - r * q)
        return p * n_tiles - before
    else:
        return p * n_tiles


@triton.jit
def _panel_of(u, n_tiles, GRAM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, PANEL_COST: tl.constexpr):
    """The panel holding schedule unit u (int64, 0 <= u < the search's units): the last p with
    ``_units_before(p) <= u``. A guess from the quadratic the units follow (in a Gram search panel p starts
    near w p - a p^2 units, w = n_tiles + PANEL_COST + b; FP64), then exact steps (at most a few): some integer
    evaluations instead of a binary search's ~log2(panels) dependent ones."""
    uf = u.to(tl.float64)
    if GRAM:
        if BLOCK_M >= BLOCK_N:  # _tiles_before's panels before p: r p (p - 1) / 2, r = BLOCK_M / BLOCK_N
            a: tl.constexpr = (BLOCK_M // BLOCK_N) / 2
        else:  # ~ p^2 / (2 r) - p / 2, r = BLOCK_N / BLOCK_M
            a: tl.constexpr = 1 / (2 * (BLOCK_N // BLOCK_M))
        w = (n_tiles + PANEL_COST).to(tl.float64) + (a if BLOCK_M >= BLOCK_N else 0.5)
        g = (w - tl.sqrt(tl.maximum(w * w - 4 * a * uf, 0.0))) / (2 * a)
    else:
        g = uf / (n_tiles + PANEL_COST).to(tl.float64)
    p = tl.maximum(g.to(tl.int64), 0)
    # _units_before grows with p, is 0 at p = 0 and exceeds u at the last panel's end: both walks stop in range
    while _units_before(p + 1, n_tiles, GRAM, BLOCK_M, BLOCK_N, PANEL_COST) <= u:
        p += 1
    while _units_before(p, n_tiles, GRAM, BLOCK_M, BLOCK_N, PANEL_COST) > u:
        p -= 1
    return p


@triton.jit
def _range_in_panel(u, u_end, ti, p_start, n_tiles, GRAM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                    PANEL_COST: tl.constexpr):
    """The balanced walk at unit u of a range ending at u_end, in panel ti (whose units start at p_start): the
    panel's first column tile, the end of its units, and the range's tiles in it, t0 .. t1 - 1 (none if t1 <= t0)."""
    first = _first_tile(ti, GRAM, BLOCK_M, BLOCK_N)
    p_end = p_start + PANEL_COST + n_tiles - first
    t0 = tl.maximum(u - p_start - PANEL_COST, 0)
    t1 = tl.minimum(u_end, p_end) - p_start - PANEL_COST
    return first, p_end, t0, t1


@triton.jit
def _next_panel(u_end, p_end, ti, p_start):
    """The walk's next step: (u, panel, its units' start), into the next panel if the range goes past this one
    (a range may end in a panel's fixed-cost units, holding none of its tiles)."""
    u = tl.minimum(u_end, p_end)
    if u == p_end:
        ti += 1
        p_start = p_end
    return u, ti, p_start


@triton.jit
def _pair_balanced(x_desc, hx_ptr, y_desc, hy_desc, M, N, goal, out_ptr, count_ptr, capacity, KP: tl.constexpr,
                   GRAM: tl.constexpr, TILES_PER_PROGRAM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                   BLOCK_K: tl.constexpr, NUM_STAGES: tl.constexpr, GROUPS: tl.constexpr,
                   PANEL_COST: tl.constexpr, hmin_ptr, NORM_BOUND: tl.constexpr, perm_ptr,
                   TRACE: tl.constexpr = False, trace_ptr=None, hy_ptr=None, DUMP: tl.constexpr = 0, dump_ptr=None,
                   slots_ptr=None):
    """``pair_search_tma_kernel``'s BALANCED schedule: the search's W units, panel by panel (PANEL_COST
    units for entering the panel, then one per column tile), split into num_programs contiguous ranges
    of W / num_programs (+-1) units; a program walks the tiles of its range in chunks of at most
    min(TILES_PER_PROGRAM, 32) tiles of one panel (bits flushed after each chunk), loading a panel's
    rows once for all its chunks. No empty programs and no tail wave of short ones (the (panel, chunk) grid has
    both in a Gram search's triangle). TRACE (diagnostics): cycle stamps per program in trace_ptr
    [programs, TRACE_SLOTS] int64: SM cycles at 0 the start, 1 after the panel search, then per chunk (before; loop
    done; flushed) from slot 2 on (up to 19 chunks), 63 the end; 60 / 61 the global timer (ns) at the start / end,
    62 the SM."""
    CHUNK: tl.constexpr = 32 if TILES_PER_PROGRAM > 32 else TILES_PER_PROGRAM
    _stamp(trace_ptr, 60, TRACE, 1)
    _stamp(trace_ptr, 62, TRACE, 2)
    _stamp(trace_ptr, 0, TRACE)
    n_tiles = tl.cdiv(N, BLOCK_N).to(tl.int64)
    n_panels = tl.cdiv(M, BLOCK_M).to(tl.int64)
    total = _units_before(n_panels, n_tiles, GRAM, BLOCK_M, BLOCK_N, PANEL_COST)
    pid = tl.program_id(0).to(tl.int64)
    n_prog = tl.num_programs(0)
    u = pid * total // n_prog
    u_end = (pid + 1) * total // n_prog
    ti = _panel_of(u, n_tiles, GRAM, BLOCK_M, BLOCK_N, PANEL_COST)
    p_start = _units_before(ti, n_tiles, GRAM, BLOCK_M, BLOCK_N, PANEL_COST)
    _stamp(trace_ptr, 1, TRACE)
    slot = 2
    dslot = pid * 0  # DUMP: this program's next dump slot
    if DUMP:
        if slots_ptr is not None:  # (a plan's, from ``_dump_slots``)
            dslot = tl.load(slots_ptr + pid)
        else:  # its chunks counted by the walk below, their slots reserved on count_ptr[1] (zeroed, unused by DUMP)
            n_chunks = pid * 0
            uu = u
            tt = ti
            ps = p_start
            while uu < u_end:
                _, pe, t0, t1 = _range_in_panel(uu, u_end, tt, ps, n_tiles, GRAM, BLOCK_M, BLOCK_N, PANEL_COST)
                n_chunks += tl.cdiv(tl.maximum(t1 - t0, 0), CHUNK)
                uu, tt, ps = _next_panel(u_end, pe, tt, ps)
            dslot = tl.atomic_add(count_ptr + 1, n_chunks, sem="relaxed")
    while u < u_end:
        first, p_end, t0, t1 = _range_in_panel(u, u_end, ti, p_start, n_tiles, GRAM, BLOCK_M, BLOCK_N, PANEL_COST)
        n_panel = (t1 - t0).to(tl.int32)
        if n_panel > 0:  # the panel's rows loaded once for all its chunks in the range
            ti32 = ti.to(tl.int32)
            rows = ti32 * BLOCK_M + tl.arange(0, BLOCK_M)
            rmask = rows < M
            panel = _tma_panel(x_desc, ti32 * BLOCK_M, KP, BLOCK_M, BLOCK_K)
            for c0 in range(0, n_panel, CHUNK):
                _stamp(trace_ptr, slot, TRACE)
                _pair_masks_chunk(x_desc, y_desc, hy_desc, panel, ti32, (first + t0 + c0).to(tl.int32),
                                  tl.minimum(n_panel - c0, CHUNK), rows, rmask, _row_limits(hx_ptr, rows, rmask, goal),
                                  (ti32 + 1) * BLOCK_M > M, N,
                                  out_ptr, count_ptr, capacity, KP, GRAM, BLOCK_M, BLOCK_N, BLOCK_K, NUM_STAGES,
                                  GROUPS, hmin_ptr, NORM_BOUND, perm_ptr, TRACE, trace_ptr, slot + 1, hy_ptr,
                                  DUMP, dump_ptr, dslot)
                if DUMP:
                    dslot += 1
                _stamp(trace_ptr, slot + 2, TRACE)
                slot += 3
        u, ti, p_start = _next_panel(u_end, p_end, ti, p_start)
    _stamp(trace_ptr, TRACE_SLOTS - 1, TRACE)
    _stamp(trace_ptr, 61, TRACE, 1)


@triton.jit
def _pair_masks_chunk(x_desc, y_desc, hy_desc, panel, ti, tj0, n_here, rows, rmask, hxg, row_edge, N, out_ptr,
                      count_ptr, capacity, KP: tl.constexpr, GRAM: tl.constexpr, BLOCK_M: tl.constexpr,
                      BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, NUM_STAGES: tl.constexpr, GROUPS: tl.constexpr,
                      hmin_ptr=None, NORM_BOUND: tl.constexpr = False, perm_ptr=None, TRACE: tl.constexpr = False,
                      trace_ptr=None, trace_slot=0, hy_ptr=None, DUMP: tl.constexpr = 0, dump_ptr=None, dslot=0):
    """``pair_search_tma_kernel``'s MASKS loop over column tiles tj0 .. tj0 + n_here - 1 (n_here <= 32):
    per-row tile bits in the hot loop, then ``_write_items`` and, if the item buffer is full, the late
    rows in rounds (NORM_BOUND: with the caller's indices, perm_ptr the order's permutation). A program of more
    than 32 tiles runs it once per 32 (the row panel loaded once)."""
    qbits = tl.zeros((BLOCK_M, GROUPS), dtype=tl.int32)
    if NORM_BOUND:
        hmin_next = tl.load(hmin_ptr + tj0)  # the next tile's least h_j, loaded a tile ahead
    for t in tl.range(0, n_here, num_stages=NUM_STAGES):
        tj = tj0 + t
        cols = tj * BLOCK_N + tl.arange(0, BLOCK_N)
        cmask = cols < N
        if not NORM_BOUND and hy_ptr is not None:
            # h_j by plain loads before the product: the pipeliner makes them cp.async copies a stage ahead, read
            # back before the product's wait (the TMA copy of h_j cost a proxy fence, a block barrier and a wait
            # per tile: 345 -> 299 instructions per tile, 16384 vectors -4%, NOTES.md 82)
            hy_early = tl.load(hy_ptr + cols, mask=cmask, other=0)
        acc = _tma_tile_dot(x_desc, y_desc, panel, ti * BLOCK_M, tj * BLOCK_N, KP, BLOCK_M, BLOCK_N, BLOCK_K)
        need_mask = row_edge or ((tj + 1) * BLOCK_N > N) or (GRAM and tj * BLOCK_N < (ti + 1) * BLOCK_M)
        if NORM_BOUND:
            hmin = hmin_next
            hmin_next = tl.load(hmin_ptr + tj0 + tl.minimum(t + 1, n_here - 1))
            if need_mask:
                r = _row_any(acc, hxg, hy_desc.load([tj * BLOCK_N]), rows, cols, rmask, cmask, True, GRAM, BLOCK_M,
                             BLOCK_N, GROUPS)
            else:  # (hxg + hmin: |h| < 2^29, |goal| <= 2^30, so it stays inside int32)
                r = _bound_any(acc, hxg + hmin, BLOCK_M, BLOCK_N, GROUPS).to(tl.int32)
        else:
            if hy_ptr is not None:
                hy = hy_early
            else:
                hy = hy_desc.load([tj * BLOCK_N])
            r = _row_any(acc, hxg, hy, rows, cols, rmask, cmask, need_mask, GRAM, BLOCK_M, BLOCK_N, GROUPS, True)
        if NORM_BOUND:  # (the select below measured ~0.5% slower on this loop: NOTES.md 81)
            qbits = qbits | (r << t)
        else:  # one select instead of a shift and an or per (row, group) (bit 31: -2^31)
            qbits = tl.where(r != 0, qbits | (tl.full((), 1, tl.int32) << t), qbits)
    _stamp(trace_ptr, trace_slot, TRACE)
    if DUMP:  # the bits as they are (no items, so no item buffer to fill and no late rows)
        _dump_bits(dump_ptr, dslot, qbits, ti, tj0, BLOCK_M, GROUPS)
    else:
        _flush_items(x_desc, y_desc, hy_desc, panel, ti, tj0, n_here, rows, qbits, hxg, N, out_ptr, count_ptr,
                     capacity, KP, GRAM, BLOCK_M, BLOCK_N, BLOCK_K, GROUPS, perm_ptr, NORM_BOUND)


@triton.jit
def _flush_items(x_desc, y_desc, hy_desc, panel, ti, tj0, n_here, rows, qbits, hxg, N, out_ptr, count_ptr, capacity,
                 KP: tl.constexpr, GRAM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                 BLOCK_K: tl.constexpr, GROUPS: tl.constexpr, perm_ptr, NORM_BOUND: tl.constexpr):
    """``_pair_masks_chunk``'s flush of a chunk's bits as items (``_write_items``) and, if the item buffer is full,
    the late rows' tiles recomputed and written in rounds."""
    bits, late_rows, any_late = _write_items(qbits, rows, tj0 * BLOCK_N, N, out_ptr + tl.cast(capacity, tl.int64) * 4,
                                             count_ptr + 1, capacity, BLOCK_N, GROUPS)
    if any_late:  # the item buffer is full: the rest written here, in rounds
        for t in range(0, n_here):
            late = _late_rows(bits, late_rows, t)
            if tl.max(late.to(tl.int32), axis=0) > 0:
                tj = tj0 + t
                acc = _tma_tile_dot(x_desc, y_desc, panel, ti * BLOCK_M, tj * BLOCK_N, KP, BLOCK_M, BLOCK_N, BLOCK_K)
                cols = tj * BLOCK_N + tl.arange(0, BLOCK_N)
                _pair_rounds(acc, hy_desc.load([tj * BLOCK_N]), hxg, rows, late, cols, N, GRAM, out_ptr, count_ptr,
                             capacity, perm_ptr, NORM_BOUND)


#: FilterConfig.dump_bits: int32 words of one dump slot before its bits (the header: the chunk's row panel and first
#: column tile; 16 words keep the bits 64-byte aligned)
DUMP_HEADER = tl.constexpr(16)


@triton.jit
def _dump_bits(dump_ptr, dslot, qbits, ti, tj0, BLOCK_M: tl.constexpr, GROUPS: tl.constexpr):
    """FilterConfig.dump_bits: a chunk's bits qbits [BLOCK_M, GROUPS] (bit t of (row, g): column group g of tile
    tj0 + t holds a hit of row ti * BLOCK_M + row) into dump slot dslot: the header (ti, tj0), then the words
    row-major. Plain stores: no atomic, no reduction, nothing read back (``dump_items_kernel`` reads them)."""
    base = dump_ptr + dslot.to(tl.int64) * (DUMP_HEADER + BLOCK_M * GROUPS)
    tl.store(base + DUMP_HEADER + tl.arange(0, BLOCK_M)[:, None] * GROUPS + tl.arange(0, GROUPS)[None, :], qbits)
    two = tl.arange(0, 2)
    tl.store(base + two, tl.where(two == 0, ti, tj0))


@triton.jit
def _segment_item(work_ptr, BLOCK_N: tl.constexpr, TILES_PER_PROGRAM: tl.constexpr):
    # this program's work item: segment [start, end), row tile ti, column tiles tj0 .. tj0 + n_here - 1
    w = tl.program_id(0).to(tl.int64) * 4
    start = tl.load(work_ptr + w)
    end = tl.load(work_ptr + w + 1)
    ti = tl.load(work_ptr + w + 2)
    tj0 = tl.load(work_ptr + w + 3)
    n_here = tl.minimum(tl.cdiv(end - start, BLOCK_N) - tj0, TILES_PER_PROGRAM)
    return start, end, ti, tj0, n_here


@triton.jit(do_not_specialize=["goal", "capacity"])
def segment_pair_search_tma_kernel(
    x_desc,  # TMA descriptor over X [M, KP] int8, block [BLOCK_M, BLOCK_K] (BLOCK_M == BLOCK_N)
    hx_ptr, work_ptr, goal, out_ptr, count_ptr, capacity,  # as segment_pair_search_kernel
    KP: tl.constexpr, TILES_PER_PROGRAM: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, NUM_STAGES: tl.constexpr,
    ROW_HITS: tl.constexpr = False, DEFER: tl.constexpr = False, ROUNDS: tl.constexpr = False,
    MASKS: tl.constexpr = False, GROUPS: tl.constexpr = 8,
):
    """``segment_pair_search_kernel`` with ``pair_search_tma_kernel``'s loads (tiles may reach
    into the next segment: those rows and columns are masked) and its MASKS path."""
    start, end, ti, tj0, n_here = _segment_item(work_ptr, BLOCK_N, TILES_PER_PROGRAM)
    row0 = start + ti * BLOCK_M
    rows = row0 + tl.arange(0, BLOCK_M)
    rmask = rows < end
    hxg = _row_limits(hx_ptr, rows, rmask, goal)
    row_edge = row0 + BLOCK_M > end
    panel = _tma_panel(x_desc, row0, KP, BLOCK_M, BLOCK_K)
    qbits = tl.zeros((BLOCK_M, GROUPS), dtype=tl.int32)
    for t in tl.range(0, n_here, num_stages=NUM_STAGES):
        tj = tj0 + t
        col0 = start + tj * BLOCK_N
        acc = _tma_tile_dot(x_desc, x_desc, panel, row0, col0, KP, BLOCK_M, BLOCK_N, BLOCK_K)
        cols = col0 + tl.arange(0, BLOCK_N)
        cmask = cols < end
        hy = tl.load(hx_ptr + cols, mask=cmask, other=H_PAD)  # segment starts are not 16-byte aligned for TMA
        need_mask = row_edge or (col0 + BLOCK_N > end) or (tj == ti)
        if MASKS:
            qbits = qbits | (_row_any(acc, hxg, hy, rows, cols, rmask, cmask, need_mask, True, BLOCK_M, BLOCK_N,
                                          GROUPS) << t)
        else:
            _test_and_write(acc, hxg, hy, rows, cols, rmask, cmask, need_mask, True, out_ptr, count_ptr, capacity,
                            ROW_HITS, DEFER, end, ROUNDS)
    if MASKS:
        bits, late_rows, any_late = _write_items(qbits, rows, start + tj0 * BLOCK_N, end,
                                                 out_ptr + tl.cast(capacity, tl.int64) * 4, count_ptr + 1, capacity,
                                                 BLOCK_N, GROUPS)
        if any_late:  # the item buffer is full (hits > capacity): the rest written here, in rounds
            for t in range(0, n_here):
                late = _late_rows(bits, late_rows, t)
                if tl.max(late.to(tl.int32), axis=0) > 0:
                    col0 = start + (tj0 + t) * BLOCK_N
                    acc = _tma_tile_dot(x_desc, x_desc, panel, row0, col0, KP, BLOCK_M, BLOCK_N, BLOCK_K)
                    cols = col0 + tl.arange(0, BLOCK_N)
                    _pair_rounds(acc, tl.load(hx_ptr + cols, mask=cols < end, other=H_PAD), hxg, rows, late, cols, end,
                                 True, out_ptr, count_ptr, capacity)


@triton.jit
def _write_pair_hits(hit, acc, rows, cols, out_ptr, count_ptr, capacity, ROW_HITS: tl.constexpr,
                     DEFER: tl.constexpr, col_end):
    """Compact a tile's hits into the record buffer: one relaxed atomic per tile with a hit
    (without DEFER), rows' ranges at an exclusive prefix sum of their counts.

    ROW_HITS: when no row of the tile holds two hits (the common case at the sieve's rates), each
    row's hit is reduced to one column and one dot (a max and a sum along the row) and written as
    [BLOCK_M]-long stores, instead of four predicated [BLOCK_M, BLOCK_N] stores and their 64-bit
    offsets (FilterConfig.row_hits; NOTES.md 45).

    DEFER: rows with one hit are written that way in every tile; a row with two or more hits
    (below capacity) is deferred as an item (i, first column, column end, its reserved start)
    after the records, for ``deferred_rows_kernel`` to recompute and write; the hot kernel then
    has no [BLOCK_M, BLOCK_N] store path (FilterConfig.defer_rows; NOTES.md 49). Rows reserve
    their ranges and items themselves (``_reserve_rows``; NOTES.md 55)."""
    hi = hit.to(tl.int32)
    rc = tl.sum(hi, axis=1)
    if DEFER:  # every row reserves its own range: no tile-wide total, prefix sum or broadcast base
        row_start = _reserve_rows(count_ptr, rc)
        room = (rc > 0) & (row_start < capacity)
        _write_row_records(hit, acc, rows, cols, row_start, (rc == 1) & room, out_ptr)
        multi = (rc >= 2) & room
        item = out_ptr + (capacity + _reserve_rows(count_ptr + 1, multi.to(tl.int32))) * 4
        tl.store(item, rows, mask=multi)
        tl.store(item + 1, tl.min(cols, axis=0) + tl.zeros_like(rows), mask=multi)
        tl.store(item + 2, col_end + tl.zeros_like(rows), mask=multi)
        tl.store(item + 3, row_start.to(tl.int32), mask=multi)
    else:
        total = tl.sum(rc, axis=0)
        if total > 0:  # masked tiles whose candidates all fell outside stop here
            base = tl.atomic_add(count_ptr, total.to(tl.int64), sem="relaxed")
            row_start = base + (tl.cumsum(rc, axis=0) - rc).to(tl.int64)
            if ROW_HITS:
                if tl.max(rc, axis=0) <= 1:
                    _write_row_records(hit, acc, rows, cols, row_start, (rc > 0) & (row_start < capacity), out_ptr)
                else:
                    _write_tile_hits(hit, hi, rc, row_start, acc, rows, cols, out_ptr, capacity)
            else:
                _write_tile_hits(hit, hi, rc, row_start, acc, rows, cols, out_ptr, capacity)


@triton.jit
def _reserve_rows(count_ptr, rc):
    """Each row with rc > 0 hits reserves rc consecutive positions by its own relaxed atomic add on
    the counter (Triton joins a warp's atomics on one address into one); returns the rows'
    starts (int64; unspecified where rc == 0). Relaxed: the counts and positions are read only
    after the launch, so no fence is needed (acq_rel, Triton's default, put a GPU-wide memory
    barrier and an L1 invalidation around every atomic; NOTES.md 55)."""
    return tl.atomic_add(count_ptr + tl.zeros_like(rc), rc.to(tl.int64), mask=rc > 0, sem="relaxed")


@triton.jit
def _write_row_records(hit, acc, rows, cols, row_start, keep, out_ptr):
    # rows (where keep) whose one hit in the tile becomes one record: its column by a max along
    # the row, its dot by a sum, [BLOCK_M]-long stores
    col = tl.max(tl.where(hit, cols[None, :], -1), axis=1)
    dot = tl.sum(tl.where(hit, acc, 0), axis=1)
    _store_records(out_ptr, row_start, rows, col, dot, keep)


@triton.jit
def _store_records(out_ptr, pos, i, j, dot, keep):
    # records (i, j, sign, dot) at positions pos where keep: four scalar stores (one 16-byte store
    # of the joined fields saves store instructions but adds ~30 CTA barriers for its layout
    # change in the [BLOCK_M, BLOCK_N] case; sm_90a PTX, NOTES.md 37)
    rec = out_ptr + pos * 4
    tl.store(rec, i, mask=keep)
    tl.store(rec + 1, j, mask=keep)
    tl.store(rec + 2, tl.where(dot >= 0, 1, -1), mask=keep)
    tl.store(rec + 3, dot, mask=keep)


#: above every column index (the min of an empty row in ``_first_hit``; a row excluded from rounds)
COL_NONE = tl.constexpr((1 << 31) - 1)


@triton.jit
def _round_hits(acc, hy, hxg, cols, col_end, prev):
    # the exact hit test of a tile's elements at columns above prev (per row) and below col_end;
    # rows outside start at prev = COL_NONE, TRI searches at the row index
    keep = (cols[None, :] > prev[:, None]) & (cols < col_end)[None, :]
    return ((tl.abs(acc) - hy[None, :]) >= hxg[:, None]) & keep


@triton.jit
def _pair_rounds(acc, hy, hxg, rows, rmask, cols, col_end, TRI: tl.constexpr, out_ptr, count_ptr, capacity,
                 perm_ptr=None, UNSORT: tl.constexpr = False):
    """FilterConfig.row_rounds for the pair searches: each row reserves its hits (``_reserve_rows``),
    then round r writes each row's r-th hit (ascending columns) at its row's start + r as [BLOCK_M]-long
    stores, the hit test recomputed from the accumulator in every round (so no [BLOCK_M, BLOCK_N]
    mask or offsets stay live; NOTES.md 53). UNSORT: the records get the caller's indices
    (``_caller_ids``)."""
    prev0 = tl.where(rmask, rows if TRI else -1, COL_NONE)
    rc = tl.sum(_round_hits(acc, hy, hxg, cols, col_end, prev0).to(tl.int32), axis=1)
    row_start = _reserve_rows(count_ptr, rc)
    col = prev0
    for r in range(0, tl.max(rc, axis=0)):
        col, dot = _first_hit(_round_hits(acc, hy, hxg, cols, col_end, col), acc, cols)
        pos = row_start + r
        keep = (rc > r) & (pos < capacity)
        if UNSORT:
            i, j = _caller_ids(rows, col, perm_ptr, keep, keep, TRI)
            _store_records(out_ptr, pos, i, j, dot, keep)
        else:
            _store_records(out_ptr, pos, rows, col, dot, keep)


@triton.jit
def _caller_ids(i, j, perm_ptr, imask, jmask, GRAM: tl.constexpr):
    """A norm_bound search's records (i, j) over vectors ordered by half norm (``sort_by_norm``; ordered row r is
    the caller's perm[r], int64) back to the caller's indices: j always, i in a Gram search (a cross search
    orders y only), where each pair is then ordered i < j (sign and dot are symmetric). i and j broadcast
    (e.g. [BLOCK_I, 1] rows against [BLOCK_I, GC] columns: one load per row); imask and jmask: their loads'."""
    j2 = tl.load(perm_ptr + j, mask=jmask, other=0).to(tl.int32)
    if GRAM:
        i2 = tl.load(perm_ptr + i, mask=imask, other=0).to(tl.int32)
        return tl.minimum(i2, j2), tl.maximum(i2, j2)
    else:
        return i + tl.zeros_like(j2), j2


@triton.jit
def _first_hit(hit, acc, cols):
    # each row's first hit (COL_NONE if none) and its dot: a min and a sum along the row
    col = tl.min(tl.where(hit, cols[None, :], COL_NONE), axis=1)
    dot = tl.sum(tl.where(cols[None, :] == col[:, None], acc, 0), axis=1)
    return col, dot


@triton.jit
def _write_tile_hits(hit, hi, rc, row_start, acc, rows, cols, out_ptr, capacity):
    # every hit at its row's start plus its offset inside the row
    pos = row_start[:, None] + _row_offsets(hi, rc).to(tl.int64)
    _store_records(out_ptr, pos, rows[:, None] + tl.zeros_like(hi), cols[None, :] + tl.zeros_like(hi), acc,
                   hit & (pos < capacity))


@triton.jit(do_not_specialize=["goal", "capacity"])
def segment_pair_search_kernel(
    x_ptr, stride_x, hx_ptr,  # X [M, KP] int8, h [M] int32: the segments' vectors, back to back
    work_ptr,  # [W, 4] int32 work items: segment start, segment end, row tile, first column tile
    goal,
    out_ptr, count_ptr, capacity,  # as pair_search_kernel; i, j index X
    KP: tl.constexpr, TILES_PER_PROGRAM: tl.constexpr,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, ROW_HITS: tl.constexpr = False,
    DEFER: tl.constexpr = False, ROUNDS: tl.constexpr = False,
):
    """All pairs i < j inside each segment [start, end) of X (a Gram search per segment, upper
    triangle only), for many segments in one launch: program w handles work item w."""
    start, end, ti, tj0, n_here = _segment_item(work_ptr, BLOCK_N, TILES_PER_PROGRAM)
    rows = start + ti * BLOCK_M + tl.arange(0, BLOCK_M)
    rmask = rows < end
    hxg = _row_limits(hx_ptr, rows, rmask, goal)
    row_edge = start + (ti + 1) * BLOCK_M > end
    for t in range(0, n_here):
        tj = tj0 + t
        cols = start + tj * BLOCK_N + tl.arange(0, BLOCK_N)
        cmask = cols < end
        acc = _tile_dot(x_ptr, stride_x, rows, rmask, x_ptr, stride_x, cols, cmask, KP, BLOCK_M, BLOCK_N, BLOCK_K)
        hy = tl.load(hx_ptr + cols, mask=cmask, other=H_PAD)
        _test_and_write(acc, hxg, hy, rows, cols, rmask, cmask,  # masked at a segment edge or the diagonal
                        row_edge or (start + (tj + 1) * BLOCK_N > end) or (tj == ti), True, out_ptr, count_ptr,
                        capacity, ROW_HITS, DEFER, end, ROUNDS)


@triton.jit(do_not_specialize=["goal", "capacity"])
def deferred_rows_kernel(
    x_ptr, stride_x, hx_ptr,  # X [M, KP] int8 and h_x as the search's
    y_ptr, stride_y, hy_ptr,  # Y and h_y (= X, h_x for Gram and segmented searches)
    goal, out_ptr, count_ptr, capacity,  # the search's records; count_ptr[1]: deferred items after them
    KP: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, TRI: tl.constexpr,
):
    """Write the hits of the rows a DEFER search left (``_write_pair_hits``): each item (i, col0,
    col_end, start) is row i against columns col0 .. col0 + BLOCK_N - 1 below col_end (and above
    i when TRI), recomputed exactly with the same test, its hits written from the reserved start
    in ascending column order. Programs stride over the items (their count is read here)."""
    n_items = tl.load(count_ptr + 1).to(tl.int32)
    for it in range(tl.program_id(0), n_items, tl.num_programs(0)):
        item = out_ptr + (capacity + tl.cast(it, tl.int64)) * 4  # int64: in int32 this wrapped once capacity > 2^29
        i = tl.load(item)
        col0 = tl.load(item + 1)
        col_end = tl.load(item + 2)
        cols = col0 + tl.arange(0, BLOCK_N)
        cmask = cols < col_end
        dot = tl.zeros((BLOCK_N,), dtype=tl.int32)
        for k0 in tl.static_range(0, KP, BLOCK_K):
            ks = k0 + tl.arange(0, BLOCK_K)
            xi = tl.load(x_ptr + i.to(tl.int64) * stride_x + ks).to(tl.int32)
            yt = tl.load(y_ptr + cols[:, None].to(tl.int64) * stride_y + ks[None, :], mask=cmask[:, None], other=0)
            dot += tl.sum(yt.to(tl.int32) * xi[None, :], axis=1)
        hy = tl.load(hy_ptr + cols, mask=cmask, other=H_PAD)
        hit = ((tl.abs(dot) - hy) >= (tl.load(hx_ptr + i) - goal)) & cmask
        if TRI:
            hit = hit & (cols > i)
        hi = hit.to(tl.int32)
        start = tl.load(item + 3).to(tl.int64)
        pos = start + (tl.cumsum(hi, axis=0) - hi).to(tl.int64)
        _store_records(out_ptr, pos, i + tl.zeros_like(cols), cols, dot, hit & (pos < capacity))


@triton.jit(do_not_specialize=["goal", "item_cap", "capacity"])
def mask_items_kernel(
    x_ptr, stride_x, hx_ptr,  # X [M, KP] int8; h_x [M] int32 (bucketing: the thresholds)
    y_ptr, stride_y, hy_ptr,  # Y and h_y (= X, h_x for Gram and segmented searches; bucketing: centres, unused)
    goal,  # the pair searches' goal (bucketing: 0)
    items_ptr, item_count_ptr, item_cap,  # [item_cap, 4] int32 items (i, col0, col_end, g), their count (may exceed item_cap)
    out_ptr, count_ptr, capacity,  # pair: [capacity, 4] records and the hit total; bucketing: ids [M, capacity], counts [M]
    signs_ptr,  # bucketing: signs [M, capacity] int8 (pair searches: unused)
    KP: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, TRI: tl.constexpr, BLOCK_I: tl.constexpr,
    BUCKET: tl.constexpr = False, BATCH_RESERVE: tl.constexpr = False, GROUPS: tl.constexpr = 8,
    perm_ptr=None, UNSORT: tl.constexpr = False, DP4A: tl.constexpr = False,
):
    """Write the hits of a MASKS filter's items (``_write_items``; FilterConfig.tile_masks): item
    (i, col0, col_end, g) is row i against the columns of group g (``_groups``: BLOCK_N / GROUPS columns)
    of the tile col0 .. col0 + BLOCK_N - 1, below col_end (and above i when TRI), recomputed
    exactly with the filter's test on CUDA cores, BLOCK_I items at a time (gathered rows of X and
    Y). Pair searches: each item with hits reserves its range of records by one relaxed atomic on
    count_ptr (the atomics of one address are serialised at the L2: ~1e6 items at 1e-4; with
    BATCH_RESERVE the BLOCK_I items of an iteration reserve one range by one atomic and take their
    starts from a prefix sum). Bucketing (BUCKET): hit when |dot| >= thr_i; each item
    appends to row i's list by one relaxed atomic on counts[i] (list order unspecified). Programs
    stride over the first min(items, item_cap) items (the count is read here). UNSORT (pair searches of
    FilterConfig.norm_bound, run on vectors ordered by half norm): records carry the caller's indices
    (``_caller_ids``; perm_ptr the order's permutation, int64), so no pass maps them afterwards.
    The dots come from the rows read as int32 words (``_item_dots_words``: byte strides and KP multiples of 4,
    BLOCK_K bytes per step; DP4A, CUDA only: one dp4a per word) instead of int8 elements (a byte extraction and
    an IMAD per product; the GPU's build of 32 items x 4 warps: 920 against 1312 SASS instructions, NOTES.md 84)."""
    n_items = tl.minimum(tl.load(item_count_ptr), item_cap)
    for it0 in range(tl.program_id(0) * BLOCK_I, n_items, tl.num_programs(0) * BLOCK_I):
        its = it0 + tl.arange(0, BLOCK_I)
        imask = its < n_items
        item = items_ptr + its.to(tl.int64) * 4
        i = tl.load(item, mask=imask, other=0)
        col0 = tl.load(item + 1, mask=imask, other=0)
        col_end = tl.load(item + 2, mask=imask, other=0)  # 0: a padding item tests no column
        g = tl.load(item + 3, mask=imask, other=0)
        _item_hits(i, col0, col_end, g, imask, x_ptr, stride_x, hx_ptr, y_ptr, stride_y, hy_ptr, goal, out_ptr,
                   count_ptr, capacity, signs_ptr, KP, BLOCK_N, BLOCK_K, TRI, BUCKET, BATCH_RESERVE, GROUPS, perm_ptr,
                   UNSORT, DP4A)


@triton.jit
def _item_hits(i, col0, col_end, g, imask, x_ptr, stride_x, hx_ptr, y_ptr, stride_y, hy_ptr, goal, out_ptr, count_ptr,
               capacity, signs_ptr, KP: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
               TRI: tl.constexpr, BUCKET: tl.constexpr, BATCH_RESERVE: tl.constexpr, GROUPS: tl.constexpr, perm_ptr,
               UNSORT: tl.constexpr, DP4A: tl.constexpr):
    """The hits of a block of items ([BLOCK_I] each; ``mask_items_kernel``'s semantics): row i against column group g
    of the tile from col0, columns below col_end (and above i when TRI), recomputed, tested and written; imask: the
    block's real items."""
    GC: tl.constexpr = BLOCK_N // GROUPS
    lane = tl.arange(0, GC)
    # group g = 4 h + q: columns 8 j + 2 q + b with j in the tile's part h (of GROUPS / 4)
    cols = (col0 + 8 * (g // 4) * (BLOCK_N // (2 * GROUPS)) + 2 * (g % 4))[:, None] + (8 * (lane // 2) + lane % 2)[None, :]
    cmask = cols < col_end[:, None]
    if UNSORT:  # the caller's indices, loaded with the item: not after the reservation's atomic (NOTES.md 78)
        ci, cj = _caller_ids(i[:, None], cols, perm_ptr, imask[:, None], cmask, TRI)
    dot = _item_dots_words(x_ptr, stride_x, i, imask, y_ptr, stride_y, cols, cmask, KP, BLOCK_K, DP4A)
    lim = tl.load(hx_ptr + i, mask=imask, other=0) - goal
    if BUCKET:
        hit = (tl.abs(dot) >= lim[:, None]) & cmask
    else:
        hit = ((tl.abs(dot) - tl.load(hy_ptr + cols, mask=cmask, other=H_PAD)) >= lim[:, None]) & cmask
    if TRI:
        hit = hit & (cols > i[:, None])
    hi = hit.to(tl.int32)
    n = tl.sum(hi, axis=1)
    if BUCKET:
        start = tl.atomic_add(count_ptr + i, n, mask=n > 0, sem="relaxed")
        slot = start[:, None] + tl.cumsum(hi, axis=1) - hi
        _store_bucket_slots(out_ptr, signs_ptr, i[:, None] + tl.zeros_like(cols), capacity, slot, cols, dot,
                            hit & (slot < capacity))
    else:
        if BATCH_RESERVE:
            total = tl.sum(n, axis=0)
            base = tl.atomic_add(count_ptr, total.to(tl.int64), mask=total > 0, sem="relaxed")
            start = base + (tl.cumsum(n, axis=0) - n).to(tl.int64)
        else:
            start = _reserve_rows(count_ptr, n)
        pos = start[:, None] + (tl.cumsum(hi, axis=1) - hi).to(tl.int64)
        keep = hit & (pos < capacity)
        if UNSORT:
            _store_records(out_ptr, pos, ci, cj, dot, keep)
        else:
            _store_records(out_ptr, pos, i[:, None] + tl.zeros_like(cols), cols, dot, keep)


@triton.jit(do_not_specialize=["goal", "n_slots", "col_end", "capacity"])
def dump_items_kernel(
    x_ptr, stride_x, hx_ptr,  # X [M, KP] int8, h_x [M] int32 (one-shot calls: with goal; plans: with goal_ptr)
    y_ptr, stride_y, hy_ptr,  # Y and h_y (= X, h_x for a Gram search)
    goal, dump_ptr, n_slots, col_end,  # the search's dump [n_slots, DUMP_HEADER + BLOCK_M x GROUPS] int32, N
    out_ptr, count_ptr, capacity,  # [capacity, 4] records (i, j, sign, dot), the hit total (int64)
    KP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, TRI: tl.constexpr,
    BLOCK_I: tl.constexpr, GROUPS: tl.constexpr = 16, perm_ptr=None, UNSORT: tl.constexpr = False,
    DP4A: tl.constexpr = False, ROWS: tl.constexpr = 0, goal_ptr=None, n_slots_ptr=None, LIST: tl.constexpr = False,
    list_ptr=None,
):
    """FilterConfig.dump_bits: the hits of the bits a balanced search dumped (``_dump_bits``). The dump's rows
    (slot s's row r is row s x BLOCK_M + r of them) are taken ROWS at a time (0: BLOCK_M, one slot; fewer: part of a
    slot; more: several whole slots), one such piece per program (programs stride over the pieces). A piece's items are
    its set bits, (row, group g, bit t) in row-major word order, then ascending bits: row ti * BLOCK_M + r of the
    slot's header (ti, tj0) against group g of tile tj0 + t, written as ``mask_items_kernel``'s items (``_item_hits``:
    recomputed, tested exactly, one relaxed atomic per BLOCK_I items reserves their records). Item k of a block is
    found without compacting anything: its row by a binary search of the rows' running popcounts (``tl.gather``, one
    step per bit of ROWS), its word from that row's words reloaded, its bit by clearing the word's lower set bits.
    LIST (FilterConfig.dump_list; ROWS <= BLOCK_M): the items listed first, in list_ptr (``_dump_list_items``)."""
    if goal_ptr is not None:  # (a plan's: hx_ptr then holds h)
        goal = tl.load(goal_ptr)
    if n_slots_ptr is not None:  # (a one-shot call's: the slots its search took, of n_slots)
        n_slots = tl.load(n_slots_ptr)
    SLOT: tl.constexpr = DUMP_HEADER + BLOCK_M * GROUPS
    R: tl.constexpr = BLOCK_M if ROWS == 0 else ROWS
    rid = tl.arange(0, R)
    gid = tl.arange(0, GROUPS)
    n_rows = tl.cast(n_slots, tl.int64) * BLOCK_M
    if LIST:
        tl.static_assert(R <= BLOCK_M, "LIST: a piece is one slot or a part of one")
        _dump_list_items(x_ptr, stride_x, hx_ptr, y_ptr, stride_y, hy_ptr, goal, dump_ptr, list_ptr, n_rows, col_end,
                         out_ptr, count_ptr, capacity, KP, BLOCK_M, BLOCK_N, BLOCK_K, TRI, BLOCK_I, GROUPS, perm_ptr,
                         UNSORT, DP4A, R)
        return
    for p in range(tl.program_id(0), tl.cdiv(n_rows, R), tl.num_programs(0)):
        fr = tl.cast(p, tl.int64) * R + rid  # the piece's rows in the dump
        row_w = dump_ptr + (fr // BLOCK_M) * SLOT + DUMP_HEADER + (fr % BLOCK_M) * GROUPS  # their first words
        w = tl.load(row_w[:, None] + gid[None, :], mask=(fr < n_rows)[:, None], other=0)
        row_pc = tl.sum(_popc(w), axis=1)  # [R] items per row
        row_end = tl.cumsum(row_pc, axis=0)  # items of rows 0 .. r
        row_start = row_end - row_pc
        n_items = tl.sum(row_pc, axis=0)
        for k0 in range(0, n_items, BLOCK_I):
            k = k0 + tl.arange(0, BLOCK_I)
            kmask = k < n_items
            r = tl.zeros((BLOCK_I,), dtype=tl.int32)  # k's row: the rows whose running count is <= k
            for e in tl.static_range(1, 16):
                if (R >> e) > 0:
                    c = r + (R >> e)
                    r = tl.where(tl.gather(row_end, c - 1, 0) <= k, c, r)
            q = k - tl.gather(row_start, r, 0)  # k's rank in its row
            ir = tl.cast(p, tl.int64) * R + r  # (dump row)
            slot = dump_ptr + (ir // BLOCK_M) * SLOT
            wr_ptr = slot + DUMP_HEADER + (ir % BLOCK_M) * GROUPS
            wr = tl.load(wr_ptr[:, None] + gid[None, :], mask=kmask[:, None], other=0)  # (L1 hits)
            ti = tl.load(slot, mask=kmask, other=0)
            tj0 = tl.load(slot + 1, mask=kmask, other=0)
            pc = _popc(wr)
            g = tl.minimum(tl.sum((tl.cumsum(pc, axis=1) <= q[:, None]).to(tl.int32), axis=1), GROUPS - 1)
            rank = q - tl.sum(tl.where(gid[None, :] < g[:, None], pc, 0), axis=1)  # k's rank in its word
            v = tl.load(wr_ptr + g, mask=kmask, other=0)  # the word (an L1 hit)
            for c in range(0, tl.max(tl.where(kmask, rank, 0), axis=0)):
                v = tl.where(rank > c, v & (v - 1), v)
            t = _popc((v & (-v)) - 1)  # its bit (bit 31: -2^31, whose - 1 wraps to 2^31 - 1: still 31)
            _item_hits(ti * BLOCK_M + (ir % BLOCK_M).to(tl.int32), (tj0 + t) * BLOCK_N, tl.where(kmask, col_end, 0), g,
                       kmask, x_ptr, stride_x, hx_ptr, y_ptr, stride_y, hy_ptr, goal, out_ptr, count_ptr, capacity,
                       None, KP, BLOCK_N, BLOCK_K, TRI, False, True, GROUPS, perm_ptr, UNSORT, DP4A)


@triton.jit
def _dump_list_items(x_ptr, stride_x, hx_ptr, y_ptr, stride_y, hy_ptr, goal, dump_ptr, list_ptr, n_rows, col_end,
                     out_ptr, count_ptr, capacity, KP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                     BLOCK_K: tl.constexpr, TRI: tl.constexpr, BLOCK_I: tl.constexpr, GROUPS: tl.constexpr, perm_ptr,
                     UNSORT: tl.constexpr, DP4A: tl.constexpr, R: tl.constexpr):
    """``dump_items_kernel`` with LIST: a piece (R <= BLOCK_M rows of one slot) lists its items, then reads them
    back BLOCK_I at a time, instead of finding each item from the words. Each word writes its set bits, ascending,
    as (word index * 32 + bit) at their ranks in the piece's item order (the words' exclusive running popcount) into
    the piece's list, at the same place in ``list_ptr`` (the dump's second half) as its words in the dump: R x GROUPS
    entries, so a piece of more items lists them in rounds of that many, each round reading the words again (nothing
    held in registers across the item blocks). A block of items is then one load whose layout every later step can
    take (the find's binary search of the rows' counts and its word reloads were rebuilt in each of the item code's
    layouts: NOTES.md 92)."""
    SLOT: tl.constexpr = DUMP_HEADER + BLOCK_M * GROUPS
    CAP: tl.constexpr = R * GROUPS
    rid = tl.arange(0, R)
    gid = tl.arange(0, GROUPS)
    # a word's index in the piece, row-major; its address of unknown stride, as the list's stores: one layout for the
    # words and the list (otherwise three conversions and eight barriers per listing pass)
    widx = rid[:, None] * GROUPS + gid[None, :]
    wofs = widx * (1 + (n_rows >> 62)).to(tl.int32)
    for p in range(tl.program_id(0), tl.cdiv(n_rows, R), tl.num_programs(0)):
        fr0 = tl.cast(p, tl.int64) * R  # the piece's first row in the dump
        slot = dump_ptr + (fr0 // BLOCK_M) * SLOT
        ofs = (fr0 // BLOCK_M) * SLOT + DUMP_HEADER + (fr0 % BLOCK_M) * GROUPS  # its words in the dump
        wmask = ((fr0 + rid) < n_rows)[:, None]
        row_pc = tl.sum(_popc(tl.load(dump_ptr + ofs + wofs, mask=wmask, other=0)), axis=1)
        n_items = tl.sum(row_pc, axis=0)
        if n_items > 0:
            ti = tl.load(slot)
            tj0 = tl.load(slot + 1)
            row0 = ti * BLOCK_M + (fr0 % BLOCK_M).to(tl.int32)  # the piece's first row of X
            items = list_ptr + ofs
            for base in range(0, n_items, CAP):
                # the words again (L1 hits) and all that follows from them made anew each round from base, so
                # that nothing is hoisted out of the rounds and held in registers across the item blocks
                z = _opaque_zero(base, DP4A)
                v = tl.load(dump_ptr + ofs + (wofs + z), mask=((fr0 + rid + z) < n_rows)[:, None], other=0)
                pc = _popc(v)
                rpc = tl.sum(pc, axis=1)
                rank = (tl.cumsum(rpc, axis=0) - rpc)[:, None] + tl.cumsum(pc, axis=1) - pc - base
                for j in range(0, tl.max(tl.max(pc, axis=1), axis=0)):  # the words' j-th set bits
                    tl.store(items + rank, (widx + z) * 32 + _popc((v & (-v)) - 1),
                             mask=(v != 0) & (rank >= 0) & (rank < CAP))
                    v = v & (v - 1)
                    rank += 1
                tl.debug_barrier()  # the round's list stored before it is read
                for k0 in range(0, tl.minimum(n_items - base, CAP), BLOCK_I):
                    k = k0 + tl.arange(0, BLOCK_I)
                    kmask = k < n_items - base
                    item = tl.load(items + k, mask=kmask, other=0)
                    wi = item >> 5
                    _item_hits(row0 + wi // GROUPS, (tj0 + (item & 31)) * BLOCK_N, tl.where(kmask, col_end, 0),
                               wi % GROUPS, kmask, x_ptr, stride_x, hx_ptr, y_ptr, stride_y, hy_ptr, goal, out_ptr,
                               count_ptr, capacity, None, KP, BLOCK_N, BLOCK_K, TRI, False, True, GROUPS, perm_ptr,
                               UNSORT, DP4A)
                tl.debug_barrier()  # the round's list read before the next round's is stored


@triton.jit
def _opaque_zero(x, ASM: tl.constexpr):
    """0, computed from x by inline PTX the compiler cannot see through (ASM; else plain 0): an expression that adds it
    depends on x, so it is not hoisted out of x's loop (and held in registers across that loop's body)."""
    if ASM:
        return tl.inline_asm_elementwise("and.b32 $0, $1, 0;", "=r,r", [x], dtype=tl.int32, is_pure=True, pack=1)
    else:
        return 0


@triton.jit
def _dp4a(a, b, DP4A: tl.constexpr):
    """Sum of the products of the four signed bytes of int32 words a and b (same shapes): one ``dp4a`` on CUDA
    (DP4A), else the same sum from sign-extended bytes (the CPU interpreter has no inline PTX)."""
    if DP4A:
        return tl.inline_asm_elementwise("dp4a.s32.s32 $0, $1, $2, 0;", "=r,r,r", [a, b], dtype=tl.int32,
                                         is_pure=True, pack=1)
    else:
        s = tl.zeros_like(a)
        for sh in tl.static_range(0, 32, 8):
            s += ((a << (24 - sh)) >> 24) * ((b << (24 - sh)) >> 24)
        return s


@triton.jit
def _item_dots_words(x_ptr, stride_x, i, imask, y_ptr, stride_y, cols, cmask, KP: tl.constexpr,
                     BLOCK_K: tl.constexpr, DP4A: tl.constexpr):
    """[BLOCK_I, GC] int32: <x_i, y_c> of each item's row i against its columns cols [BLOCK_I, GC] (masked:
    0), the int8 rows read as int32 words, BLOCK_K bytes per step (byte strides and KP multiples of 4)."""
    KW: tl.constexpr = BLOCK_K // 4
    xw_ptr = x_ptr.to(tl.pointer_type(tl.int32))
    yw_ptr = y_ptr.to(tl.pointer_type(tl.int32))
    sx = stride_x // 4
    sy = stride_y // 4
    dot = tl.zeros(cols.shape, dtype=tl.int32)
    for k0 in tl.static_range(0, KP // 4, KW):
        ks = k0 + tl.arange(0, KW)
        xw = tl.load(xw_ptr + i[:, None].to(tl.int64) * sx + ks[None, :], mask=imask[:, None], other=0)
        yw = tl.load(yw_ptr + cols[:, :, None].to(tl.int64) * sy + ks[None, None, :], mask=cmask[:, :, None],
                     other=0)
        dot += tl.sum(_dp4a(yw, tl.broadcast_to(xw[:, None, :], yw.shape), DP4A), axis=2)
    return dot


@triton.jit(do_not_specialize=["n_tiles", "stride", "region"])
def item_tiles_offsets_kernel(bins_ptr, n_tiles, stride, region, offs_ptr, toffs_ptr, boffs_ptr, SUB: tl.constexpr,
                              BLOCK_I: tl.constexpr, BLOCK_T: tl.constexpr):
    """One program, from the bins' counters [SUB, stride] of ``_write_tile_items`` (each taken up to
    ``region``, the rows its region holds): offs [SUB, stride] each bin's first position in the order
    (tile, s) (tiles ascending), toffs [n_tiles + 1] each tile's first position (toffs[n_tiles]: the
    items), boffs [n_tiles + 1] the same over the tiles' blocks of BLOCK_I items (boffs[n_tiles]: the
    blocks ``tile_items_kernel`` runs)."""
    carry = tl.sum(tl.zeros((BLOCK_T,), dtype=tl.int32), axis=0)
    bcarry = carry
    sub = tl.arange(0, SUB)[None, :] * stride
    for t0 in range(0, n_tiles, BLOCK_T):
        t = t0 + tl.arange(0, BLOCK_T)
        m = t < n_tiles
        c = tl.minimum(tl.load(bins_ptr + sub + t[:, None], mask=m[:, None], other=0), region)
        tot = tl.sum(c, axis=1)
        first = carry + tl.cumsum(tot, axis=0) - tot
        tl.store(offs_ptr + sub + t[:, None], first[:, None] + tl.cumsum(c, axis=1) - c, mask=m[:, None])
        tl.store(toffs_ptr + t, first, mask=m)
        b = (tot + BLOCK_I - 1) // BLOCK_I
        tl.store(boffs_ptr + t, bcarry + tl.cumsum(b, axis=0) - b, mask=m)
        carry += tl.sum(tot, axis=0)
        bcarry += tl.sum(b, axis=0)
    tl.store(toffs_ptr + n_tiles, carry)
    tl.store(boffs_ptr + n_tiles, bcarry)


@triton.jit(do_not_specialize=["N", "n_tiles", "capacity", "stride", "region"])
def tile_items_kernel(
    x_ptr, stride_x, thr_ptr,  # X [M, KP] int8, thresholds [M] int32
    c_ptr, stride_c, N,  # centres [N, KP] int8
    regions_ptr, stride, region, offs_ptr, toffs_ptr, boffs_ptr, n_tiles,  # the binned items (_write_tile_items,
    ids_ptr, signs_ptr, counts_ptr, capacity,  # item_tiles_offsets_kernel); bucket's lists and counts
    KP: tl.constexpr, BLOCK_I: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, SUB: tl.constexpr,
):
    """FilterConfig.tensor_items: the hits of bucketing's items on tensor cores. Block b of the
    items in tile order (``boffs``: tile t owns blocks boffs[t] .. boffs[t + 1] - 1; position p of
    tile t is in bin s, the last with offs[s, t] <= p, at row p - offs[s, t] of region s * n_tiles + t) holds up to
    BLOCK_I rows with a hit in centre tile t; their rows (gathered) times the tile's BLOCK_N centres
    is one [BLOCK_I, BLOCK_N] int32 product, tested exactly (|dot| >= thr_i); each row appends its
    hits to its list by one relaxed atomic on counts[i] (list order unspecified). An item is a
    (row, tile) pair, so a row meets a tile once. Programs stride over the blocks."""
    total = tl.load(boffs_ptr + n_tiles)
    for b in range(tl.program_id(0), total, tl.num_programs(0)):
        lo = n_tiles * 0  # the last tile t with boffs[t] <= b (binary search; empty tiles own no block)
        hi = n_tiles
        while hi - lo > 1:
            mid = (lo + hi) // 2
            below = tl.load(boffs_ptr + mid) <= b
            lo = tl.where(below, mid, lo)
            hi = tl.where(below, hi, mid)
        start = tl.load(toffs_ptr + lo) + (b - tl.load(boffs_ptr + lo)) * BLOCK_I
        idx = start + tl.arange(0, BLOCK_I)
        im = idx < tl.load(toffs_ptr + lo + 1)
        bins = tl.arange(0, SUB) * stride + lo
        first = tl.load(offs_ptr + bins)  # [SUB] the tile's bins' first positions (ascending)
        s = tl.sum((first[None, :] <= idx[:, None]).to(tl.int32), axis=1) - 1  # [BLOCK_I]: each position's bin
        at = idx - tl.sum(tl.where(tl.arange(0, SUB)[None, :] == s[:, None], first[None, :], 0), axis=1)
        rows = tl.load(regions_ptr + (s * n_tiles + lo).to(tl.int64) * region + at, mask=im, other=0)
        cols = lo * BLOCK_N + tl.arange(0, BLOCK_N)
        cm = cols < N
        acc = _tile_dot(x_ptr, stride_x, rows, im, c_ptr, stride_c, cols, cm, KP, BLOCK_I, BLOCK_N, BLOCK_K)
        lim = tl.where(im, tl.load(thr_ptr + rows, mask=im, other=0), HXG_PAD)  # padding rows: no hit
        # each hit as one int: 2 x its column + 1 when the dot is negative (COL_NONE: no hit; N < 2^30),
        # so the product dies here and the rounds below take one minimum per row each
        code = tl.where(cm[None, :] & (tl.abs(acc) >= lim[:, None]), cols[None, :] * 2 + (acc < 0).to(tl.int32),
                        COL_NONE)
        n = tl.sum((code != COL_NONE).to(tl.int32), axis=1)
        first = tl.atomic_add(counts_ptr + rows, n, mask=n > 0, sem="relaxed")
        # in rounds, as row_rounds: round r writes each row's r-th hit (no [BLOCK_I, BLOCK_N] offsets; an
        # item holds one hit at sparse rates)
        prev = tl.full(n.shape, -1, tl.int32)
        for r in range(0, tl.max(n, axis=0)):
            prev = tl.min(tl.where(code > prev[:, None], code, COL_NONE), axis=1)
            keep = (n > r) & (first + r < capacity)
            slot = rows.to(tl.int64) * capacity + first + r
            tl.store(ids_ptr + slot, prev >> 1, mask=keep)
            tl.store(signs_ptr + slot, (1 - 2 * (prev & 1)).to(tl.int8), mask=keep)


@triton.jit
def _append_bucket_hits(hit, acc, rows, cols, cnt, ids_ptr, signs_ptr, capacity, ROW_HITS: tl.constexpr,
                        ROUNDS: tl.constexpr = False):
    """Append a tile's hits to the rows' lists (ascending centre order); returns the new counts.

    ROW_HITS: when no row of the tile holds two hits, each row's hit is reduced to its centre (a
    max) and its dot (a sum) and stored as [BLOCK_M]-long writes, instead of two predicated
    [BLOCK_M, BLOCK_N] stores with 64-bit slots (FilterConfig.row_hits; NOTES.md 45, 47)."""
    hi = hit.to(tl.int32)
    rc = tl.sum(hi, axis=1)
    if ROUNDS:  # round r appends each row's r-th hit (FilterConfig.row_rounds)
        col = tl.full(rc.shape, -1, tl.int32)
        for r in range(0, tl.max(rc, axis=0)):
            col, dot = _first_hit(hit & (cols[None, :] > col[:, None]), acc, cols)
            _store_bucket_slots(ids_ptr, signs_ptr, rows, capacity, cnt + r, col, dot, (rc > r) & (cnt + r < capacity))
    elif ROW_HITS:
        if tl.max(rc, axis=0) <= 1:
            col = tl.max(tl.where(hit, cols[None, :], -1), axis=1)
            dot = tl.sum(tl.where(hit, acc, 0), axis=1)
            _store_bucket_slots(ids_ptr, signs_ptr, rows, capacity, cnt, col, dot, (rc > 0) & (cnt < capacity))
        else:
            _store_bucket_tile(hit, hi, rc, acc, rows, cols, cnt, ids_ptr, signs_ptr, capacity)
    else:
        _store_bucket_tile(hit, hi, rc, acc, rows, cols, cnt, ids_ptr, signs_ptr, capacity)
    return cnt + rc


@triton.jit
def _store_bucket_slots(ids_ptr, signs_ptr, rows, capacity, pos, col, dot, keep):
    # one list entry per row (where keep): centre col and the sign of dot at slot pos of the row
    slot = rows.to(tl.int64) * capacity + pos
    tl.store(ids_ptr + slot, col, mask=keep)
    tl.store(signs_ptr + slot, tl.where(dot >= 0, 1, -1).to(tl.int8), mask=keep)


@triton.jit
def _store_bucket_tile(hit, hi, rc, acc, rows, cols, cnt, ids_ptr, signs_ptr, capacity):
    # every hit at its row's count plus its offset inside the row
    pos = cnt[:, None] + _row_offsets(hi, rc)
    keep = hit & (pos < capacity)
    slot = rows[:, None].to(tl.int64) * capacity + pos
    tl.store(ids_ptr + slot, cols[None, :] + tl.zeros_like(hi), mask=keep)
    tl.store(signs_ptr + slot, tl.where(acc >= 0, 1, -1).to(tl.int8), mask=keep)


@triton.jit
def _bucket_candidates(acc, lim):
    # does any row reach its threshold? abs and max per element, one comparison per row (exact)
    return _some_row_reaches(tl.abs(acc), lim)


@triton.jit(do_not_specialize=["M", "N", "capacity"])
def bucket_kernel(
    x_ptr, stride_x,  # X [M, KP] int8
    c_ptr, stride_c,  # centres [N, KP] int8
    thr_ptr,  # [M] int32 thresholds: keep |<x_i, c>| >= thr_i
    M, N,
    ids_ptr, signs_ptr,  # [M, capacity] int32 centre ids, int8 signs (ascending centre order)
    counts_ptr,  # [M] int32 true hit counts (also those beyond capacity)
    capacity,
    KP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
    ROW_HITS: tl.constexpr = False, ROUNDS: tl.constexpr = False,
):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rmask = rows < M
    thr = tl.load(thr_ptr + rows, mask=rmask, other=0)
    lim = tl.where(rmask, thr, HXG_PAD)
    cnt = tl.zeros((BLOCK_M,), dtype=tl.int32)
    row_edge = (tl.program_id(0) + 1) * BLOCK_M > M
    for tj in range(0, tl.cdiv(N, BLOCK_N)):
        cols = tj * BLOCK_N + tl.arange(0, BLOCK_N)
        cmask = cols < N
        acc = _tile_dot(x_ptr, stride_x, rows, rmask, c_ptr, stride_c, cols, cmask, KP, BLOCK_M, BLOCK_N, BLOCK_K)
        if _bucket_candidates(acc, lim):
            hit = tl.abs(acc) >= thr[:, None]
            if row_edge or ((tj + 1) * BLOCK_N > N):
                hit = hit & rmask[:, None] & cmask[None, :]
            cnt = _append_bucket_hits(hit, acc, rows, cols, cnt, ids_ptr, signs_ptr, capacity, ROW_HITS, ROUNDS)
    tl.store(counts_ptr + rows, cnt, mask=rmask)


@triton.jit(do_not_specialize=["M", "N", "capacity"])
def bucket_tma_kernel(
    x_desc,  # TMA descriptor over X [M, KP] int8, block [BLOCK_M, BLOCK_K]
    c_desc,  # TMA descriptor over the centres [N, KP] int8, block [BLOCK_N, BLOCK_K]
    thr_ptr, M, N, ids_ptr, signs_ptr, counts_ptr, capacity,  # as bucket_kernel
    KP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
    NUM_STAGES: tl.constexpr, ROW_HITS: tl.constexpr = False, ROUNDS: tl.constexpr = False,
    MASKS: tl.constexpr = False, items_ptr=None, item_count_ptr=None, item_cap=0, GROUPS: tl.constexpr = 8,
    TILE_ITEMS: tl.constexpr = False, item_stride=0, ITEM_SUBS: tl.constexpr = 1,
):
    """``bucket_kernel`` with TMA loads (pipelined over the centre tiles, the row panel kept when
    K fits one block). MASKS (FilterConfig.tile_masks): per chunk of 32 centre tiles the loop
    only sets per-row group bits, ``_write_items`` turns them into items for
    ``mask_items_kernel`` (which appends the hits and counts them: counts_ptr must hold zeros);
    rows whose items do not fit are appended here, with per-row atomics. TILE_ITEMS
    (FilterConfig.tensor_items): the items are (row, centre tile) pairs for ``tile_items_kernel``,
    binned by tile as they are written (``_write_tile_items``: items_ptr the bins' regions of item_cap
    rows each, (sub-bin, tile) at sub-bin x tiles + tile, item_count_ptr their counters
    [ITEM_SUBS, item_stride], zeroed; program p uses sub-bin
    p % ITEM_SUBS); an item past its region is appended here."""
    row0 = tl.program_id(0) * BLOCK_M
    rows = row0 + tl.arange(0, BLOCK_M)
    rmask = rows < M
    thr = tl.load(thr_ptr + rows, mask=rmask, other=0)
    lim = tl.where(rmask, thr, HXG_PAD)  # padding rows: above every |dot| (< 2^22)
    cnt = tl.zeros((BLOCK_M,), dtype=tl.int32)
    panel = _tma_panel(x_desc, row0, KP, BLOCK_M, BLOCK_K)
    if MASKS:
        _bucket_masks(x_desc, c_desc, panel, row0, rows, lim, N, ids_ptr, signs_ptr, counts_ptr, capacity, items_ptr,
                      item_count_ptr, item_cap, KP, BLOCK_M, BLOCK_N, BLOCK_K, NUM_STAGES, GROUPS, TILE_ITEMS,
                      item_stride, ITEM_SUBS)
    else:
        for tj in tl.range(0, tl.cdiv(N, BLOCK_N), num_stages=NUM_STAGES):
            acc = _tma_tile_dot(x_desc, c_desc, panel, row0, tj * BLOCK_N, KP, BLOCK_M, BLOCK_N, BLOCK_K)
            if _bucket_candidates(acc, lim):
                cols = tj * BLOCK_N + tl.arange(0, BLOCK_N)
                hit = (tl.abs(acc) >= thr[:, None]) & rmask[:, None] & (cols < N)[None, :]
                cnt = _append_bucket_hits(hit, acc, rows, cols, cnt, ids_ptr, signs_ptr, capacity, ROW_HITS, ROUNDS)
        tl.store(counts_ptr + rows, cnt, mask=rmask)


@triton.jit
def _bucket_masks(x_desc, c_desc, panel, row0, rows, lim, N, ids_ptr, signs_ptr, counts_ptr, capacity, items_ptr,
                  item_count_ptr, item_cap, KP: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, NUM_STAGES: tl.constexpr, GROUPS: tl.constexpr, TILE_ITEMS: tl.constexpr,
                  item_stride, ITEM_SUBS: tl.constexpr):
    # bucket_tma_kernel's MASKS path: chunks of 32 centre tiles, group bits per row, then items
    # (TILE_ITEMS: one per row and centre tile, for tile_items_kernel)
    n_tiles = tl.cdiv(N, BLOCK_N)
    zero_h = tl.zeros((BLOCK_N,), dtype=tl.int32)
    for c0 in range(0, n_tiles, 32):
        n_here = tl.minimum(n_tiles - c0, 32)
        qbits = tl.zeros((BLOCK_M, GROUPS), dtype=tl.int32)
        for t in tl.range(0, n_here, num_stages=NUM_STAGES):
            tj = c0 + t
            acc = _tma_tile_dot(x_desc, c_desc, panel, row0, tj * BLOCK_N, KP, BLOCK_M, BLOCK_N, BLOCK_K)
            cols = tj * BLOCK_N + tl.arange(0, BLOCK_N)
            qbits = qbits | (_row_any(acc, lim, zero_h, rows, cols, lim < HXG_PAD, cols < N, (tj + 1) * BLOCK_N > N,
                                      False, BLOCK_M, BLOCK_N, GROUPS) << t)
        if TILE_ITEMS:  # items_ptr: the bins' regions, item_count_ptr: their counters, item_cap: a region's rows
            _, bits, any_late = _write_tile_items(qbits, rows, c0, item_count_ptr, item_stride,
                                                  tl.program_id(0) % ITEM_SUBS, n_tiles, items_ptr, item_cap)
            late_rows = bits != 0  # bits: the late (row, tile) pairs only
        else:
            bits, late_rows, any_late = _write_items(qbits, rows, c0 * BLOCK_N, N, items_ptr, item_count_ptr, item_cap,
                                                     BLOCK_N, GROUPS)
        if any_late:  # the item buffer is full: these rows appended here
            for t in range(0, n_here):
                late = _late_rows(bits, late_rows, t)
                if tl.max(late.to(tl.int32), axis=0) > 0:
                    tj = c0 + t
                    acc = _tma_tile_dot(x_desc, c_desc, panel, row0, tj * BLOCK_N, KP, BLOCK_M, BLOCK_N, BLOCK_K)
                    cols = tj * BLOCK_N + tl.arange(0, BLOCK_N)
                    # in rounds (``_first_hit``), as row_rounds: no [BLOCK_M, BLOCK_N] offsets
                    lim_t = tl.where(late, lim, HXG_PAD)
                    cmask = cols < N
                    rc = tl.sum(((tl.abs(acc) >= lim_t[:, None]) & cmask[None, :]).to(tl.int32), axis=1)
                    start = tl.atomic_add(counts_ptr + rows, rc, mask=rc > 0, sem="relaxed")
                    col = tl.full(rc.shape, -1, tl.int32)
                    for r in range(0, tl.max(rc, axis=0)):
                        col, dot = _first_hit((tl.abs(acc) >= lim_t[:, None]) & cmask[None, :]
                                              & (cols[None, :] > col[:, None]), acc, cols)
                        _store_bucket_slots(ids_ptr, signs_ptr, rows, capacity, start + r, col, dot,
                                            (rc > r) & (start + r < capacity))


@triton.jit
def _store_range(range_ptr, part, h):
    # the range check's partials of one block of half norms: range_ptr[2 part] = min(0, min h), [2 part + 1] =
    # max(0, max h) (int64; PairHits reduces them)
    tl.store(range_ptr + 2 * part, tl.minimum(tl.min(h, axis=0), 0).to(tl.int64))
    tl.store(range_ptr + 2 * part + 1, tl.maximum(tl.max(h, axis=0), 0).to(tl.int64))


@triton.jit
def plan_inputs_kernel(h_ptr, n, goal_ptr, hxg_ptr, range_ptr, zero_ptr, WRITE_HXG: tl.constexpr,
                       ZERO: tl.constexpr, BLOCK: tl.constexpr):
    """The range pass of pair_search (``_range_pass``) and a pair-search plan's input pass over half
    norms h [n] int32: with WRITE_HXG (plans) the row limits
    h - goal (goal read from goal_ptr, so a captured graph takes a new goal without a new
    capture; the search then runs with goal 0); the range check's partials, program p writing
    range_ptr[2 p] = min(0, min h) and range_ptr[2 p + 1] = max(0, max h) over its block (int64,
    plain stores: nothing to zero first; the reader reduces them, ``PairHits.total``); with ZERO,
    program 0 also zeroes the search's two counters at zero_ptr (the search runs after this pass)."""
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    h = tl.load(h_ptr + offs, mask=mask, other=0)
    if WRITE_HXG:
        tl.store(hxg_ptr + offs, h - tl.load(goal_ptr), mask=mask)
    _store_range(range_ptr, pid, h)
    if ZERO:
        if pid == 0:
            tl.store(zero_ptr + tl.arange(0, 2), tl.zeros((2,), dtype=tl.int64))


@triton.jit
def tile_minima_kernel(h_ptr, n, out_ptr, n_tiles, BLOCK_N: tl.constexpr, TILES: tl.constexpr):
    """out[t] = min of h[t * BLOCK_N .. (t + 1) * BLOCK_N - 1] below n (h [n] int32; TILES tiles per
    program): each column tile's least half norm, the pair search's bound (FilterConfig.norm_bound)."""
    t = tl.program_id(0) * TILES + tl.arange(0, TILES)
    offs = t[:, None].to(tl.int64) * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    v = tl.load(h_ptr + offs, mask=offs < n, other=H_PAD)
    tl.store(out_ptr + t, tl.min(v, axis=1), mask=t < n_tiles)


@triton.jit
def norm_stats_kernel(h_ptr, n, span, parts_ptr, bins_ptr, NB: tl.constexpr, BLOCK: tl.constexpr):
    """The first of ``sort_by_norm``'s counting-sort launches over half norms h [n] int32 (n >= 1). Program p
    writes parts[2 p], parts[2 p + 1] = sum (h - h[0]), sum (h - h[0])^2 over its ``span`` norms (a multiple
    of BLOCK; float64, plain stores: the shift by h[0] keeps the variance free of cancellation). It also
    zeroes bins [NB + 1] (the histogram and a done counter of ``norm_bins_kernel``), strided over the
    programs: no memset."""
    pid = tl.program_id(0)
    s = tl.zeros((BLOCK,), dtype=tl.float64)
    s2 = tl.zeros((BLOCK,), dtype=tl.float64)
    h0 = tl.load(h_ptr)
    for o in range(pid * span, tl.minimum((pid + 1) * span, n), BLOCK):
        offs = o + tl.arange(0, BLOCK)
        m = offs < n
        d = tl.where(m, (tl.load(h_ptr + offs, mask=m, other=0) - h0).to(tl.float64), 0.0)
        s += d
        s2 += d * d
    tl.store(parts_ptr + 2 * pid, tl.sum(s, axis=0))
    tl.store(parts_ptr + 2 * pid + 1, tl.sum(s2, axis=0))
    for z in range(pid * BLOCK, NB + 1, tl.num_programs(0) * BLOCK):
        zo = z + tl.arange(0, BLOCK)
        tl.store(bins_ptr + zo, tl.zeros((BLOCK,), dtype=tl.int32), mask=zo < NB + 1)


@triton.jit
def norm_bins_kernel(h_ptr, n, parts_ptr, n_parts, bin_ptr, bins_ptr, cursor_ptr, NB: tl.constexpr,
                     BLOCK: tl.constexpr, PARTS: tl.constexpr):
    """Each half norm's bin (bin_ptr [n] int32) among NB equal-width bins of mean +- 4 standard deviations
    (every program sums ``norm_stats_kernel``'s n_parts partials itself, in the same order; norms outside
    go to the end bins), the bins' counts (bins_ptr [NB], zeroed by norm_stats_kernel; relaxed atomics),
    and from the program that finishes last (the done counter bins_ptr[NB], acquire-release; it reads the
    counts by volatile loads, at the L2 where the atomics were done) each bin's first position, cursor
    [NB] = exclusive prefix sums of the counts: the histogram and the offsets of ``sort_by_norm``'s
    counting sort in one launch. Outliers cannot stretch the bins over the bulk of the norms."""
    s = tl.zeros((PARTS,), dtype=tl.float64)
    s2 = tl.zeros((PARTS,), dtype=tl.float64)
    for p0 in range(0, n_parts, PARTS):
        ps = p0 + tl.arange(0, PARTS)
        s += tl.load(parts_ptr + 2 * ps, mask=ps < n_parts, other=0.0)
        s2 += tl.load(parts_ptr + 2 * ps + 1, mask=ps < n_parts, other=0.0)
    mean = tl.sum(s, axis=0) / n  # of h - h[0]
    sd = tl.sqrt(tl.maximum(tl.sum(s2, axis=0) / n - mean * mean, 0.0))
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    d = (tl.load(h_ptr + offs, mask=m, other=0) - tl.load(h_ptr)).to(tl.float64)
    b = tl.floor((d - (mean - 4 * sd)) * (NB / (8 * sd + 1)))
    b = tl.minimum(tl.maximum(b, 0.0), NB - 1.0).to(tl.int32)
    tl.store(bin_ptr + offs, b, mask=m)
    tl.atomic_add(bins_ptr + b, tl.full((BLOCK,), 1, tl.int32), mask=m, sem="relaxed")
    tl.debug_barrier()  # every thread's histogram atomics before the program's release
    done = tl.atomic_add(bins_ptr + NB, 1, sem="acq_rel")
    if done == tl.num_programs(0) - 1:  # the last program: all counts are in
        c = tl.load(bins_ptr + tl.arange(0, NB), volatile=True)
        tl.store(cursor_ptr + tl.arange(0, NB), tl.cumsum(c, axis=0) - c)


@triton.jit
def norm_scatter_kernel(y_ptr, stride_y, h_ptr, n, bin_ptr, cursor_ptr, ys_ptr, hs_ptr, perm_ptr, KP: tl.constexpr,
                        BLOCK_K: tl.constexpr, BLOCK: tl.constexpr):
    """Row r of y [n, KP] int8 (row stride stride_y; BLOCK_K = next power of two >= KP) and h[r] to position
    p = cursor[bin[r]]++ (relaxed atomics; cursor and bin from ``norm_bins_kernel``) of ys / hs, perm[p] = r
    (int64): rows grouped by norm bin, bins ascending, any order inside a bin."""
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = rows < n
    pos = tl.atomic_add(cursor_ptr + tl.load(bin_ptr + rows, mask=m, other=0), tl.full((BLOCK,), 1, tl.int32),
                        mask=m, sem="relaxed")
    tl.store(hs_ptr + pos, tl.load(h_ptr + rows, mask=m, other=0), mask=m)
    tl.store(perm_ptr + pos, rows.to(tl.int64), mask=m)
    ks = tl.arange(0, BLOCK_K)
    mk = m[:, None] & (ks < KP)[None, :]
    v = tl.load(y_ptr + rows[:, None].to(tl.int64) * stride_y + ks[None, :], mask=mk, other=0)
    tl.store(ys_ptr + pos[:, None].to(tl.int64) * KP + ks[None, :], v, mask=mk)
