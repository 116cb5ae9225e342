# fortieth session, last call: the GPU tests with dump_bits in the default config and bench-filters at K = 128 in
# one call; the TMA pair-search shard split in three (K = 64, 128, 192) so that all of it runs in the time limit.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s187; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
T="python3 -m pytest -q -p no:cacheprovider"
timeout 170 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced and tma_pair and 64" > $S/tests1.log 2>&1 &
timeout 170 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced and tma_pair and 128" > $S/tests6.log 2>&1 &
timeout 170 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced and tma_pair and 192" > $S/tests7.log 2>&1 &
timeout 170 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced and not tma_pair" > $S/tests2.log 2>&1 &
timeout 170 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of or all_32" > $S/tests3.log 2>&1 &
timeout 170 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py tests/test_bucket_plan.py \
    -k "(gpu and not bucket and not pair and not plan and not balanced and not all_32) or (plan and gpu)" > $S/tests4.log 2>&1 &
timeout 170 $T tests/test_sieve_filters.py -k "gpu and bucket" > $S/tests5.log 2>&1 &
wait
for i in 1 6 7 2 3 4 5; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
timeout 150 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"
python3 -c "
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if 'sustained' in r['op'] or r['op'].endswith('_plan'):
        print(f\"{r['op'][:44]:44s} {r['M']:>8s} {r['N']:>6s} {r['target_rate']:>7s} {r['time_ms']:>8s} {r['tops']:>6s} {r['pct_roof']:>6s}\")
" $S/filters_k128.csv
cd $OUT && tar czf s187.tgz s187
