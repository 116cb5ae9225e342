# fifteenth session, last call: the filter file's and the plan file's GPU tests in full on main (the grid path's
# one chunk loop, 3a12eed, and its new GPU cases at 5003 vectors; s52's selection was cut by its test budget).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s56; mkdir -p $S
SECONDS=0
timeout 540 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; echo "tests took $SECONDS s"
cp $S/* $OUT/ 2>/dev/null
