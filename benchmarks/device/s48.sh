# fourteenth session, fourth call: the new pair-search default (NOTES 64, 65): 64 column tiles per program, and
# the balanced schedule (3 programs per SM, panel cost 4) for searches whose grid would fill < 3 waves.
# 1. the filter file's GPU tests and the plan file; 2. bench-filters at K = 128 (16384 / 65536 / 131072, 1e-4 and
# 1e-6, calls and plans, the unfused path) for RESULTS.md; 3. tune_filters at 32768 (the waves rule's side of
# the crossover: grid ~3.9 waves there, so the grid runs) against forced balanced.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s48; mkdir -p $S
SECONDS=0
timeout 320 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; echo "tests took $SECONDS s"
cp $S/* $OUT/ 2>/dev/null
timeout 150 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 16384,65536,131072 --bucket-m "" --rates 1e-4,1e-6 \
    --iters 10 --unfused --out $S/filters_k128.csv > $S/bench.txt 2>&1
echo "bench done at $SECONDS s"; cp $S/* $OUT/ 2>/dev/null
timeout 60 python3 benchmarks/tune_filters.py --skip segment,bucket --m 32768 --balanced 3 --plan --rates 1e-4 \
    --iters 10 --out $S/tune_32768.csv > $S/tune.txt 2>&1
echo "tune done at $SECONDS s"
python3 - $S/filters_k128.csv $S/tune_32768.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if "roof" in r["op"] or r["config"].startswith("64x128") or "unfused" in r["op"]:
        print(r["op"][:24].ljust(24), r["M"], r["target_rate"], r["time_ms"], r["gpairs_s"], r["tops"], r["pct_roof"], r["config"][-22:])
for r in csv.DictReader(open(sys.argv[2])):
    print(r["op"][:34].ljust(34), r["config"][-30:].ljust(30), r["time_ms"], r["gpairs_s"], r["tops"], r["same_hits"])
P
cp $S/* $OUT/ 2>/dev/null
