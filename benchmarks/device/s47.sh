# fourteenth session, third call. s46 (commit 150ed6d): the balanced schedule was slower everywhere (16384 plan
# 0.106-0.119 ms against 0.092 for the grid; its programs over the triangle's tail walk many short panels, each
# with a fixed cost), while 64 tiles per program (masks-long-programs) was 3-6% faster at 65536 and 131072.
# Now: the balanced schedule charging panel_cost tiles per panel entered (4, 8, 16), t64 and t128 beside the
# default, at 1e-4; GPU tests of the balanced path (with costs) and the default-tile pair tests, the plan file.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s47; mkdir -p $S
SECONDS=0
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    -k "balanced or all_32 or gpu_tma_pair or gpu_default or Plan or plan" > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; echo "tests took $SECONDS s"
cp $S/* $OUT/ 2>/dev/null
timeout 240 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536,131072 --balanced 3 --plan \
    --rates 1e-4 --iters 10 --out $S/tune_balanced_cost.csv > $S/tune.txt 2>&1
echo "tune done at $SECONDS s"
python3 - $S/tune_balanced_cost.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["op"][:34].ljust(34), r["config"][-30:].ljust(30), r["time_ms"], r["gpairs_s"], r["tops"], r["same_hits"])
P
cp $S/* $OUT/ 2>/dev/null
