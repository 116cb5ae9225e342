# fifteenth session: Ozaki-I "once" split at 16 warps and with register caps (s62's ncu: 2 blocks of 8 warps per SM,
# latency-bound at DRAM 39%), 4096^2 and 8192^2 (the latter takes the "rows" path: a control), S = 2 and 8.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s63; mkdir -p $S
timeout 100 python3 benchmarks/tune_split_blocks.py --sizes 4096 --splits 2,8 --iters 20 --out $S/tune_split_once.csv \
    > $S/tune.txt 2>&1
python3 - $S/tune_split_once.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["size"], r["splits"], r["what"][:60].ljust(60), r["ms"], r["gb_s"], r["same"])
P
tail -1 $S/tune.txt; cp $S/* $OUT/ 2>/dev/null
