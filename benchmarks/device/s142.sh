# RAN ON COMMIT 1c88bf3 (branch rank-weights: FilterConfig.rank_weights lives there; main reverted it, NOTES 80)
# twenty-ninth session, fourth call: FilterConfig.rank_weights (the balanced ranges weighted by the programs' rank on
# their SM; s141: the third program on each SM runs its tiles ~17% slower, NOTES 80). (1) GPU tests of the balanced
# schedule with and without weights, the random schedules on the GPU, the plan file; (2) ab_plans.py at 16384 and
# 12288 (plans, records checked equal, alternated); (3) the trace with weights, raw stamps kept.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s142; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
export PYTHONPATH=$PWD/src
timeout 170 $T tests/test_sieve_filters.py -k "gpu and balanced" > $S/t1.log 2>&1 &
timeout 170 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "random_shapes or weights531 or gpu_plan" \
    > $S/t2.log 2>&1 &
wait
for i in 1 2; do echo "t$i: $(tail -1 $S/t$i.log)"; grep -E "^FAILED|^ERROR" $S/t$i.log | head -4; done
echo "tests done at $SECONDS s"
timeout 130 python3 benchmarks/ab_plans.py --m 16384,12288 --rates 1e-4,1e-6 --rounds 4 --csv $S/ab_weights.csv \
    --variants "w968:rank_weights=1000,968,875" "w846:rank_weights=1000,974,846" "w800:rank_weights=1000,960,800" \
    > $S/ab_weights.txt 2>&1
echo "ab rc $? at $SECONDS s"; tail -17 $S/ab_weights.txt
timeout 40 python3 benchmarks/trace_balanced.py --m 16384 --rates 1e-4 --rank-weights 1000,968,875 \
    --out $S/trace_16384_w968.csv > $S/trace_16384_w968.txt 2>&1
echo "trace rc $?"; grep -E "kernel|span" $S/trace_16384_w968.txt
cd $OUT && tar czf s142.tgz s142 && rm -rf s142
