"""Warp-specialised persistent INT8 GEMM for Hopper (Gluon), shared by Ozaki-I and Ozaki-II.

One loader warp issues the TMA loads of a STAGES-deep ring of (A, B) K-tiles; the default
partition (``num_warps`` warps, one or two warp groups) issues the wgmma products, keeps one in
flight, releases each ring slot once the product that read it has finished, and runs the
epilogue, while the loader already fills the ring for the next tile. Work items walk the output
tiles (grouped along M) of one or more "groups":

- ``MODE = 0`` (Ozaki-I, one anti-diagonal ``diag``): one group; the K loop runs over the pairs
  (i, diag - i), i = i_lo .. i_lo + n_sub - 1, as one INT32 sum; the tile goes to
  ``out[diag]`` as int32.
- ``MODE = 2`` (Ozaki-I, several anti-diagonals in one launch): group g is diagonal ``order[g]``
  (``order_ptr``, most pairs first), its pairs as in mode 0 for S = ``splits``; each tile goes to
  ``out[order[g]]``.
- ``MODE = 1`` (Ozaki-II): group g = modulus g, one pair (g, g); the INT32 tile is reduced mod
  p_g in the epilogue (``modular_gemm_kernel``'s arithmetic) and stored as uint8 to ``out[g]``
  (added to the residue already there, mod p_g, when ``ACCUMULATE``).

With ``TMA_STORE`` (``WsTiles.tma_store``, the default) the tile goes out in column pieces of 16 KB (8
of the INT32 tile, 2 of the uint8 one) through two shared-memory buffers by asynchronous TMA stores
(``w_desc``: the output viewed as [planes * Mp, Np], block [BLOCK_M, piece]), so the next tile's
products start while the last pieces are written; otherwise by ``gl.store``, from the wgmma registers
(modes 0, 2) or as 16-byte row vectors after a layout conversion (mode 1).

A and B^T are int8 planes viewed as [planes * Mp, Kp] and [planes * Np, Kp] (K contiguous) behind
TMA descriptors; Mp, Np are multiples of the tile. No interpreter path: Gluon kernels compile for
the GPU only; the Triton kernels in ``gemm.py`` and ``ozaki2/_kernels/kernels.py`` compute the
same sums and are what CPU tests run.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (fence_async_shared, mbarrier, tma, warpgroup_mma,
                                                              warpgroup_mma_wait)

#: 1.5 * 2^52 (``_jit_helpers.RNE``): exact in FP32, so a literal is safe
_RNE = gl.constexpr(6755399441055744.0)


@gluon.constexpr_function
def _acc_layout(block_m, block_n, num_warps):
    """wgmma accumulator layout: warps stacked along M (16 rows each) while they fit, then along N;
    the instruction's N is the warp's share of block_n, halved until it is at most 224 (the
    largest int8 wgmma N Triton 3.6 lowers)."""
    wm, wn = 4, 1
    while wm * wn != num_warps:
        if block_m > 16 * wm:
            wm *= 2
        else:
            wn *= 2
    n = block_n // wn
    while n > 224:
        n //= 2
    return gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[wm, wn], instr_shape=[16, n, 32])


@gluon.jit
def _item(w, num_pid_m, num_pid_n, tiles, GROUP_M: gl.constexpr):
    """work item w -> (group, tile row, tile column), tiles grouped GROUP_M rows at a time."""
    g = w // tiles
    t = w % tiles
    in_group = GROUP_M * num_pid_n
    first_m = (t // in_group) * GROUP_M
    size_m = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + (t % in_group) % size_m
    pid_n = (t % in_group) // size_m
    return g, pid_m, pid_n


@gluon.jit
def _pairs_of(g, order_ptr, diag, i_lo, n_sub, splits, MODE: gl.constexpr):
    """(diagonal, first slice of A, pairs) of group g: the launch's own (mode 0) or order[g]'s (mode 2)."""
    if MODE == 2:
        d = gl.load(order_ptr + g)
        lo = gl.maximum(d - splits + 1, 0)
        return d, lo, gl.minimum(d, splits - 1) - lo + 1
    else:
        return diag, i_lo, n_sub


@gluon.jit
def _ws_loader(a_desc, b_desc, a_bufs, b_bufs, ready, empty, order_ptr, Mp, Np, k0, nk, diag, i_lo, n_sub, splits,
               n_items, num_pid_m, num_pid_n, tiles, MODE: gl.constexpr, GROUP_M: gl.constexpr,
               NUM_PROGRAMS: gl.constexpr, STAGES: gl.constexpr):
    BLOCK_M: gl.constexpr = a_desc.block_type.shape[0]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    BLOCK_N: gl.constexpr = b_desc.block_type.shape[0]
    nbytes: gl.constexpr = a_desc.block_type.nbytes + b_desc.block_type.nbytes
    it = 0
    for w in range(gl.program_id(0), n_items, NUM_PROGRAMS):
        g, pid_m, pid_n = _item(w, num_pid_m, num_pid_n, tiles, GROUP_M)
        d, lo, n_pairs = _pairs_of(g, order_ptr, diag, i_lo, n_sub, splits, MODE)
        for t in range(n_pairs * nk):
            if MODE == 1:
                pa = g
                pb = g
            else:
                pa = lo + t // nk
                pb = d - pa
            kk = k0 + (t % nk) * BLOCK_K
            s = it % STAGES
            mbarrier.wait(empty.index(s), ((it // STAGES) & 1) ^ 1)
            mbarrier.expect(ready.index(s), nbytes)
            tma.async_copy_global_to_shared(a_desc, [pa * Mp + pid_m * BLOCK_M, kk], ready.index(s), a_bufs.index(s))
            tma.async_copy_global_to_shared(b_desc, [pb * Np + pid_n * BLOCK_N, kk], ready.index(s), b_bufs.index(s))
            it += 1


@gluon.jit
def _halves(x):
    """x [R, C] -> (x[:, :C/2], x[:, C/2:]): the high column bit is a register bit of the wgmma layout,
    so no data moves."""
    R: gl.constexpr = x.shape[0]
    C: gl.constexpr = x.shape[1]
    return x.reshape([R, 2, C // 2]).permute(0, 2, 1).split()


@gluon.jit
def _stage_pair(w_desc, c_bufs, x, row, col):
    """The two column halves of x [R, C] out by TMA stores to (row, col) and (row, col + C/2), each
    through its shared-memory buffer (0, then 1): before writing a buffer, the store that last read it
    (two pieces back) must have finished reading; the other one may still run."""
    C: gl.constexpr = x.shape[1]
    h0, h1 = _halves(x)
    tma.store_wait(1)
    c_bufs.index(0).store(h0)
    fence_async_shared()
    tma.async_copy_shared_to_global(w_desc, [row, col], c_bufs.index(0))
    tma.store_wait(1)
    c_bufs.index(1).store(h1)
    fence_async_shared()
    tma.async_copy_shared_to_global(w_desc, [row, col + C // 2], c_bufs.index(1))


@gluon.jit
def _ws_mma(a_bufs, b_bufs, ready, empty, out_ptr, w_desc, c_bufs, p_ptr, pf_ptr, order_ptr, Mp, Np, nk, diag, i_lo,
            n_sub, splits, n_items, num_pid_m, num_pid_n, tiles, MODE: gl.constexpr, ACCUMULATE: gl.constexpr,
            GROUP_M: gl.constexpr, NUM_PROGRAMS: gl.constexpr, STAGES: gl.constexpr, TMA_STORE: gl.constexpr,
            num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = a_bufs.type.shape[1]
    BLOCK_N: gl.constexpr = b_bufs.type.shape[1]
    layout: gl.constexpr = _acc_layout(BLOCK_M, BLOCK_N, num_warps)
    it = 0
    for w in range(gl.program_id(0), n_items, NUM_PROGRAMS):
        g, pid_m, pid_n = _item(w, num_pid_m, num_pid_n, tiles, GROUP_M)
        d, lo, n_pairs = _pairs_of(g, order_ptr, diag, i_lo, n_sub, splits, MODE)
        acc = gl.zeros((BLOCK_M, BLOCK_N), dtype=gl.int32, layout=layout)
        for t in range(n_pairs * nk):
            s = it % STAGES
            mbarrier.wait(ready.index(s), (it // STAGES) & 1)
            acc = warpgroup_mma(a_bufs.index(s), b_bufs.index(s).permute((1, 0)), acc, is_async=True)
            acc = warpgroup_mma_wait(1, deps=(acc, ))
            # the product before this one has finished: its ring slot can be refilled
            mbarrier.arrive(empty.index((it + STAGES - 1) % STAGES), pred=t > 0)
            it += 1
        acc = warpgroup_mma_wait(0, deps=(acc, ))
        mbarrier.arrive(empty.index((it + STAGES - 1) % STAGES))
        offs_m = pid_m * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, layout))
        offs_n = pid_n * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, layout))
        if MODE == 1:
            plane = g
        else:
            plane = d
        o = plane.to(gl.int64) * Mp * Np + offs_m[:, None].to(gl.int64) * Np + offs_n[None, :]
        row = plane * Mp + pid_m * BLOCK_M  # the tile in the TMA store's [planes * Mp, Np] view
        col = pid_n * BLOCK_N
        if MODE != 1:
            if TMA_STORE:
                # INT32 tile in 8 column pieces (16 KB each), two shared-memory buffers, asynchronous TMA
                # stores: the next tile's products start while the last pieces are written
                h0, h1 = _halves(acc)
                q0, q1 = _halves(h0)
                q2, q3 = _halves(h1)
                _stage_pair(w_desc, c_bufs, q0, row, col)
                _stage_pair(w_desc, c_bufs, q1, row, col + BLOCK_N // 4)
                _stage_pair(w_desc, c_bufs, q2, row, col + BLOCK_N // 2)
                _stage_pair(w_desc, c_bufs, q3, row, col + 3 * (BLOCK_N // 4))
            else:
                gl.store(out_ptr + o, acc)
        else:
            p = gl.load(p_ptr + g).to(gl.int32)
            pinv = gl.load(pf_ptr + 2 * g)
            f = (acc.to(gl.int64) + 0x4338000000000000).to(gl.float64, bitcast=True) - _RNE
            q = gl.fma(f, pinv, _RNE).to(gl.int64, bitcast=True).to(gl.int32)
            r = acc + q * (-p)
            r = gl.where(r < 0, r + p, r)
            if ACCUMULATE:
                r = r + gl.load(out_ptr + o).to(gl.int32)
                r = gl.where(r >= p, r - p, r)
            if TMA_STORE:
                # the uint8 tile in 2 column pieces (16 KB each) by asynchronous TMA stores, as modes 0 and 2
                _stage_pair(w_desc, c_bufs, r.to(gl.uint8), row, col)
            else:
                # through shared memory into rows of 16-byte vectors: the wgmma layout gives each thread
                # 2 bytes per row segment, a quarter of every 32-byte sector it writes (twentieth session:
                # 16 modular products 1.63 -> 1.42 ms at 4096^3, 13.68 -> 12.35 ms at 8192^3)
                sl: gl.constexpr = gl.BlockedLayout([1, 16], [2, 16], [num_warps, 1], [1, 0])
                r8 = gl.convert_layout(r.to(gl.uint8), sl)
                sm = pid_m * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, sl))
                sn = pid_n * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, sl))
                so = plane.to(gl.int64) * Mp * Np + sm[:, None].to(gl.int64) * Np + sn[None, :]
                gl.store(out_ptr + so, r8)
    if TMA_STORE:
        tma.store_wait(0)


@gluon.jit
def ws_int8_gemm_kernel(a_desc, b_desc, out_ptr, w_desc, p_ptr, pf_ptr, order_ptr, Mp, Np, k0, k_len, diag, i_lo,
                        n_sub, splits, n_groups,
                        MODE: gl.constexpr, ACCUMULATE: gl.constexpr, GROUP_M: gl.constexpr,
                        NUM_PROGRAMS: gl.constexpr, STAGES: gl.constexpr, LOADER_REGS: gl.constexpr,
                        TMA_STORE: gl.constexpr, num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = a_desc.block_type.shape[0]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    BLOCK_N: gl.constexpr = b_desc.block_type.shape[0]
    a_bufs = gl.allocate_shared_memory(gl.int8, [STAGES, BLOCK_M, BLOCK_K], a_desc.layout)
    b_bufs = gl.allocate_shared_memory(gl.int8, [STAGES, BLOCK_N, BLOCK_K], b_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    if TMA_STORE:
        c_bufs = gl.allocate_shared_memory(w_desc.dtype, [2] + w_desc.block_type.shape, w_desc.layout)
    else:
        c_bufs = ready  # unused
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=1)
    num_pid_m = Mp // BLOCK_M
    num_pid_n = Np // BLOCK_N
    tiles = num_pid_m * num_pid_n
    n_items = n_groups * tiles
    nk = k_len // BLOCK_K
    gl.warp_specialize([
        (_ws_mma, (a_bufs, b_bufs, ready, empty, out_ptr, w_desc, c_bufs, p_ptr, pf_ptr, order_ptr, Mp, Np, nk, diag,
                   i_lo, n_sub, splits, n_items, num_pid_m, num_pid_n, tiles, MODE, ACCUMULATE, GROUP_M, NUM_PROGRAMS,
                   STAGES, TMA_STORE, num_warps)),
        (_ws_loader, (a_desc, b_desc, a_bufs, b_bufs, ready, empty, order_ptr, Mp, Np, k0, nk, diag, i_lo, n_sub,
                      splits, n_items, num_pid_m, num_pid_n, tiles, MODE, GROUP_M, NUM_PROGRAMS, STAGES)),
    ], [1], [LOADER_REGS])
    for i in gl.static_range(STAGES):
        mbarrier.invalidate(ready.index(i))
        mbarrier.invalidate(empty.index(i))
