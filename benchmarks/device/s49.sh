# fourteenth session, last call: the plan file's two GPU tests that s48's test budget cut off (its other 120 GPU
# tests passed), and a second bench-filters run at 16384 / 65536, 1e-4 (the spread of the new default).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s49; mkdir -p $S
timeout 150 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_pair_search_plan.py > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; cp $S/* $OUT/ 2>/dev/null
timeout 100 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 16384,65536 --bucket-m "" --rates 1e-4 --iters 10 \
    --out $S/filters_k128_rep.csv > $S/bench.txt 2>&1
python3 - $S/filters_k128_rep.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if "roof" in r["op"] or r["config"].startswith("64x128"):
        print(r["op"][:24].ljust(24), r["M"], r["target_rate"], r["time_ms"], r["gpairs_s"], r["tops"], r["pct_roof"])
P
cp $S/* $OUT/ 2>/dev/null
