# thirteenth session, last call (the budget's remainder): the spread of the 65536-vector Gram search at 1e-4
# (calls 48.5-49.9% of the roof in s35/s36/s40, the plan 51.4-52.0%): three more bench-filters runs
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s42; mkdir -p $S
for i in 1 2 3; do
  timeout 70 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 65536 --bucket-m "" --rates 1e-4 --iters 10 \
      --out $S/pair_65536_rep$i.csv > $S/rep$i.txt 2>&1
  python3 - $S/pair_65536_rep$i.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if "roof: triton" in r["op"] or "groups16" in r["config"]:
        print(sys.argv[1][-8:-4], r["op"][:30], r["M"], r["target_rate"], r["time_ms"], r["gpairs_s"], r["tops"], r["pct_roof"])
P
  cp $S/* $OUT/ 2>/dev/null
done
