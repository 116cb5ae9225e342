# thirteenth session, first call (prepared at the end of the twelfth): run on branch async-h-check (git checkout
# async-h-check first). Its GPU test and the pair/segment GPU tests, where a call's host time goes now, then the
# K = 128 Gram search at M = 16384, 65536, 131072 with its roof and the unfused path (NOTES 60: predicted 65536
# at ~52% of the roof, 131072 ~54%, 16384 host-bound)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s35; mkdir -p $S
timeout 150 python3 -m pytest -q -m gpu tests/test_sieve_filters.py -k "half_norm_range or default_tiles or odd_k" > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; cp $S/* $OUT/ 2>/dev/null
timeout 50 python3 benchmarks/profile_filters.py --op pair --rate 1e-4 --kernels --host 2>&1 | grep -E "kernel|Gpairs|host" | head -4 | tee $S/profile.txt
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 16384,65536,131072 --bucket-m "" --rates 1e-4,1e-6 \
    --iters 5 --unfused --out $S/pair_m.csv > $S/pair_m.txt 2>&1
python3 - $S/pair_m.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if "roof" in r["op"] or "groups16" in r["config"] or "unfused" in r["op"]:
        print(r["op"][:30], r["M"], r["target_rate"], r["gpairs_s"], r["tops"], r["pct_roof"])
P
cp $S/* $OUT/ 2>/dev/null
