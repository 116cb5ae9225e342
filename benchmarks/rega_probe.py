"""The pair search's hot loop with the streamed tile in registers (a diagnosis probe, CUDA only).

The library's search keeps a 64-row panel in shared memory and streams 128-row column tiles through a TMA
ring: per tile a TMA issue, its mbarrier wait and three block barriers (NOTES.md 82, 83). Here the roles are
swapped: a 128-row panel is the wgmma's B operand (shared memory, loaded once per program) and each 64-row
streamed tile is its A operand, loaded straight into the registers of the wgmma's A layout (one 32-bit load
per 4 bytes, the next tile's words loaded a tile ahead), so the loop has no shared-memory ring and no block
barrier. The test is the pair search's exact group test with the roles swapped: per element |dot| - h_p of
the panel's (fixed) h, the group maxima against h_s - goal of the streamed rows.

Checks first (the first tile's products against torch, exactly; the count of (row, group, tile) bits against
a torch count of the same groups), then times, on the same data, this loop at several register caps against
``filter_roofs``' group control of the library's loop (mode 3: h_j by plain loads), over the full X X^T with
nothing hitting. Prints one line per variant: time and INT8-equivalent TOPS = 2 K M^2 / s.

    PYTHONPATH=src python benchmarks/rega_probe.py [--m 16384,65536] [--out FILE.csv]
"""

from __future__ import annotations

import argparse
import os
import sys

import triton
import triton.language as tl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from int8tc.sieve._kernels.filters import _chains8, _popc  # noqa: E402


