"""A/B of one-shot calls in one process, variants alternated in rounds (the card's heat and clocks
drift between runs, so each round times every variant back to back):

- ``dgemm("fp64")`` with the operands' scales fused into the residue split (``OzakiIIGemm.fused_split``)
  or not;
- ``gemm_fp64`` (Ozaki-I) and ``dgemm`` with B's passes on the side stream or not
  (``_streams.SIDE_STREAM_MIN_MNK``).

Each variant: 30 ms of warm-up, then the median of 5 windows of --iters calls (``time_cuda``), as
``int8tc bench`` times it.

    PYTHONPATH=src python benchmarks/ab_oneshot.py --sizes 4096,8192 --rounds 3 --out results/ab.csv
"""

import argparse

import torch

import int8tc
import int8tc._streams as streams
from int8tc.bench.common import patched_constants, report, time_cuda
from int8tc.ozaki2 import gemm as g2

NEVER = 1 << 62


def variants(a, b, out, splits):
    yield "dgemm_fp64", "fused+no_side", dict(), lambda: int8tc.dgemm(a, b, "fp64", out=out)
    yield "dgemm_fp64", "separate+no_side", dict(g2=dict(FUSED_SPLIT_MIN_PROGRAMS_PER_SM=NEVER)), \
        lambda: int8tc.dgemm(a, b, "fp64", out=out)
    yield "dgemm_fp64", "fused+side", dict(st=dict(SIDE_STREAM_MIN_MNK=0)), lambda: int8tc.dgemm(a, b, "fp64", out=out)
    yield "dgemm_fp64", "separate+side", dict(g2=dict(FUSED_SPLIT_MIN_PROGRAMS_PER_SM=NEVER),
                                               st=dict(SIDE_STREAM_MIN_MNK=0)), \
        lambda: int8tc.dgemm(a, b, "fp64", out=out)
    for s in splits:
        yield f"ozaki1_S{s}", "no_side", dict(), lambda s=s: int8tc.gemm_fp64(a, b, s, out=out)
        yield f"ozaki1_S{s}", "side", dict(st=dict(SIDE_STREAM_MIN_MNK=0)), lambda s=s: int8tc.gemm_fp64(a, b, s, out=out)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="4096,8192")
    p.add_argument("--splits", default="2,6")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--iters", type=int, default=10)
    p.add_argument("--out")
    args = p.parse_args()
    splits = [int(v) for v in args.splits.split(",")]
    rows = []
    for n in (int(v) for v in args.sizes.split(",")):
        g = torch.Generator(device="cuda").manual_seed(0)
        a = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
        b = torch.randn(n, n, dtype=torch.float64, device="cuda", generator=g)
        out = torch.empty_like(a)
        ref = None
        for rnd in range(args.rounds):
            for method, variant, patches, fn in variants(a, b, out, splits):
                with patched_constants(g2, **patches.get("g2", {})), \
                        patched_constants(streams, **patches.get("st", {})):
                    ms = time_cuda(fn, args.iters, warmup_ms=30, repeats=5)
                    fn()
                    torch.cuda.synchronize()
                if method == "dgemm_fp64":  # every variant computes the same bytes
                    if ref is None:
                        ref = out.clone()
                    same = bool(torch.equal(out, ref))
                else:
                    same = ""
                row = {"size": n, "round": rnd, "method": method, "variant": variant, "time_ms": round(ms, 4),
                       "tflops": round(2 * n**3 / ms / 1e9, 1), "same_as_first": same}
                print(row, flush=True)
                rows.append(row)
    report(rows, args.out)


if __name__ == "__main__":
    main()
