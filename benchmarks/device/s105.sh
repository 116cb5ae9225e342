# twenty-second session, sixth call, after the review (bucketing's max/min variant removed: bucket back to the code
# before this session; docs): the filter GPU tests of the bound and bucket paths and the plan file, then
# bench-filters at K = 128, 1e-4 (pair search 65536 / 131072, bucketing 2^20 x 1024 / 16384) with its roof
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s105; mkdir -p $S
SECONDS=0
(timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "bound and pair_search" > $S/tests_bound_pair.log 2>&1) &
(timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "bucket or norm_bound or gpu_default_tiles" > $S/tests_bucket.log 2>&1) &
(timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_pair_search_plan.py > $S/tests_plan.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
echo "tests at $SECONDS s"
timeout 100 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4 --pair-m 65536,131072 --bucket-m 1048576 \
    --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -iE "roof|pair_search|bucket" $S/filters_k128.txt | grep -v "{" | cut -c1-175 | tail -12
tar -C $S -czf $OUT/s105.tgz .
echo "total $SECONDS s"