@triton.jit
def _load_words(x_ptr, row0, BM: tl.constexpr, K: tl.constexpr):
    # rows row0 .. row0 + BM - 1 of a K-byte-row int8 matrix as int32 words, one 32-bit load each (inline PTX:
    # not a tl.load, whose layout the compiler fixes for coalescing and then converts through shared memory)
    r = row0 + tl.arange(0, BM)
    w = tl.arange(0, K // 4)
    ptrs = (x_ptr + r[:, None].to(tl.int64) * K + 4 * w[None, :]).to(tl.pointer_type(tl.int32))
    return tl.inline_asm_elementwise("ld.global.nc.b32 $0, [$1];", "=r,l", [ptrs], dtype=tl.int32, is_pure=True,
                                     pack=1)


@triton.jit
def _load_frag(xa_ptr, tile, BM: tl.constexpr, K: tl.constexpr, NC: tl.constexpr):
    # tile `tile` of the fragment-ordered copy (``fragment_order``) as the [BM, K // 4] words of rows
    # tile * BM .., each warp's 32-bit load one contiguous 128-byte line (row 16 w + 8 a + g and word q + 4 b + 8 s
    # sit at word (a + 2 b + 4 s) * 128 + 32 w + 4 g + q of the tile)
    r = tl.arange(0, BM)
    wd = tl.arange(0, K // 4)
    rb = (r >> 4) * 32 + (r & 7) * 4 + ((r >> 3) & 1) * 128
    wb = (wd & 3) + ((wd >> 2) & 1) * 256 + (wd >> 3) * 512
    ptrs = (xa_ptr + tile.to(tl.int64) * (BM * K)).to(tl.pointer_type(tl.int32)) + rb[:, None] + wb[None, :]
    if NC:
        return tl.inline_asm_elementwise("ld.global.nc.b32 $0, [$1];", "=r,l", [ptrs], dtype=tl.int32,
                                         is_pure=True, pack=1)
    else:
        return tl.inline_asm_elementwise("ld.global.b32 $0, [$1];", "=r,l", [ptrs], dtype=tl.int32, is_pure=True,
                                         pack=1)


@triton.jit
def _load_frag4(xa_ptr, tile, BM: tl.constexpr, K: tl.constexpr):
    # the same words from the 16-byte fragment order (``fragment_order(x, 4)``): one 128-bit load per thread
    # brings 4 of its 16 registers (each warp's load 512 contiguous bytes). P indexes (rho, omega): row
    # 16 w + 8 a + g and word q + 4 b + 8 s with rho = 8 w + g, omega = 4 s + q; the load's 4 words are
    # (a, b) = (0, 0), (1, 0), (0, 1), (1, 1), joined and permuted back to [BM, K // 4]
    rho = tl.arange(0, BM // 2)
    om = tl.arange(0, K // 8)
    off = 64 * rho[:, None] + 16 * (om[None, :] & 3) + 2048 * (om[None, :] >> 2)
    ptrs = xa_ptr + tile.to(tl.int64) * (BM * K) + off
    o0, o1, o2, o3 = tl.inline_asm_elementwise("ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l", [ptrs],
                                               dtype=(tl.int32, tl.int32, tl.int32, tl.int32), is_pure=True, pack=1)
    t = tl.join(tl.join(o0, o1), tl.join(o2, o3))  # [rho, omega, a, b]
    t = tl.permute(tl.reshape(t, (4, 8, 4, 4, 2, 2)), (0, 4, 1, 2, 5, 3))  # (w, a, g, s, b, q)
    return tl.reshape(t, (BM, K // 4))


def fragment_order(x, vec: int = 1):
    """x ([M, 128] int8, M a multiple of 64) with each 64-row tile's words in the order ``_load_frag`` (vec 1) or
    ``_load_frag4`` (vec 4) reads."""
    m, k = x.shape
    v = x.view(m // 64, 4, 2, 8, 4, 2, 4, 4)  # (tile, w, a, g, s, b, q, e): row 16 w + 8 a + g, byte 32 s + 16 b + 4 q + e
    if vec == 4:
        return v.permute(0, 4, 1, 3, 6, 5, 2, 7).contiguous().view(m, k)  # (tile, s, w, g, q, b, a, e)
    return v.permute(0, 4, 5, 2, 1, 3, 6, 7).contiguous().view(m, k)


@triton.jit
def _split_words(W, BM: tl.constexpr, K: tl.constexpr):
    # the words' bytes as the [BM, K] int8 operand: joined so that byte e of word w is element 4 w + e and the
    # four bytes of a word stay one register (the wgmma's A layout holds 4 consecutive k per register), which
    # LLVM folds into no instruction at all
    b0 = W.to(tl.int8)
    b1 = (W >> 8).to(tl.int8)
    b2 = (W >> 16).to(tl.int8)
    b3 = (W >> 24).to(tl.int8)
    return tl.reshape(tl.join(tl.join(b0, b2), tl.join(b1, b3)), (BM, K))


@triton.jit
def _tile_words(x_ptr, tile, BM: tl.constexpr, K: tl.constexpr, FRAG: tl.constexpr, NC: tl.constexpr):
    if FRAG == 2:
        return _load_frag4(x_ptr, tile, BM, K)
    elif FRAG:
        return _load_frag(x_ptr, tile, BM, K, NC)
    else:
        return _load_words(x_ptr, tile * BM, BM, K)


@triton.jit
def _probe_test(acc, hp, lim, BM: tl.constexpr, GROUPS: tl.constexpr, TEST: tl.constexpr, hmin=None):
    if TEST == 2:  # the bound: a group's max |dot| against lim + the group's least h_p (hmin [BM, GROUPS])
        mx, mn = _chains8(acc, BM, GROUPS)
        return (tl.maximum(mx, -mn) >= lim[:, None] + hmin).to(tl.int32)
    elif TEST == 1:
        hi = _chains8(acc - hp[None, :], BM, GROUPS)[0]
        lo = _chains8(acc + hp[None, :], BM, GROUPS)[1]
        return ((hi >= lim[:, None]) | (lo <= -lim[:, None])).to(tl.int32)
    else:
        return (_chains8(tl.abs(acc) - hp[None, :], BM, GROUPS)[0] >= lim[:, None]).to(tl.int32)


@triton.jit
def _rega_kernel(x_ptr, p_desc, h_ptr, out_ptr, goal, dbg_ptr, BM: tl.constexpr, BN: tl.constexpr, K: tl.constexpr,
                 TILES: tl.constexpr, GROUPS: tl.constexpr, PREFETCH: tl.constexpr, DEBUG: tl.constexpr,
                 FRAG: tl.constexpr = False, NC: tl.constexpr = True, TEST: tl.constexpr = 0,
                 DUAL: tl.constexpr = False):
    # TEST 0: group max of |dot| - h_p against lim (abs, sub, max); 1: group max of dot - h_p and min of dot + h_p
    # (an add-max and an add-min per element, no abs). DUAL: two panels per program, each streamed tile's
    # registers used by both products (one load per two tiles)
    pi = tl.program_id(0)
    s0 = tl.program_id(1) * TILES
    P0 = 2 * pi if DUAL else pi
    panel = p_desc.load([P0 * BN, 0])  # [BN, K]: the wgmma's B operand
    hp = tl.load(h_ptr + P0 * BN + tl.arange(0, BN))
    if DUAL:
        panel2 = p_desc.load([(P0 + 1) * BN, 0])
        hp2 = tl.load(h_ptr + (P0 + 1) * BN + tl.arange(0, BN))
    hmin = _chains8(hp[None, :] + tl.zeros((BM, BN), dtype=tl.int32), BM, GROUPS)[1]
    total = tl.zeros((BM, GROUPS), dtype=tl.int32)
    qbits = tl.zeros((BM, GROUPS), dtype=tl.int32)
    qbits2 = tl.zeros((BM, GROUPS), dtype=tl.int32)
    w_next = _tile_words(x_ptr, s0, BM, K, FRAG, NC)
    lim_next = tl.load(h_ptr + s0 * BM + tl.arange(0, BM)) - goal
    for t in range(0, TILES):
        if PREFETCH == 2:  # (a control: the first tile's words for every tile, no load in the loop)
            w = w_next
            lim = lim_next
        elif PREFETCH:
            w = w_next
            lim = lim_next
            tn = s0 + tl.minimum(t + 1, TILES - 1)
            w_next = _tile_words(x_ptr, tn, BM, K, FRAG, NC)
            lim_next = tl.load(h_ptr + tn * BM + tl.arange(0, BM)) - goal
        else:
            w = _tile_words(x_ptr, s0 + t, BM, K, FRAG, NC)
            lim = tl.load(h_ptr + (s0 + t) * BM + tl.arange(0, BM)) - goal
        a = _split_words(w, BM, K)
        acc = tl.dot(a, panel.T, out_dtype=tl.int32)
        if DEBUG:
            if t == 0:
                if pi == 0 and tl.program_id(1) == 0:
                    tl.store(dbg_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :], acc)
        r = _probe_test(acc, hp, lim, BM, GROUPS, TEST, hmin)
        qbits = tl.where(r != 0, qbits | (tl.full((), 1, tl.int32) << (t % 32)), qbits)
        if DUAL:
            acc2 = tl.dot(a, panel2.T, out_dtype=tl.int32)
            r2 = _probe_test(acc2, hp2, lim, BM, GROUPS, TEST, hmin)
            qbits2 = tl.where(r2 != 0, qbits2 | (tl.full((), 1, tl.int32) << (t % 32)), qbits2)
        if t % 32 == 31:
            total += _popc(qbits) + _popc(qbits2)
            qbits = tl.zeros((BM, GROUPS), dtype=tl.int32)
            qbits2 = tl.zeros((BM, GROUPS), dtype=tl.int32)
    pid = pi * tl.num_programs(1) + tl.program_id(1)
    tl.store(out_ptr + pid + tl.arange(0, 1), tl.sum(tl.sum(total, axis=1), axis=0))


def reference_bits(x, h, goal, bn: int, groups: int) -> int:
    """(streamed row, panel, group) triples with a hit, the probe's grouping: panel p = rows p*bn ..; column c of
    a panel in group 4 (j // (bn // 8 // (groups // 4))) + (c % 8) // 2, j = c // 8 (``_groups``' groups)."""
    import torch

    m = x.shape[0]
    c = torch.arange(bn, device=x.device)
    g = 4 * ((c // 8) // (bn // 8 // (groups // 4))) + (c % 8) // 2
    total = 0
    xf = x.to(torch.float32)  # |dot| < 2^24: exact in float32
    for s0 in range(0, m, 2048):
        d = (xf[s0:s0 + 2048] @ xf.T).round().to(torch.int64)  # [rows, m]
        hit = (d.abs() - h[None, :].to(torch.int64)) >= (h[s0:s0 + 2048, None].to(torch.int64) - goal)
        hit = hit.view(hit.shape[0], m // bn, bn)
        per = torch.zeros(hit.shape[0], m // bn, groups, dtype=torch.int32, device=x.device)
        per.index_add_(2, g, hit.to(torch.int32))
        total += int((per > 0).sum())
    return total


def main():
    import torch
    from triton.tools.tensor_descriptor import TensorDescriptor

    from filter_roofs import _group_roof_kernel
    from int8tc.bench.common import environment, time_cuda, write_csv

    p = argparse.ArgumentParser()
    p.add_argument("--m", default="16384,65536")
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--out")
    args = p.parse_args()
    k, bm, bn, groups, per = 128, 64, 128, 16, 64
    env = environment()
    rows = []
    for m in [int(v) for v in args.m.split(",")]:
        g = torch.Generator(device="cuda").manual_seed(m)
        x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
        h = torch.randint(0, 1 << 20, (m,), dtype=torch.int32, device="cuda", generator=g)
        pd = TensorDescriptor(x, [m, k], [k, 1], [bn, k])
        grid = (m // bn, m // (bm * per))
        out = torch.zeros(grid[0] * grid[1], dtype=torch.int32, device="cuda")
        dbg = torch.full((bm, bn), -7, dtype=torch.int32, device="cuda")

        xa = {1: fragment_order(x), 2: fragment_order(x, 4)}

        def rega(goal, nreg, pf, frag, nc, debug=False, test=0, dual=False):
            g2 = (grid[0] // 2, grid[1]) if dual else grid
            _rega_kernel[g2](xa[frag] if frag else x, pd, h, out, goal, dbg, BM=bm, BN=bn, K=k, TILES=per, GROUPS=groups,
                             PREFETCH=pf, DEBUG=debug, FRAG=frag, NC=nc, TEST=test, DUAL=dual, num_warps=4, maxnreg=nreg)

        # checks: the first tile's products, and the bit count at a goal with hits
        want = (x[:bm].to(torch.float32) @ x[:bn].to(torch.float32).T).round().to(torch.int32)
        goal = 1 << 16  # about 3e-3 of the pairs hit for these h and rows
        ref = reference_bits(x, h, goal, bn, groups) if m <= 16384 else None
        checks = {}
        for frag, pf, test, dual in ((2, 1, 0, 0), (2, 1, 1, 0), (2, 1, 0, 1), (2, 1, 1, 1)):
            dbg.fill_(-7)
            rega(0, 168, pf, frag, 1, True, test, dual)
            out.zero_()
            rega(goal, 168, pf, frag, 1, False, test, dual)
            checks[f"frag{frag} pf{pf} test{test} dual{dual}"] = (bool(torch.equal(dbg, want)), int(out.sum()))
        print(f"m={m}: (first tile's dots exact, bits) {checks}; reference bits {ref}", flush=True)
        dots_ok = all(v[0] for v in checks.values())
        bits = sorted({v[1] for v in checks.values()})
        # timing, nothing hitting
        variants = [(f"rega frag2 pf{pf} r{nreg} test{test} dual{dual}",
                     lambda nreg=nreg, pf=pf, test=test, dual=dual: rega(-(1 << 30), nreg, pf, 2, 1, False, test, dual))
                    for pf, nreg, test, dual in ((1, 168, 0, 0), (1, 168, 1, 0), (1, 168, 2, 0), (1, 128, 2, 0),
                                                 (1, 168, 0, 1), (1, 255, 0, 1), (1, 255, 2, 1), (2, 168, 0, 0),
                                                 (2, 168, 2, 0))]
        xd = TensorDescriptor(x, [m, k], [k, 1], [bm, k])
        yd = TensorDescriptor(x, [m, k], [k, 1], [bn, k])
        hd = TensorDescriptor(h, [m], [1], [bn])
        cgrid = (m // bm, m // (bn * per))
        cout = torch.zeros(cgrid[0] * cgrid[1], dtype=torch.int32, device="cuda")
        variants.append(("library loop (filter_roofs group mode 3)", lambda: _group_roof_kernel[cgrid](
            xd, yd, hd, h, cout, 1 << 30, BLOCK_M=bm, BLOCK_N=bn, KP=k, TILES=per, NUM_STAGES=3, GROUPS=groups,
            MODE=3, num_warps=4, maxnreg=168)))
        for rnd in range(2):
            for name, fn in variants:
                try:
                    ms = time_cuda(fn, args.iters, warmup=3, warmup_ms=200)
                except Exception as e:  # a variant the compiler rejects: said, the run goes on
                    print(f"m={m} {name}: {type(e).__name__}: {str(e)[:200]}", flush=True)
                    continue
                tops = 2 * k * m * m / ms / 1e9
                rows.append({"m": m, "variant": name, "round": rnd, "time_ms": f"{ms:.4f}", "tops": f"{tops:.0f}",
                             "dots_exact": dots_ok, "bits": "/".join(map(str, bits)), "bits_ref": ref})
                print(f"m={m} round {rnd} {name:45s} {ms:8.4f} ms {tops:6.0f} TOPS", flush=True)
    if args.out:
        write_csv(args.out, rows, ["m", "variant", "round", "time_ms", "tops", "dots_exact", "bits", "bits_ref"], env)


if __name__ == "__main__":
    main()
