"""Time ``int8tc sieve`` over dimensions and seeds; one JSON per run plus a CSV summary.

    PYTHONPATH=src python benchmarks/run_sieve.py --dims 60,70,80,90 --seeds 0,1,2 --out results/sieve
"""

import argparse
import json
import os
import re
import subprocess
import sys

from int8tc.bench.common import environment, write_csv

COLUMNS = ["dim", "seed", "found", "norm_over_gh", "wall_s", "reduce_s", "sieve_s", "filter_s", "lift_s",
           "epochs", "pairs_tested", "filter_hits", "final_context", "device", "phases"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--dims", default="60,70,80,90")
    p.add_argument("--seeds", default="0,1,2")
    p.add_argument("--timeout", type=int, default=600)
    p.add_argument("--out", default="benchmarks/results/sieve")
    p.add_argument("--extra", default="", help="more `int8tc sieve` arguments, e.g. '--lift context'")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for dim in [int(v) for v in args.dims.split(",")]:
        for seed in [int(v) for v in args.seeds.split(",")]:
            tag = ("_" + re.sub(r"[^A-Za-z0-9]+", "_", args.extra).strip("_")) if args.extra else ""
            path = os.path.join(args.out, f"dim{dim}_seed{seed}{tag}.json")
            cmd = [sys.executable, "-m", "int8tc.cli", "sieve", "--dim", str(dim), "--seed", str(seed), "--json", path,
                   *args.extra.split()]
            try:
                subprocess.run(cmd, timeout=args.timeout, check=False)
                r = json.load(open(path))
                steps = " ".join(f"{k}={v:.2f}" for k, v in sorted(r.get("phases", {}).items()))  # with --profile
                rows.append({c: r.get(c, "") for c in COLUMNS} | {"dim": dim, "seed": seed, "phases": steps})
            except (subprocess.TimeoutExpired, OSError, ValueError) as e:
                rows.append({"dim": dim, "seed": seed, "found": f"no result: {type(e).__name__}"})
            print(rows[-1], flush=True)
    write_csv(os.path.join(args.out, "summary.csv"), rows, COLUMNS, environment())


if __name__ == "__main__":
    main()
