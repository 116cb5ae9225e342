# tenth session, final call: bench-filters at K = 128 with the new defaults (tile_masks, NOTES 57) and the roof in the
# same run, the filter GPU tests at the final code, the sieve's GPU tests, and one sieve at dimension 110 (sanity: the
# sieve keeps its ninth-session configs, SIEVE_PAIR_CONFIG / SIEVE_BUCKET_CONFIG / SIEVE_SEGMENT_CONFIG)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s25; source benchmarks/device/lib.sh; mkdir -p $S
timeout 190 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 131072 --segments 4096 --bucket-m 1048576 \
    --bucket-n 16384 --rates 1e-2,3e-4,1e-4,1e-6 --iters 5 --unfused --out $S/filters.csv > $S/filters.txt 2>&1
tail -2 $S/filters.txt
timeout 215 python3 -m pytest -q -m gpu tests/test_sieve_filters.py > $S/gpu_tests_filters.log 2>&1
tail -1 $S/gpu_tests_filters.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_filters.log | head -5
timeout 75 python3 -m pytest -q -m gpu tests/test_sieve_lattice.py > $S/gpu_tests_lattice.log 2>&1
tail -1 $S/gpu_tests_lattice.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_lattice.log | head -5
batch s110 110 0 50 ""
cut -d, -f1-5,7,9,10,13 $S/s110/summary.csv 2>/dev/null
[ -s $S/filters.csv ] && python3 - <<'P'
import csv
for r in csv.DictReader(open("/tmp/s25/filters.csv")):
    if r.get("op") in (None, "") or "roof" in r.get("op", "") or "gemm" in r.get("op", ""):
        print({k: v for k, v in r.items() if v}); continue
    print(f"{r['op'][:26]:26s} {r['target_rate']:>6s} {r['config'][:58]:58s} {r['gpairs_s']:>8s} {r['tops']:>5s} {r['pct_roof']:>5s}")
P
cp -r $S/* $OUT/ 2>/dev/null
