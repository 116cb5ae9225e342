# thirtieth session, fourth call: bench-filters on the session's final filter code (e28aa57: s146's v1), the one
# filter GPU test s146 did not reach (segment, masks, 16 groups, Gram), and the balanced schedule's panel cost at
# 16384 again (the programs' ranks ran more evenly after _panel_of: s144's trace).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s147; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
timeout 60 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 4 --csv $S/ab_cost.csv \
    --variants "c3:panel_cost=3" "c5:panel_cost=5" "c6:panel_cost=6" > $S/ab_cost.txt 2>&1
echo "ab rc $? at $SECONDS s"; tail -9 $S/ab_cost.txt
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"
timeout 100 python3 -m pytest -q -p no:cacheprovider "tests/test_sieve_filters.py::test_gpu_segment_pair_search_default_tiles[masks-batch-g16-True]" > $S/tests.log 2>&1
echo "test: $(tail -1 $S/tests.log) at $SECONDS s"
cd $OUT && tar czf s147.tgz s147
