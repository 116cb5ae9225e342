"""The warp-specialised Gluon INT8 GEMM (``ozaki/_kernels/gemm_ws.py``) against the Triton kernels it
would replace, on the same data in one process (CUDA, sm_90 only). Every output is compared
bit for bit with the Triton kernel's.

- plain: C = A B^T at n^3 (one plane each): cuBLASLt ``_int_mm``, the Ozaki-I product kernel
  (``diagonal_gemm``, default config) and the WS kernel at each --tiles entry;
- diag: Ozaki-I anti-diagonal S - 1 of S = --splits slices (S pairs over a concatenated K);
- mod: Ozaki-II's 16 modular products with the mod-p epilogue, against the Triton
  ``modular_gemm_kernel`` (``OzakiIIGemm._products`` with ``ws`` off); ``--mod-kchunk`` also runs
  them in K chunks (the epilogue's ACCUMULATE path).

    PYTHONPATH=src python3 benchmarks/tune_ws_gemm.py --sizes 4096,8192 --out ws.csv
"""

import argparse
import sys

import torch

from int8tc.bench.common import environment, format_table, time_cuda, write_csv
from int8tc.ozaki import DEFAULT_CONFIG
from int8tc.ozaki._launch import diagonal_gemm
from int8tc.ozaki._ws import WsTiles, ws_gemm
from int8tc.ozaki2 import OzakiIIGemm

TILES = {
    "128x256x128 s4": WsTiles(),
    "128x256x128 s3": WsTiles(stages=3),
    "128x256x64 s8": WsTiles(block_k=64, stages=8),
    "256x128x128 s4": WsTiles(block_m=256, block_n=128),
    "128x128x128 s6 w4": WsTiles(block_n=128, num_warps=4, stages=6, maxnreg=232),
    "128x256x128 s4 g16": WsTiles(group_m=16),
    "st.global epilogue": WsTiles(tma_store=False),
}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="4096,8192")
    p.add_argument("--splits", type=int, default=4)
    p.add_argument("--moduli", type=int, default=16)
    p.add_argument("--iters", type=int, default=20)
    p.add_argument("--tiles", default=",".join(TILES), help="comma list of TILES keys")
    p.add_argument("--ops", default="plain,diag,mod")
    p.add_argument("--mod-kchunk", type=int, default=0, help="also the modular products in K chunks of this size")
    p.add_argument("--out")
    args = p.parse_args()
    tiles = {k: TILES[k] for k in args.tiles.split(",")}
    rows = []

    def add(n, op, kernel, ms, ops, exact):
        rows.append({"n": n, "op": op, "kernel": kernel, "ms": f"{ms:.4f}", "tops": f"{ops / ms / 1e9:.0f}",
                     "exact": exact})
        print(rows[-1], file=sys.stderr, flush=True)

    ops_run = args.ops.split(",")
    for n in [int(x) for x in args.sizes.split(",")]:
        g = torch.Generator(device="cuda").manual_seed(0)
        if "plain" in ops_run:
            plain(n, g, tiles, add, args)
        if "diag" in ops_run:
            diag(n, g, tiles, add, args)
        if "mod" in ops_run:
            for kc in [0] + ([args.mod_kchunk] if args.mod_kchunk else []):
                mod(n, g, tiles, add, args, kc)
        torch.cuda.empty_cache()
    cols = ["n", "op", "kernel", "ms", "tops", "exact"]
    print(format_table(rows, cols))
    if args.out:
        write_csv(args.out, rows, cols, environment())


def plain(n, g, tiles, add, args):
    # plain GEMM
    a = torch.randint(-127, 128, (1, n, n), dtype=torch.int8, device="cuda", generator=g)
    b = torch.randint(-127, 128, (1, n, n), dtype=torch.int8, device="cuda", generator=g)
    ops = 2.0 * n**3
    add(n, "plain", "cublasLt _int_mm", time_cuda(lambda: torch._int_mm(a[0], b[0].t()), args.iters, warmup=3), ops, "")
    ref = torch.empty((1, n, n), dtype=torch.int32, device="cuda")
    f = lambda: diagonal_gemm(a, b, ref, 1, 1, 0, n, DEFAULT_CONFIG)  # noqa: E731
    add(n, "plain", "triton persistent 256x128x128", time_cuda(f, args.iters, warmup=3), ops, "ref")
    for name, t in tiles.items():
        out = torch.full_like(ref, -7)
        f = lambda: ws_gemm(a, b, out, mode=0, k0=0, k_len=n, tiles=t)  # noqa: E731
        try:
            f()
            ok = bool(torch.equal(out, ref))
            add(n, "plain", f"ws {name}", time_cuda(f, args.iters, warmup=3), ops, ok)
        except Exception as e:  # a tile that does not compile or fit: report, go on
            add(n, "plain", f"ws {name}", float("nan"), ops, f"failed: {type(e).__name__}: {str(e)[:80]}")


