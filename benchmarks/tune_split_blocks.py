"""Ozaki-I row split, block shapes: the default passes ("once" for A, "two" for B's transposed view)
at other tiles and warps, against what the card's memory allows (torch passes over the same
operand: a row max of |x| reads it once, a copy reads and writes it). Outputs compared bit for bit
with the default's; a split reads x (8 bytes per element) and writes S int8 slices.

    PYTHONPATH=src python benchmarks/tune_split_blocks.py --sizes 4096,8192 --splits 2 --out results/x.csv
"""

import torch

from int8tc import OzakiGemm
from int8tc.bench.common import patched_constants, report, time_cuda, tune_args, tune_grid, tune_row
from int8tc.ozaki import _launch
from int8tc.ozaki._launch import scale_and_split


#: the "once" tiles by warps (ncu, s62: the default sits at 2 blocks of 8 warps per
#: SM, 0.97 eligible warps per scheduler, DRAM 39%); the tiles and warps of s60 in the comments of NOTES.md 67
#: (s63 also ran register caps of 48-80 through a launcher knob since removed: no better, NOTES.md 67)
ONCE = [dict(ONCE_WARPS=w) for w in (8, 16, 32)]
#: whole rows up to K = 8192 (the default sends 8192 to the two-sweep "rows" pass; the eighth session's
#: whole rows of 8192 at 8 warps were slower, 0.49 against 0.33 ms): more warps per row (s65)
ONCE += [dict(ONCE_MAX_K=8192, ONCE_WARPS=w) for w in (16, 32)]
TWO = [dict(TWO_BLOCK_R=8, TWO_BLOCK_K=128, TWO_WARPS=4), dict(TWO_BLOCK_R=32, TWO_BLOCK_K=64, TWO_WARPS=8)]


def main():
    args = tune_args("splits", "2", 10)
    rows = []
    for n, s, a, b, _ in tune_grid(args):
        plan = OzakiGemm(b, s)
        ws = plan._workspace(n)
        gb = n * n * 8 / 1e9
        base = {"size": n, "splits": s}
        ms = time_cuda(lambda: a.abs().amax(1), args.iters)
        tune_row(rows, {**base, "what": "torch |a| row max (reads a)", "ms": ms, "same": "", "gb_s": f"{gb / ms * 1e3:.0f}"})
        cp = torch.empty_like(a)
        ms = time_cuda(lambda: cp.copy_(a), args.iters)
        tune_row(rows, {**base, "what": "torch copy (reads + writes a)", "ms": ms, "same": "",
                        "gb_s": f"{2 * gb / ms * 1e3:.0f}"})
        for who, x, buf, q, passes, variants in (("A", a, ws["sa"], ws["qa"], "once", ONCE),
                                                 ("B^T", b.t(), plan._sb, plan._qb, "two", TWO)):
            ref = None
            for v in [{}] + variants:
                with patched_constants(_launch, **v):
                    ms = time_cuda(lambda: scale_and_split(x, "row", buf, q, s, True, passes), args.iters)
                out = (q.clone(), buf.pre.clone(), buf.c.clone())
                ref = out if ref is None else ref
                same = all(torch.equal(u, w) for u, w in zip(out, ref))
                tune_row(rows, {**base, "what": f"split {who} {passes} " + (" ".join(f"{k}={val}" for k, val in v.items())
                                                                         or "default"),
                                "ms": ms, "same": same, "gb_s": f"{(gb + n * n * s / 1e9) / ms * 1e3:.0f}"})
    report(rows, args.out)


if __name__ == "__main__":
    main()
