# fourteenth session, second call: the balanced schedule of the Gram pair search (branch pair-balanced, NOTES 65)
# and the 64-tile programs of masks-long-programs (NOTES 64), both CPU-tested only so far.
# 1. GPU tests of the masks / balanced paths and the plan file; 2. tune_filters: the default, t64 and balanced at
# 2/3/4 programs per SM (and 2 at 16 tiles per chunk), as calls and as plans, at 16384/65536/131072 vectors, rates
# 1e-4 and 1e-6; 3. bench-filters (the default) for the roof of this run.
# Prediction: at 16384 the search kernel 66-73 -> ~50-55 us (plan 29.8% -> ~35%); at 131072 within +-2%.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s46; mkdir -p $S
SECONDS=0
timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    -k "masks or balanced or all_32 or plan" > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; echo "tests took $SECONDS s"
cp $S/* $OUT/ 2>/dev/null
timeout 260 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536,131072 --balanced 2,3,4 --plan \
    --rates 1e-4,1e-6 --iters 10 --out $S/tune_balanced.csv > $S/tune.txt 2>&1
echo "tune done at $SECONDS s"; cp $S/* $OUT/ 2>/dev/null
timeout 90 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 16384 --bucket-m "" --rates 1e-4 --iters 10 --plan \
    --out $S/bench_16384.csv > $S/bench.txt 2>&1
python3 - $S/tune_balanced.csv $S/bench_16384.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["op"][:34].ljust(34), r["config"][-40:].ljust(40), r["time_ms"], r["gpairs_s"], r["tops"], r["same_hits"])
for r in csv.DictReader(open(sys.argv[2])):
    if "roof" in r["op"] or "16384" == r["M"]:
        print(r["op"][:30], r["M"], r["target_rate"], r["time_ms"], r["gpairs_s"], r["tops"], r["pct_roof"])
P
cp $S/* $OUT/ 2>/dev/null