def diag(n, g, tiles, add, args):
    # one Ozaki-I anti-diagonal with S pairs
    s = args.splits
    qa = torch.randint(-127, 128, (s, n, n), dtype=torch.int8, device="cuda", generator=g)
    qb = torch.randint(-127, 128, (s, n, n), dtype=torch.int8, device="cuda", generator=g)
    ref = torch.zeros((s, n, n), dtype=torch.int32, device="cuda")
    ops = 2.0 * n**3 * s
    k_len = min(n, (2**31 - 1) // (127 * 127 * s) // 128 * 128)

    # the reference: all s diagonals over one K chunk through the Triton kernel
    tri = lambda: diagonal_gemm(qa, qb, ref, s, s, 0, k_len, DEFAULT_CONFIG)  # noqa: E731
    tri()
    t_all = time_cuda(tri, args.iters, warmup=2)
    add(n, f"diag S={s} (all {s} diagonals, one K chunk {k_len})", "triton persistent 256x128x128", t_all,
        2.0 * n * n * k_len * s * (s + 1) / 2, "ref")
    for name, t in tiles.items():
        out = torch.full_like(ref, -7)

        def ws_all():
            for d in range(s):
                ws_gemm(qa, qb, out, mode=0, k0=0, k_len=k_len, diag=d, i_lo=0, n_sub=d + 1, tiles=t)
        try:
            ws_all()
            ok = bool(torch.equal(out, ref))
            add(n, f"diag S={s} (all {s} diagonals, one K chunk {k_len})", f"ws {name}",
                time_cuda(ws_all, args.iters, warmup=2), 2.0 * n * n * k_len * s * (s + 1) / 2, ok)
        except Exception as e:
            add(n, f"diag S={s}", f"ws {name}", float("nan"), ops, f"failed: {type(e).__name__}: {str(e)[:80]}")


def mod(n, g, tiles, add, args, kc):
    # Ozaki-II's modular products (K chunks of kc, 0: the default chunk)
    nm = args.moduli
    b64 = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
    plan = OzakiIIGemm(b64, nm, **({"k_chunk": kc} if kc else {}))
    plan.ws = False  # the reference: the Triton modular_gemm_kernel (same padding: the plan was built with ws)
    ra = torch.randint(-128, 128, (nm, n, plan.kp), dtype=torch.int8, device="cuda", generator=g)
    res_ref = torch.empty((nm, n, plan.np_), dtype=torch.uint8, device="cuda")
    rb = plan._rb[:nm]
    f = lambda: plan._products(ra, res_ref)  # noqa: E731
    ops = 2.0 * n**3 * nm
    op = f"mod {nm} moduli" + (f" k_chunk {kc}" if kc else "")
    add(n, op, "triton modular_gemm_kernel", time_cuda(f, args.iters, warmup=2), ops, "ref")
    for name, t in tiles.items():
        res = torch.full_like(res_ref, 255)

        def ws_mod():
            for k0 in range(0, plan.kp, plan._kchunk):
                ws_gemm(ra, rb, res, mode=1, k0=k0, k_len=min(plan._kchunk, plan.kp - k0), n_groups=nm,
                        p=plan._p, pf=plan._pf, accumulate=k0 > 0, tiles=t)
        try:
            ws_mod()
            ok = bool(torch.equal(res, res_ref))
            add(n, op, f"ws {name}", time_cuda(ws_mod, args.iters, warmup=2), ops, ok)
        except Exception as e:
            add(n, op, f"ws {name}", float("nan"), ops, f"failed: {type(e).__name__}: {str(e)[:80]}")


if __name__ == "__main__":
    main()
