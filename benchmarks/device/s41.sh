# thirteenth session, seventh call: the rest of s40's GPU test run (its 360 s ended after 502 of the 659
# tests of the filter and plan files, none failed): tests 500.. of the same collection order
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s41; mkdir -p $S
python3 -m pytest --collect-only -q tests/test_sieve_filters.py tests/test_pair_search_plan.py 2>/dev/null | grep "::" \
    | tail -n +500 > $S/ids.txt
wc -l < $S/ids.txt
timeout 300 python3 -m pytest -q $(cat $S/ids.txt) > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8
cp $S/* $OUT/ 2>/dev/null
