# tenth session, call 6: tile_masks items written elementwise per (row, group), int64 item offsets (NOTES 57): GPU tests of the masks paths, then the tune
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s24; mkdir -p $S
timeout 250 python3 -m pytest -q -m gpu tests/test_sieve_filters.py > $S/gpu_tests_filters.log 2>&1
tail -2 $S/gpu_tests_filters.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_filters.log | head -5
timeout 200 python3 benchmarks/tune_filters.py --rates 1e-2,1e-4,1e-6 --iters 3 --out $S/tune.csv > $S/tune.txt 2>&1
tail -3 $S/tune.txt
[ -s $S/tune.csv ] && python3 - <<'P'
import csv
for r in csv.DictReader(open("/tmp/s24/tune.csv")):
    print(f"{r['op'][8:36]:28s} {r['config'][10:80]:70s} {r['gpairs_s']:>8s} {r['tops']:>5s} {r['same_hits']}")
P
cp -r $S/* $OUT/ 2>/dev/null
