# twenty-seventh session, first call: the GPU tests of df9c2df (review refactor, CPU-tested only) and of 9a23412
# (norm_bound's counting sort in three launches, no memset), in three shards; then the sort against the exact
# test and torch.sort (tune_filters --norm-bound, calls and plans), bench-filters on the pair search at K = 128,
# and the one-shot host profile
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src INT8TC_COMMIT=9a23412cf305
S=$OUT/s127; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
timeout 240 $T tests/test_sieve_filters.py -k "gpu and bucket and not few" > $S/tests1.log 2>&1 &
timeout 240 $T tests/test_sieve_filters.py tests/test_bucket_plan.py tests/test_pair_search_plan.py -k "(gpu and bucket and few) or plan" > $S/tests2.log 2>&1 &
timeout 240 $T tests/test_sieve_filters.py -k "(gpu and (half_norm or norm_bound_default or balanced)) or sort_by_norm or bound" > $S/tests3.log 2>&1 &
wait
for i in 1 2 3; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
timeout 150 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536,131072 --norm-bound 1 --plan \
    --rates 1e-4,1e-6 --iters 10 --out $S/tune_norm_bound.csv > $S/tune_norm_bound.txt 2>&1
echo "tune rc $? at $SECONDS s"; tail -30 $S/tune_norm_bound.txt | cut -c1-200
timeout 80 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --bucket-m "" \
    --out $S/filters_k128_pair.csv > $S/filters_k128_pair.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair)" $S/filters_k128_pair.txt | cut -c1-60,100-200
timeout 60 python3 benchmarks/host_profile.py > $S/host_profile.txt 2>&1
echo "host profile rc $? at $SECONDS s"; head -60 $S/host_profile.txt | cut -c1-160
