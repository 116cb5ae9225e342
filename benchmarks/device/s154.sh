# thirty-second session, first call: s153's work (bench-filters on the final code, then the pair-search GPU tests in
# 3 parallel shards) after a refreshed breakdown of the 16384-vector plan at 1e-4 and 1e-6 (profile_filters --plan
# --kernels --trace: the last replay's GPU events with their start offsets and durations; s54's was before the
# balanced schedule's later changes).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s154; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
for r in 1e-4 1e-6; do
    timeout 60 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate $r --plan --kernels \
        --trace $S/trace_16384_$r.json > $S/profile_16384_$r.txt 2>&1; sed -n '/^last call:/,$p' $S/profile_16384_$r.txt
done
echo "profiles done at $SECONDS s"
timeout 230 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128.txt | cut -c1-60,100-190
T="python3 -m pytest -q -p no:cacheprovider"
timeout 240 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced" > $S/tests2.log 2>&1 &
timeout 240 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of or all_32" > $S/tests3.log 2>&1 &
timeout 240 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py tests/test_bucket_plan.py \
    -k "(gpu and not bucket and not pair and not plan and not balanced and not all_32) or (plan and gpu)" > $S/tests4.log 2>&1 &
wait
for i in 2 3 4; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
cd $OUT && tar czf s154.tgz s154
