# fifteenth session, ninth call: the Ozaki-I split passes run far below the memory's rate (4096^2, S = 2: A
# 0.100 ms, B^T 0.124 ms for 134 MB read + 34 MB written, ~1.4-1.7 TB/s). tune_split_blocks.py: the default
# passes at other tiles and warps beside torch passes over the same operand (row max, copy).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s60; mkdir -p $S
timeout 300 python3 benchmarks/tune_split_blocks.py --sizes 4096,8192 --splits 2 --iters 10 --out $S/tune_split_blocks.csv \
    > $S/tune.txt 2>&1
python3 - $S/tune_split_blocks.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["size"], r["what"][:70].ljust(70), r["ms"], r["gb_s"], r["same"])
P
tail -2 $S/tune.txt; cp $S/* $OUT/ 2>/dev/null
