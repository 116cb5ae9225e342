# thirteenth session, second call: PairSearchPlan (one CUDA graph per call). Its tests on the GPU
# (the whole plan file: the dev-fixture tests run on CUDA too) and the refactored launcher's GPU
# tests; the host time of a plan call; tiles per program and tile shapes at M = 16384 and 65536,
# eager and as plans; then bench-filters at K = 128 with the plan rows (prediction: the plan at
# 16384 at 35-50% of the roof, bounded by the GPU time then; 65536 ~50%)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s36; mkdir -p $S
timeout 170 python3 -m pytest -q tests/test_pair_search_plan.py > $S/plan_tests.log 2>&1
tail -1 $S/plan_tests.log; grep -E "^FAILED|^ERROR|Error" $S/plan_tests.log | head -8
timeout 120 python3 -m pytest -q -m gpu tests/test_sieve_filters.py -k "default_tiles or tma_pair_search or half_norm_range" > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; cp $S/* $OUT/ 2>/dev/null
timeout 60 python3 - <<'P' 2>&1 | tee $S/host.txt
import time, torch
from int8tc.sieve import PairSearchPlan, pair_search, half_norms
m, k = 16384, 128
x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda"); h = half_norms(x)
plan = PairSearchPlan(m, k, 60000)
for name, fn in [("plan", lambda: plan(300000, x, h)), ("plan in place", lambda: plan(300000)),
                 ("pair_search", lambda: pair_search(x, h, 300000, 60000))]:
    for _ in range(3): fn()
    torch.cuda.synchronize(); t = time.perf_counter()
    for _ in range(200): fn()
    host = (time.perf_counter() - t) / 200 * 1e3
    torch.cuda.synchronize(); wall = (time.perf_counter() - t) / 200 * 1e3
    print(f"{name}: host {host:.3f} ms per call, wall {wall:.3f} ms per call (200 calls)")
P
timeout 200 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536 --tiles --plan --rates 1e-4 \
    --iters 10 --out $S/tune_m.csv > $S/tune_m.txt 2>&1
grep -E "^\{" $S/tune_m.txt | python3 -c "
import sys, ast
for l in sys.stdin:
    r = ast.literal_eval(l); print(r['op'][:28], r['config'][-60:], r['time_ms'], r['gpairs_s'], r['same_hits'])"
cp $S/* $OUT/ 2>/dev/null
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 16384,65536,131072 --bucket-m "" --rates 1e-4,1e-6 \
    --iters 10 --out $S/pair_plan.csv > $S/pair_plan.txt 2>&1
python3 - $S/pair_plan.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if "roof" in r["op"] or "groups16" in r["config"]:
        print(r["op"][:30], r["M"], r["target_rate"], r["gpairs_s"], r["tops"], r["pct_roof"])
P
cp $S/* $OUT/ 2>/dev/null
