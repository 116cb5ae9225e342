# eleventh session, the one call (the session had 586 s of device time): the tenth session's final call (s25) was cut off
# with the machine, so: bench-filters at K = 128 with the tile_masks defaults (NOTES 57), the roof and the unfused path in
# the same run, then the filter GPU tests at HEAD, then the sieve's GPU tests (with a tma-masks in-bucket case)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s26; mkdir -p $S
timeout 175 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 131072 --segments 4096 --bucket-m 1048576 \
    --bucket-n 16384 --rates 1e-2,1e-4,1e-6 --iters 5 --unfused --out $S/filters.csv > $S/filters.txt 2>&1
tail -2 $S/filters.txt; cp $S/* $OUT/ 2>/dev/null
timeout 200 python3 -m pytest -q -m gpu tests/test_sieve_filters.py > $S/gpu_tests_filters.log 2>&1
tail -1 $S/gpu_tests_filters.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_filters.log | head -5; cp $S/* $OUT/ 2>/dev/null
timeout 60 python3 -m pytest -q -m gpu tests/test_sieve_lattice.py > $S/gpu_tests_lattice.log 2>&1
tail -1 $S/gpu_tests_lattice.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_lattice.log | head -5
[ -s $S/filters.csv ] && python3 - <<'P'
import csv
for r in csv.DictReader(open("/tmp/s26/filters.csv")):
    if "roof" in r.get("op", ""):
        print(r["op"], r["tops"]); continue
    print(f"{r['op'][:26]:26s} {r['target_rate']:>6s} {r['config'][:58]:58s} {r['gpairs_s']:>8s} {r['tops']:>5s} {r['pct_roof']:>5s}")
P
cp $S/* $OUT/ 2>/dev/null
