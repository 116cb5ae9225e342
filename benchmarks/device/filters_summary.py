"""One line per roof and plan row of a bench-filters CSV (the device scripts' short table):
python3 benchmarks/device/filters_summary.py FILE.csv"""
import csv
import sys

for r in csv.DictReader(open(sys.argv[1])):
    if "sustained" in r["op"] or r["op"].endswith("_plan"):
        print(f"{r['op'][:44]:44s} {r['M']:>8s} {r['N']:>6s} {r['target_rate']:>7s} {r['time_ms']:>8s} {r['tops']:>6s} "
              f"{r['pct_roof']:>6s}")
