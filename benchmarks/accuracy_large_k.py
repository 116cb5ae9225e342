"""FP64-accurate mode at large K: worst-entry and median relative errors of dgemm(accuracy="fp64")
and of Ozaki-II at several moduli counts against the exact product, beside native DGEMM on the GPU
(cuBLAS) and on the CPU (torch's CPU BLAS), for K up to 2^20 (issue 6's range).

    PYTHONPATH=src python benchmarks/accuracy_large_k.py --ks 8192,65536,1048576 --out results/x.csv
"""

import argparse
import warnings

import numpy as np
import torch

import int8tc
from int8tc.bench.common import report, tune_row
from int8tc.exact import error_stats, exact_gemm
from int8tc.ozaki2 import OzakiIIGemm


def operands(rng, case: str, m: int, k: int, n: int):
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    if case == "uniform":
        a, b = rng.uniform(0, 1, (m, k)), rng.uniform(0, 1, (k, n))
    if case == "cancel":  # columns of B that make entries of AB cancel
        b[:, 0] = a[0] * 2.0**-3
        b[:, 1] = -b[:, 0]
    return a, b


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ks", default="8192,65536,262144,1048576")
    p.add_argument("--m", type=int, default=64)
    p.add_argument("--cases", default="randn,uniform,cancel")
    p.add_argument("--moduli", default="15,16,17")
    p.add_argument("--out")
    args = p.parse_args()
    rows = []
    for k in (int(v) for v in args.ks.split(",")):
        for case in args.cases.split(","):
            rng = np.random.default_rng(k + len(case))
            a, b = operands(rng, case, args.m, k, args.m)
            ta, tb = torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda()
            hi, lo = exact_gemm(ta, tb)
            runs = {"cublas": lambda: ta @ tb, "cpu_blas": lambda: (ta.cpu() @ tb.cpu()).cuda()}

            def guarded():
                with warnings.catch_warnings(record=True) as w:
                    warnings.simplefilter("always")
                    c, ch = int8tc.dgemm(ta, tb, "fp64", return_choice=True)
                return c, f"{ch.count} moduli, guard failures {ch.guard_failures}, warnings {len(w)}"

            for nm in (int(v) for v in args.moduli.split(",")):
                runs[f"ozaki2_{nm}"] = (lambda nm=nm: OzakiIIGemm(tb, nm)(ta))
            base = None
            for name, fn in [("dgemm_fp64", guarded)] + list(runs.items()):
                try:
                    out = fn()
                except Exception as e:  # noqa: BLE001 (a table row says what failed)
                    tune_row(rows, {"k": k, "case": case, "what": name, "max_rel": "", "median_rel": "", "l2_rel": "",
                                    "note": f"{type(e).__name__}: {e}"[:120]})
                    continue
                note = ""
                if isinstance(out, tuple):
                    out, note = out
                st = error_stats(out, hi, lo)
                if name == "cublas":
                    base = st
                tune_row(rows, {"k": k, "case": case, "what": name, "max_rel": f"{st['max_rel_err']:.3e}",
                                "median_rel": f"{st['median_rel_err']:.3e}", "l2_rel": f"{st['l2_rel_err']:.3e}",
                                "note": note})
            for r in rows:
                if r["k"] == k and r["case"] == case and base:
                    ratio = float(r["max_rel"]) / base["max_rel_err"] if r["max_rel"] and base["max_rel_err"] else None
                    r["max_vs_cublas"] = "" if ratio is None else f"{ratio:.2f}"
    report(rows, args.out)


if __name__ == "__main__":
    main()
