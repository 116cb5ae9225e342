# thirty-fourth session, second call: the GPU tests that run the item kernel (its dots from int32 words with dp4a,
# commit 2a521fc): pair search, plans, bucketing (its masks mode included), the segment search, in four shards.
export PYTHONUNBUFFERED=1
S=$OUT/s158; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
T="python3 -m pytest -q -p no:cacheprovider"
timeout 270 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced" > $S/tests2.log 2>&1 &
timeout 270 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of or all_32" > $S/tests3.log 2>&1 &
timeout 270 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py tests/test_bucket_plan.py \
    -k "(gpu and not bucket and not pair and not plan and not balanced and not all_32) or (plan and gpu)" > $S/tests4.log 2>&1 &
timeout 270 $T tests/test_sieve_filters.py -k "gpu and bucket" > $S/tests5.log 2>&1 &
wait
for i in 2 3 4 5; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
cd $OUT && tar czf s158.tgz s158
