"""The ``int8tc`` command: ``int8tc bench SIZES SPLITS ITERS [--csv]``, ``int8tc bench-filters``, ``int8tc sieve``."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="int8tc", description="INT8 tensor cores doing FP64 GEMM and sieve filters")
    sub = p.add_subparsers(dest="command", required=True)
    from .bench import gemm as bench_gemm

    b = sub.add_parser("bench", help="FP64 GEMM emulation benchmark (the seed's interface)",
                       description=bench_gemm.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    bench_gemm.add_arguments(b)
    b.set_defaults(func=bench_gemm.main)
    c = sub.add_parser("bench-curve", help="pruning curve: diagonals -> pairs -> time -> errors (CUDA)")
    bench_gemm.add_curve_arguments(c)
    c.set_defaults(func=bench_gemm.curve_main)
    from .bench import filters as bench_filters

    f = sub.add_parser("bench-filters", help="fused sieve filters vs the INT8 roof (CUDA)",
                       description=bench_filters.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    bench_filters.add_arguments(f)
    f.set_defaults(func=bench_filters.main)
    from .sieve.lattice import cli as sieve_cli

    sv = sub.add_parser("sieve", help="solve an SVP-challenge-style instance with the GPU sieve")
    sieve_cli.add_arguments(sv)
    sv.set_defaults(func=sieve_cli.main)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
