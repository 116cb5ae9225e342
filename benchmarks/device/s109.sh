# twenty-third session, fourth call: the code back at the session's start (dp4a items and several panels per
# program removed, both measured slower); the new GPU bucketing test with few centres and the filter GPU tests
# of the bucket and masks paths on that code
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
S=/tmp/s109; mkdir -p $S
SECONDS=0
(timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu and (bucket or masks)" > $S/tests_gpu_bucket.log 2>&1) &
(timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "bucket and not gpu" > $S/tests_bucket.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
tar -C $S -czf $OUT/s109.tgz .
echo "total $SECONDS s"
