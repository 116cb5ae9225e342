# thirtieth session, first call: the GPU tests of the session's filter changes (the exact pair test's group maxima as
# 3-input chains and its bit update as a select; _write_items' one block-wide reduction; _panel_of instead of the
# balanced schedule's binary search), as 4 parallel shards, then the 16384 trace of the new code.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s144; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
export PYTHONPATH=$PWD/src
timeout 280 $T tests/test_sieve_filters.py -k "gpu and bucket" > $S/tests1.log 2>&1 &
timeout 280 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced" > $S/tests2.log 2>&1 &
timeout 280 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of" > $S/tests3.log 2>&1 &
timeout 280 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py tests/test_bucket_plan.py \
    -k "(gpu and not bucket and not pair and not plan and not balanced) or (plan and gpu)" > $S/tests4.log 2>&1 &
wait
for i in 1 2 3 4; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
timeout 90 python3 benchmarks/trace_balanced.py --m 16384 --rates 1e-4,1e-6 --out $S/trace_16384.csv > $S/trace_16384.txt 2>&1
echo "trace rc $? at $SECONDS s"; grep -E "span|panel found|tile loop|flush|kernel" $S/trace_16384.txt
cd $OUT && tar czf s144.tgz s144
