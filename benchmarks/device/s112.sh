# twenty-third session, last call: the GPU bucketing tests after the review's tidy-up of test_gpu_bucket_few_centres
# (same assertions), on the code of s110's benchmark
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
S=/tmp/s112; mkdir -p $S
timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu and (bucket or masks)" > $S/tests_gpu_bucket.log 2>&1
echo "rc $?: $(tail -1 $S/tests_gpu_bucket.log)"; grep -E "^FAILED|^ERROR" $S/tests_gpu_bucket.log | head -5
tar -C $S -czf $OUT/s112.tgz .
