# twelfth session, fifth call: the filter GPU tests s31's timeout cut (odd K on the defaults, item offsets past int32),
# then the K = 128 Gram search twice more with its roof (run-to-run spread of the 1e-4 figure)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s32; mkdir -p $S
timeout 150 python3 -m pytest -q -m gpu tests/test_sieve_filters.py -k "odd_k or beyond_int32" > $S/gpu_tests_filters_rest.log 2>&1
tail -1 $S/gpu_tests_filters_rest.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_filters_rest.log | head -8; cp $S/* $OUT/ 2>/dev/null
for rep in 1 2; do
    timeout 90 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 131072 --bucket-m "" --rates 1e-4,1e-6 --iters 5 \
        --out $S/pair_rep$rep.csv > $S/pair_rep$rep.txt 2>&1
    python3 - $S/pair_rep$rep.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if "roof" in r["op"] or "groups16" in r["config"]:
        print(r["op"][:30], r["target_rate"], r["gpairs_s"], r["tops"], r["pct_roof"])
P
    cp $S/* $OUT/ 2>/dev/null
done
