# twenty-sixth session, third call: bucket's default is now tensor_items with binned items (s122: 2^20 x 1024 at
# 1e-4 0.420 -> 0.374 ms per call, 0.348 as a graph), and BucketPlan (one CUDA graph per call). The GPU tests of
# every bucket path, the plans (pair plans: the shared capture helpers) in three shards; then bench-filters on
# bucketing at K = 128, all three rates, with the plan rows
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s123; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
timeout 200 $T tests/test_sieve_filters.py -k "gpu and bucket and not few" > $S/tests1.log 2>&1 &
timeout 200 $T tests/test_sieve_filters.py -k "gpu and bucket and few" > $S/tests2.log 2>&1 &
timeout 200 $T tests/test_bucket_plan.py tests/test_pair_search_plan.py -m gpu > $S/tests3.log 2>&1 &
wait
for i in 1 2 3; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
timeout 330 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-2,1e-4,1e-6 --pair-m "" \
    --bucket-m 1048576,4194304 --bucket-n 1024,4096,16384 --out $S/filters_k128_bucket.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|bucket)" $S/filters_k128.txt | cut -c1-60,100-240
timeout 60 python3 benchmarks/host_profile.py > $S/host_profile.txt 2>&1
echo "host profile rc $? at $SECONDS s"; cut -c1-160 $S/host_profile.txt
