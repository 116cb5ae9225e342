# thirteenth session, sixth call: the pair search's item kernel at 32 items per iteration and 2 warps
# (s39, tune_items: 74 -> 59 us at 65536, 1e-4); the whole filter GPU file and the plan file (every test runs
# on CUDA: ~300 s), then bench-filters at K = 128, Gram search at all three rates with the plan rows
# and the unfused path (the session's numbers for RESULTS.md). Prediction: +1-2% on each pair row.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s40; mkdir -p $S
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 16384,65536,131072 --bucket-m "" \
    --rates 1e-2,1e-4,1e-6 --iters 10 --unfused --out $S/pair_k128.csv > $S/pair_k128.txt 2>&1
python3 - $S/pair_k128.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if "roof" in r["op"] or "groups16" in r["config"] or "unfused" in r["op"]:
        print(r["op"][:30], r["M"], r["target_rate"], r["time_ms"], r["gpairs_s"], r["tops"], r["pct_roof"])
P
cp $S/* $OUT/ 2>/dev/null
timeout 360 python3 -m pytest -q tests/test_sieve_filters.py tests/test_pair_search_plan.py > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8
cp $S/* $OUT/ 2>/dev/null
