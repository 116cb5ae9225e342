# thirteenth session, fourth call: the item kernel's recompute by dp4a (NOTES 61; s37: at M = 65536 the item
# kernel took 74 us of 866, at 16384 8.4 of 85). GPU tests of every tile_masks path (the kernel is the
# three filters' second stage) and of the plan; A/B of item_dp4a on all three ops (tune_filters --dp4a);
# then bench-filters at K = 128 with plan rows and bucketing. Prediction: item kernel 3-5x faster, pair
# search 131072 +5-7% (~57% of the roof), 65536 ~54%, the plan at 16384 ~35%.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s38; mkdir -p $S
timeout 40 python3 -m pytest -q tests/test_pair_search_plan.py > $S/plan_tests.log 2>&1
tail -1 $S/plan_tests.log; grep -E "^FAILED|^ERROR" $S/plan_tests.log | head -5
timeout 230 python3 -m pytest -q tests/test_sieve_filters.py -k "masks or default_tiles or odd_k or half_norm or tile_bits or item_buffer" > $S/filter_tests.log 2>&1
tail -1 $S/filter_tests.log; grep -E "^FAILED|^ERROR" $S/filter_tests.log | head -8; cp $S/* $OUT/ 2>/dev/null
timeout 60 python3 benchmarks/profile_filters.py --op pair --m 65536 --rate 1e-4 --plan --kernels 2>&1 | grep -E "Gpairs|ms each" | head -3
timeout 200 python3 benchmarks/tune_filters.py --dp4a --rates 1e-4,1e-6 --iters 5 --out $S/tune_dp4a.csv > $S/tune_dp4a.txt 2>&1
grep -E "^\{" $S/tune_dp4a.txt | python3 -c "
import sys, ast
for l in sys.stdin:
    r = ast.literal_eval(l); print(r['op'][:36], r['config'][-40:], r['time_ms'], r['gpairs_s'], r['same_hits'])"
cp $S/* $OUT/ 2>/dev/null
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 16384,65536,131072 --bucket-m 1048576 --bucket-n 16384 \
    --rates 1e-4,1e-6 --iters 10 --unfused --out $S/bench_k128.csv > $S/bench_k128.txt 2>&1
python3 - $S/bench_k128.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if "roof" in r["op"] or "groups16" in r["config"] or "unfused" in r["op"] or ("bucket" in r["op"] and "masks" in r["config"]):
        print(r["op"][:30], r["M"], r["N"], r["target_rate"], r["gpairs_s"], r["tops"], r["pct_roof"])
P
cp $S/* $OUT/ 2>/dev/null
