# twelfth session, fourth call: the issue's table at every K with the session's defaults (pair: batch reservation,
# 3 stages, 16 column groups; segment: batch; K blocks by ceil(K/b)*(b+32)), roof and unfused path in the same run,
# where a pair search's time outside its kernels goes (--host), then the full filter GPU file and the sieve's GPU tests
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s31; mkdir -p $S
timeout 50 python3 benchmarks/profile_filters.py --op pair --rate 1e-4 --kernels --host 2>&1 | grep -E "kernel|Gpairs|host" | head -4 | tee $S/profile.txt
timeout 300 python3 -m int8tc.cli bench-filters --ks 64,96,128,160,192 --pair-m 131072 --segments 4096 --bucket-m 1048576 \
    --bucket-n 16384 --rates 1e-2,1e-4,1e-6 --iters 5 --unfused --out $S/filters.csv > $S/filters.txt 2>&1
tail -2 $S/filters.txt; cp $S/* $OUT/ 2>/dev/null
[ -s $S/filters.csv ] && python3 - <<'P'
import csv
for r in csv.DictReader(open("/tmp/s31/filters.csv")):
    if "roof" in r.get("op", ""):
        print(r["op"], r["tops"]); continue
    if "masks" in r["config"] or "unfused" in r["op"]:
        print(f"{r['op'][:12]:12s} K{r['K']:>4s} {r['target_rate']:>6s} {r['gpairs_s']:>8s} {r['tops']:>5s} {r['pct_roof']:>5s}")
P
timeout 215 python3 -m pytest -q -m gpu tests/test_sieve_filters.py > $S/gpu_tests_filters.log 2>&1
tail -1 $S/gpu_tests_filters.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_filters.log | head -8; cp $S/* $OUT/ 2>/dev/null
timeout 40 python3 -m pytest -q -m gpu tests/test_sieve_lattice.py > $S/gpu_tests_lattice.log 2>&1
tail -1 $S/gpu_tests_lattice.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_lattice.log | head -5; cp $S/* $OUT/ 2>/dev/null
