# thirty-first session, last call: bench-filters on the final code (h_j by plain loads on the exact path; chunks of
# 32 as before: s152 measured the 64-tile chunks slower), then the pair-search GPU tests in 3 parallel shards (the
# bucket kernels' SASS is unchanged; s152 ran all four shards on the chunk-64 tree: 46 + 76 + 26 + 22 passed).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s153; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
timeout 230 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128.txt | cut -c1-60,100-190
T="python3 -m pytest -q -p no:cacheprovider"
timeout 250 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced" > $S/tests2.log 2>&1 &
timeout 250 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of or all_32" > $S/tests3.log 2>&1 &
timeout 250 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py tests/test_bucket_plan.py \
    -k "(gpu and not bucket and not pair and not plan and not balanced and not all_32) or (plan and gpu)" > $S/tests4.log 2>&1 &
wait
for i in 2 3 4; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
cd $OUT && tar czf s153.tgz s153
