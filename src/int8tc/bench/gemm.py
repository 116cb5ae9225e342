"""``int8tc bench``: the seed's FP64-emulation benchmark (speed and error of every method).

For every size and split count each method warms up (one call, then more calls for
``--warmup-ms`` of wall time: each method is timed in its own steady state, not in the clock and
power state the one before it left), then ``--repeats`` windows of ``iters`` back-to-back timed
runs (CUDA events); the median window's mean per call is reported (one window's mean with
``--repeats 1``). Errors are against ``fp64_cublas`` (native DGEMM) on the
same inputs. Methods:

- ``fp64_cublas``: torch FP64 matmul (native DGEMM; the reference result and speed), splits 0.
- ``int8_cublas_baseline``: the seed's scheme naively (all S^2 cuBLAS INT8 GEMMs).
- ``cublas_emulated``: cuBLAS's FP64 fixed-point emulation, FIXED mantissa, bits = 8 S - 1.
- ``int8tc_ozaki1``: this library's ``gemm_fp64`` (one per ``--ours`` spec).
- ``int8tc_ozaki2``: Ozaki scheme II, ``gemm_fp64_crt``, with ``--moduli`` moduli (the count is
  reported in the ``splits`` column); with ``--accuracy fp64`` also ``int8tc_ozaki2_accurate``
  (the same with ``scaling="accurate"``).

Without CUDA the NumPy reference runs instead, at small sizes, and says so.
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from .common import environment, format_table, progress, time_cuda, time_host, write_csv

CSV_HEADER = ["size_M", "size_N", "size_K", "method", "splits", "time_ms", "gflops", "max_abs_err", "l2_rel_err"]
DISTRIBUTIONS = ("randn", "uniform", "wide")
CPU_MAX_DIM = 1024
#: each method's warm-up before its timed runs (ms of calls). Seventeenth session (benchmarks/
#: order_effect.py, NOTES.md 69): with one warm-up call, our 4096^3 S = 2 point took 0.69-0.74 ms
#: right after other methods' load and 0.55-0.63 ms otherwise (cuBLAS's emulation 0.90-1.08 ms)
WARMUP_MS = 30.0
#: timed windows of ITERS calls per method, the median one reported. Seventeenth session (s81): our 4096^3
#: S = 2 one-shot call takes 0.54 ms of GPU time against ~0.39 ms of host time, and single 10-call windows
#: measured 0.54-0.84 ms (cuBLAS's emulation 0.90-1.00): a host stall in a window that short starves the GPU
REPEATS = 5
CPU_DEFAULT_SIZES = [(128, 128, 128), (256, 256, 256)]


def _positive_int(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        v = 0
    if v < 1:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text!r}")
    return v


def parse_sizes(text: str) -> list[tuple[int, int, int]]:
    """'4096,8192' -> cubes; 'MxNxK' entries allowed: '4096x2048x1000'."""
    sizes = []
    for item in text.split(","):
        item = item.strip().lower()
        if not item:
            continue
        parts = item.split("x")
        try:
            dims = [int(p) for p in parts]
        except ValueError:
            raise ValueError(f"bad size {item!r}: use N or MxNxK with positive integers") from None
        if len(dims) == 1:
            dims = dims * 3
        if len(dims) != 3 or min(dims) < 1:
            raise ValueError(f"bad size {item!r}: use N or MxNxK with positive integers")
        sizes.append(tuple(dims))
    if not sizes:
        raise ValueError(f"no sizes in {text!r}")
    return sizes


def parse_splits(text: str) -> list[int]:
    from ..ozaki.scheme import MAX_SPLITS

    try:
        out = [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise ValueError(f"bad splits {text!r}: use a comma list like 2,4,6,8") from None
    bad = [s for s in out if not 1 <= s <= MAX_SPLITS]
    if not out or bad:
        raise ValueError(f"splits must be in 1..{MAX_SPLITS}, got {text!r}")
    return out


def parse_moduli(text: str) -> list[int]:
    from ..ozaki2.moduli import MAX_MODULI

    try:
        out = [int(v) for v in text.split(",") if v.strip()]
    except ValueError:
        raise ValueError(f"bad --moduli {text!r}: use a comma list like 14,16") from None
    if not out or any(not 2 <= v <= MAX_MODULI for v in out):
        raise ValueError(f"--moduli must be in 2..{MAX_MODULI}, got {text!r}")
    return out


def parse_ours(text: str) -> list[tuple[str, str]]:
    """'matrix:S,row:S+1' -> [(scaling, diagonals-spec)]; diagonals-spec: S, S+k, all or an int."""
    specs = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        scaling, _, dg = item.partition(":")
        if scaling not in ("matrix", "row"):
            raise ValueError(f"bad --ours spec {item!r}: scaling must be matrix or row")
        dg = dg or "default"
        if not (dg in ("all", "S", "default") or dg.startswith("S+") or dg.isdigit()):
            raise ValueError(f"bad --ours spec {item!r}: diagonals must be default, S, S+k, all or an integer")
        specs.append((scaling, dg))
    return specs


def resolve_spec_diagonals(dg: str, splits: int) -> int | str | None:
    if dg == "default":
        return None
    if dg == "all":
        return "all"
    if dg == "S":
        return splits
    if dg.startswith("S+"):
        return min(splits + int(dg[2:]), 2 * splits - 1)
    return min(int(dg), 2 * splits - 1)


def method_name(spec: tuple[str, str], first: bool) -> str:
    if first:
        return "int8tc_ozaki1"
    return f"int8tc_ozaki1[{spec[0]}]" if spec[1] == "default" else f"int8tc_ozaki1[{spec[0]}:{spec[1]}]"


def make_inputs_numpy(m: int, n: int, k: int, dist: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    if dist == "uniform":
        a, b = rng.uniform(-1, 1, (m, k)), rng.uniform(-1, 1, (k, n))
    else:
        a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    if dist == "wide":
        a *= np.ldexp(1.0, rng.integers(-30, 31, m))[:, None]
        b *= np.ldexp(1.0, rng.integers(-30, 31, n))[None, :]
    return a, b


def make_inputs_torch(m: int, n: int, k: int, dist: str, seed: int, device):
    """Inputs generated on the device: randn, uniform(-1, 1), or 'wide' (randn with rows of A and
    columns of B scaled by 2^k, k uniform in -30..30)."""
    import torch

    g = torch.Generator(device=device).manual_seed(seed)
    if dist == "uniform":
        a = torch.rand(m, k, dtype=torch.float64, device=device, generator=g) * 2 - 1
        b = torch.rand(k, n, dtype=torch.float64, device=device, generator=g) * 2 - 1
    else:
        a = torch.randn(m, k, dtype=torch.float64, device=device, generator=g)
        b = torch.randn(k, n, dtype=torch.float64, device=device, generator=g)
    if dist == "wide":
        ea = torch.randint(-30, 31, (m, 1), device=device, generator=g).to(torch.float64)
        eb = torch.randint(-30, 31, (1, n), device=device, generator=g).to(torch.float64)
        a *= torch.exp2(ea)
        b *= torch.exp2(eb)
    return a, b


def _errors_torch(c, ref) -> tuple[float, float]:
    import torch

    d = c - ref
    nref = torch.linalg.norm(ref)
    max_abs = float(d.abs().max())
    l2 = float(torch.linalg.norm(d) / nref) if float(nref) > 0 else float(torch.linalg.norm(d))
    return max_abs, l2


def _row(m, n, k, method, splits, ms, errs) -> dict:
    gflops = 2.0 * m * n * k / (ms * 1e6) if ms > 0 else float("inf")
    return {"size_M": m, "size_N": n, "size_K": k, "method": method, "splits": splits,
            "time_ms": f"{ms:.4f}", "gflops": f"{gflops:.1f}",
            "max_abs_err": f"{errs[0]:.3e}", "l2_rel_err": f"{errs[1]:.3e}"}


def run_cuda(sizes, splits_list, iters, args) -> list[dict]:
    import torch

    from ..ozaki import gemm_fp64
    from ..ozaki.baseline import int8_cublas_baseline
    from ..ozaki.cublas_emulation import CublasEmulatedDgemm, verify_emulation

    device = torch.device("cuda")
    methods = set(args.methods.split(","))
    ours = parse_ours(args.ours)
    rows = []
    breakdowns = args.breakdowns = []
    if "cublas_emulated" in methods:
        err = verify_emulation(device)
        progress(f"cuBLAS emulation check: FIXED 15-bit l2 error {err:.2e} (emulation really runs)")
    for (m, n, k) in sizes:
        a, b = make_inputs_torch(m, n, k, args.dist, args.seed, device)
        ref = torch.empty((m, n), dtype=torch.float64, device=device)
        progress(f"{m}x{n}x{k}: fp64_cublas")
        ms = time_cuda(lambda: torch.matmul(a, b, out=ref), iters, warmup_ms=args.warmup_ms,
                       repeats=args.repeats)
        rows.append(_row(m, n, k, "fp64_cublas", 0, ms, (0.0, 0.0)))
        out = torch.empty_like(ref)
        for s in splits_list:
            if "int8_cublas_baseline" in methods:
                progress(f"{m}x{n}x{k} S={s}: int8_cublas_baseline")
                holder = {}

                def base():
                    holder["c"] = int8_cublas_baseline(a, b, s)
                ms = time_cuda(base, iters, warmup_ms=args.warmup_ms, repeats=args.repeats)
                rows.append(_row(m, n, k, "int8_cublas_baseline", s, ms, _errors_torch(holder["c"], ref)))
                del holder
            if "cublas_emulated" in methods:
                progress(f"{m}x{n}x{k} S={s}: cublas_emulated (bits={8 * s - 1})")
                ws = 256 * 2**20 + (s + 2) * (m * k + k * n) + 16 * m * n
                emu = CublasEmulatedDgemm(bits=8 * s - 1, workspace_bytes=ws, device=device)
                ms = time_cuda(lambda: emu(a, b, out=out), iters, warmup_ms=args.warmup_ms,
                               repeats=args.repeats)
                rows.append(_row(m, n, k, "cublas_emulated", s, ms, _errors_torch(out, ref)))
                emu.close()
                del emu
            if "int8tc_ozaki1" in methods:
                for idx, spec in enumerate(ours):
                    name = method_name(spec, idx == 0)
                    dg = resolve_spec_diagonals(spec[1], s)
                    progress(f"{m}x{n}x{k} S={s}: {name}")
                    ms = time_cuda(lambda: gemm_fp64(a, b, s, diagonals=dg, scaling=spec[0], out=out), iters,
                                   warmup_ms=args.warmup_ms, repeats=args.repeats)
                    rows.append(_row(m, n, k, name, s, ms, _errors_torch(out, ref)))
                    if args.graph and idx == 0:
                        from ..ozaki import OzakiGemm

                        plan = OzakiGemm(b, s, diagonals=dg, scaling=spec[0])
                        graph = plan.capture(a, out, include_b=True)
                        out.fill_(float("nan"))
                        ms = time_cuda(graph.replay, iters, warmup_ms=args.warmup_ms, repeats=args.repeats)
                        rows.append(_row(m, n, k, name + "_graph", s, ms, _errors_torch(out, ref)))
                        del graph, plan
                    if args.breakdown:
                        parts = breakdown(a, b, s, dg, spec[0], iters)
                        progress(f"{m}x{n}x{k} S={s} {name} breakdown: " + ", ".join(f"{key} {v:.3f}" for key, v in parts.items()))
                        breakdowns.append({"size_M": m, "size_N": n, "size_K": k, "method": name, "splits": s,
                                           **{key: f"{v:.4f}" for key, v in parts.items()}})
            torch.cuda.empty_cache()
        if args.moduli:
            from ..ozaki2 import gemm_fp64_crt

            for nm in parse_moduli(args.moduli):
                progress(f"{m}x{n}x{k} moduli={nm}: int8tc_ozaki2")
                ms = time_cuda(lambda: gemm_fp64_crt(a, b, nm, out=out), iters, warmup_ms=args.warmup_ms,
                               repeats=args.repeats)
                rows.append(_row(m, n, k, "int8tc_ozaki2", nm, ms, _errors_torch(out, ref)))
        del a, b, ref, out
        torch.cuda.empty_cache()
    return rows


ACCURACY_HEADER = ["size_M", "size_N", "size_K", "method", "param", "time_ms", "gflops", "speedup_vs_fp64",
                   "max_rel_err", "median_rel_err", "l2_rel_err", "max_rel_vs_fp64", "choice"]


def run_accuracy(sizes, splits_list, iters, args) -> list[dict]:
    """``--accuracy fp64``: errors against the exact product (``int8tc.exact``), for native DGEMM,
    cuBLAS's default (dynamic) emulation, ``int8tc.dgemm(accuracy=...)`` and every Ozaki-II
    moduli count / Ozaki-I split count asked for."""
    import torch

    from ..dgemm import DgemmPlan, dgemm
    from ..exact import error_stats, exact_gemm
    from ..ozaki import gemm_fp64
    from ..ozaki.cublas_emulation import CublasEmulatedDgemm
    from ..ozaki2 import gemm_fp64_crt

    device = torch.device("cuda")
    rows = []
    for (m, n, k) in sizes:
        a, b = make_inputs_torch(m, n, k, args.dist, args.seed, device)
        progress(f"{m}x{n}x{k}: exact reference")
        hi, lo = exact_gemm(a, b)
        out = torch.empty((m, n), dtype=torch.float64, device=device)
        base = {}

        def add(method, param, fn, choice=""):
            out.fill_(float("nan"))
            ms = time_cuda(fn, iters, warmup_ms=args.warmup_ms, repeats=args.repeats)
            st = error_stats(out, hi, lo)
            if method == "fp64_cublas":
                base.update(ms=ms, err=st["max_rel_err"])
            rows.append({"size_M": m, "size_N": n, "size_K": k, "method": method, "param": param,
                         "time_ms": f"{ms:.4f}", "gflops": f"{2.0 * m * n * k / (ms * 1e6):.1f}",
                         "speedup_vs_fp64": f"{base['ms'] / ms:.3f}", "max_rel_err": f"{st['max_rel_err']:.3e}",
                         "median_rel_err": f"{st['median_rel_err']:.3e}", "l2_rel_err": f"{st['l2_rel_err']:.3e}",
                         "max_rel_vs_fp64": f"{st['max_rel_err'] / base['err']:.3f}" if base["err"] > 0 else "",
                         "choice": choice})
            progress(" ".join(f"{key}={v}" for key, v in rows[-1].items()))

        add("fp64_cublas", 0, lambda: torch.matmul(a, b, out=out))
        ws = 256 * 2**20 + 10 * (m * k + k * n) + 24 * m * n
        emu = CublasEmulatedDgemm(bits=None, workspace_bytes=ws, device=device)
        add("cublas_emulated_dynamic", 0, lambda: emu(a, b, out=out))
        emu.close()
        del emu
        choice = DgemmPlan(b, args.accuracy).choice
        add(f"int8tc_dgemm_{args.accuracy}", choice.count, lambda: dgemm(a, b, args.accuracy, out=out),
            choice=str(choice))
        for nm in parse_moduli(args.moduli) if args.moduli else []:
            add("int8tc_ozaki2", nm, lambda: gemm_fp64_crt(a, b, nm, out=out))
            add("int8tc_ozaki2_accurate", nm, lambda: gemm_fp64_crt(a, b, nm, scaling="accurate", out=out))
        for s in splits_list:
            add("int8tc_ozaki1", s, lambda: gemm_fp64(a, b, s, out=out))
        del a, b, hi, lo, out
        torch.cuda.empty_cache()
    return rows


def breakdown(a, b, splits: int, diagonals, scaling: str, iters: int) -> dict[str, float]:
    """Milliseconds per phase of our method: split of B, split of A, INT8 products, reconstruction."""
    import torch

    from ..ozaki import OzakiGemm
    from ..ozaki._launch import diagonal_gemm, reconstruct, scale_and_split

    plan = OzakiGemm(b, splits, diagonals=diagonals, scaling=scaling)
    m = a.shape[0]
    ws = plan._workspace(m)
    out = torch.empty((m, plan.n), dtype=torch.float64, device=a.device)

    def split_a():
        scale_and_split(a, scaling, ws["sa"], ws["qa"], splits, plan.config.fused_split, plan.config.split_a)

    def products():
        kp = ws["qa"].shape[2]
        for k0 in range(0, kp, plan._kchunk):
            diagonal_gemm(ws["qa"], plan._qb, ws["w"], plan.diagonals, splits, k0, min(plan._kchunk, kp - k0), plan.config)

    def recon():
        reconstruct(ws["w"], ws["sa"], plan._sb, out, m, plan.n, plan._weights, accumulate=False)

    return {
        "split_b_ms": time_cuda(lambda: plan.update_b(b), iters, warmup_ms=WARMUP_MS),
        "split_a_ms": time_cuda(split_a, iters, warmup_ms=WARMUP_MS),
        "products_ms": time_cuda(products, iters, warmup_ms=WARMUP_MS),
        "reconstruct_ms": time_cuda(recon, iters, warmup_ms=WARMUP_MS),
    }


def run_cpu(sizes, splits_list, iters, args) -> list[dict]:
    from ..ozaki import reference

    if any(max(sz) > CPU_MAX_DIM for sz in sizes):
        progress(f"no CUDA device: sizes above {CPU_MAX_DIM} are too slow for the NumPy reference; "
                 f"using {'x'.join(map(str, CPU_DEFAULT_SIZES[0]))} and {'x'.join(map(str, CPU_DEFAULT_SIZES[1]))}")
        sizes = CPU_DEFAULT_SIZES
    ours = parse_ours(args.ours)
    rows = []
    for (m, n, k) in sizes:
        a, b = make_inputs_numpy(m, n, k, args.dist, args.seed)
        ref = a @ b
        ms = time_host(lambda: a @ b, iters)
        rows.append(_row(m, n, k, "fp64_numpy", 0, ms, (0.0, 0.0)))
        for s in splits_list:
            progress(f"{m}x{n}x{k} S={s}: NumPy reference")
            holder = {}

            def pairwise():
                holder["c"] = reference.gemm_pairwise(a, b, s)
            ms = time_host(pairwise, iters)
            rows.append(_row(m, n, k, "seed_reference", s, ms, reference.error_stats(holder["c"], ref)))
            for idx, spec in enumerate(ours):
                dg = resolve_spec_diagonals(spec[1], s)

                def ozaki():
                    holder["c"] = reference.gemm(a, b, s, dg, spec[0])
                ms = time_host(ozaki, iters)
                rows.append(_row(m, n, k, method_name(spec, idx == 0).replace("ozaki1", "ozaki1_reference"), s, ms,
                                 reference.error_stats(holder["c"], ref)))
        if args.moduli:
            from ..ozaki2 import reference as reference2

            for nm in parse_moduli(args.moduli):
                holder = {}

                def crt():
                    holder["c"] = reference2.gemm(a, b, nm)
                ms = time_host(crt, iters)
                rows.append(_row(m, n, k, "int8tc_ozaki2_reference", nm, ms, reference.error_stats(holder["c"], ref)))
    return rows


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("sizes", nargs="?", default="1024,2048,4096", help="comma list of N (cubes) or MxNxK")
    p.add_argument("splits", nargs="?", default="2,4,6,8", help="comma list of split counts S")
    p.add_argument("iters", nargs="?", type=int, default=5, help="timed runs per method (after the warm-up)")
    p.add_argument("--repeats", type=_positive_int, default=REPEATS,
                   help=f"timed windows of ITERS calls per method; the median window is reported (default {REPEATS})")
    p.add_argument("--warmup-ms", type=float, default=WARMUP_MS,
                   help=f"untimed calls of each method for at least this long before its timing (default {WARMUP_MS})")
    p.add_argument("--csv", action="store_true", help="print CSV (the seed's header) instead of a table")
    p.add_argument("--out", help="also write a long-format CSV with GPU, versions, commit and date")
    p.add_argument("--dist", choices=DISTRIBUTIONS, default="randn",
                   help="inputs: randn (default), uniform(-1,1), wide (rows/cols scaled by 2^-30..2^30)")
    p.add_argument("--seed", type=int, default=0, help="random seed of the inputs (default 0)")
    p.add_argument("--methods", default="int8_cublas_baseline,cublas_emulated,int8tc_ozaki1",
                   help="comma list of methods besides fp64_cublas")
    p.add_argument("--ours", default="row,matrix",
                   help="our variants, comma list of SCALING[:DIAGONALS] (matrix|row; default (the library's: "
                        "min(S, 7)), S, S+k, all, int); "
                        "the first is reported as int8tc_ozaki1")
    p.add_argument("--cpu", action="store_true", help="run the NumPy reference even if CUDA is available")
    p.add_argument("--moduli", default="",
                   help="also run Ozaki scheme II with these moduli counts (rows int8tc_ozaki2, the count in 'splits')")
    p.add_argument("--graph", action="store_true",
                   help="also time our first variant replayed as one CUDA graph (both operands re-sliced each replay)")
    p.add_argument("--accuracy", choices=("fp64", "fp32"),
                   help="accuracy mode: errors against the exact product for native DGEMM, cuBLAS's dynamic "
                        "emulation, int8tc.dgemm(accuracy=...), Ozaki-II at --moduli and Ozaki-I at SPLITS")
    p.add_argument("--breakdown", action="store_true",
                   help="also time our method's phases (split B, split A, INT8 products, reconstruction)")


def main(args: argparse.Namespace) -> int:
    import torch

    try:
        sizes = parse_sizes(args.sizes)
        splits_list = parse_splits(args.splits)
        parse_ours(args.ours)
        if args.moduli:
            parse_moduli(args.moduli)
    except ValueError as e:
        print(f"int8tc bench: {e}", file=sys.stderr)
        return 2
    if args.iters < 1:
        print(f"int8tc bench: iters must be >= 1, got {args.iters}", file=sys.stderr)
        return 2
    if args.accuracy:
        if not torch.cuda.is_available() or args.cpu:
            print("int8tc bench --accuracy: needs a CUDA GPU", file=sys.stderr)
            return 2
        rows = run_accuracy(sizes, splits_list, args.iters, args)
        print(format_table(rows, ACCURACY_HEADER[:-1]))
        if args.out:
            write_csv(args.out, rows, ACCURACY_HEADER, environment())
            progress(f"wrote {args.out}")
        return 0
    if torch.cuda.is_available() and not args.cpu:
        rows = run_cuda(sizes, splits_list, args.iters, args)
    else:
        progress("no CUDA device (or --cpu): running the NumPy reference of the scheme instead of GPU methods")
        rows = run_cpu(sizes, splits_list, args.iters, args)
    if args.csv:
        print(",".join(CSV_HEADER))
        for r in rows:
            print(",".join(str(r[c]) for c in CSV_HEADER))
    else:
        print(format_table(rows, CSV_HEADER))
    if getattr(args, "breakdowns", None):
        print(format_table(args.breakdowns, list(args.breakdowns[0])), file=sys.stdout if not args.csv else sys.stderr)
    if args.out:
        meta = environment()
        write_csv(args.out, rows, CSV_HEADER, meta)
        progress(f"wrote {args.out}")
        if getattr(args, "breakdowns", None):
            bpath = args.out.replace(".csv", "") + "_breakdown.csv"
            write_csv(bpath, args.breakdowns, list(args.breakdowns[0]), meta)
            progress(f"wrote {bpath}")
    return 0


CURVE_COLUMNS = ["size_M", "size_N", "size_K", "splits", "scaling", "diagonals", "pairs", "time_ms", "gflops",
                 "max_abs_err", "l2_rel_err"]


def curve_main(args) -> int:
    """The seed's pruning curve: anti-diagonal threshold d -> kept pairs -> time -> max abs err -> L2 err."""
    import torch

    from ..ozaki import gemm_fp64
    from ..ozaki.scheme import check_splits, kept_pairs

    try:
        (m, n, k), = parse_sizes(args.size)
        s = check_splits(args.splits)
    except (ValueError, TypeError) as e:
        print(f"int8tc bench-curve: {e}", file=sys.stderr)
        return 2
    if not torch.cuda.is_available():
        print("int8tc bench-curve: needs a CUDA GPU", file=sys.stderr)
        return 2
    a, b = make_inputs_torch(m, n, k, args.dist, args.seed, "cuda")
    ref = a @ b
    out = torch.empty_like(ref)
    rows = []
    for d in range(1, 2 * s):
        ms = time_cuda(lambda: gemm_fp64(a, b, s, diagonals=d, scaling=args.scaling, out=out), args.iters,
                       warmup_ms=WARMUP_MS)
        err = _errors_torch(out, ref)
        rows.append({"size_M": m, "size_N": n, "size_K": k, "splits": s, "scaling": args.scaling, "diagonals": d,
                     "pairs": len(kept_pairs(s, d)), "time_ms": f"{ms:.4f}",
                     "gflops": f"{2.0 * m * n * k / (ms * 1e6):.1f}", "max_abs_err": f"{err[0]:.3e}",
                     "l2_rel_err": f"{err[1]:.3e}"})
        progress(str(rows[-1]))
    print(format_table(rows, CURVE_COLUMNS))
    if args.out:
        write_csv(args.out, rows, CURVE_COLUMNS, environment())
    return 0


def add_curve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("size", help="N or MxNxK")
    p.add_argument("splits", type=int)
    p.add_argument("--iters", type=int, default=5)
    p.add_argument("--scaling", choices=("row", "matrix"), default="row")
    p.add_argument("--dist", choices=DISTRIBUTIONS, default="randn")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out")
