"""Summarise ncu's warp-stall samples per SASS instruction of one kernel (CPU only: reads a CSV).

Input: the output of ``ncu --section SourceCounters --section WarpStateStats --page source --print-source sass --csv``
(ncu's own lines, then a ``"Kernel Name",...`` line, then the per-instruction table). Prints the stall reasons summed
over the kernel and the instructions with the most samples, each with its largest reason:

    python3 benchmarks/ncu_stalls.py ncu_source.csv [--top 25] [--title TEXT]

(s192's and s196's inline parsers took the kernel-name line for the header; s196's summary,
``results/s196/ncu_stalls.txt``, was made with this script.)
"""
import argparse
import csv
import gzip

SAMPLES = "Warp Stall Sampling (All Samples)"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("csv", help="ncu's --page source --csv output (.gz read as gzip)")
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--title", default="")
    args = p.parse_args()
    opener = gzip.open if args.csv.endswith(".gz") else open
    with opener(args.csv, "rt") as fh:
        lines = [line for line in fh if line.startswith('"')]
    start = next((i for i, line in enumerate(lines) if line.startswith('"Address"')), None)
    if start is None:
        raise SystemExit(f"{args.csv}: no per-instruction table (no line starting with \"Address\")")
    rows = list(csv.DictReader(lines[start:]))
    if not rows or SAMPLES not in rows[0]:
        raise SystemExit(f"{args.csv}: no {SAMPLES!r} column")
    tot = sum(float(r[SAMPLES] or 0) for r in rows)
    if tot <= 0:
        raise SystemExit(f"{args.csv}: no samples")
    reasons = [c for c in rows[0] if c.startswith("stall_") and "Not Issued" not in c]
    agg = {c: sum(float(r[c] or 0) for r in rows) for c in reasons}
    print(f"{args.title}{': ' if args.title else ''}{len(rows)} SASS instructions, {tot:.0f} warp-stall samples")
    for c, v in sorted(agg.items(), key=lambda t: -t[1])[:10]:
        print(f"  {c:24s} {v:6.0f} {100 * v / tot:5.1f}%")
    print("top instructions (share of samples, address, SASS, largest reason):")
    for r in sorted(rows, key=lambda r: -float(r[SAMPLES] or 0))[:args.top]:
        top = max(((c, float(r[c] or 0)) for c in reasons), key=lambda t: t[1])
        print(f"  {float(r[SAMPLES] or 0) / tot * 100:5.1f}% {r['Address'][-5:]} {r['Source'].strip()[:60]:60s} {top[0]}")


if __name__ == "__main__":
    main()
