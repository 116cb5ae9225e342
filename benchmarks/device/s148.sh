# thirtieth session, fifth call: _popc on the unsigned bits (LLVM makes the SWAR count one POPC: the flushes and the
# bucket default's item writer ~80 / ~24 SASS instructions shorter): the filter GPU tests as 4 parallel shards, then
# 16384 plans against the tree before it (ab_prev: e28aa57's src), alternated in separate processes.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s148; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
export PYTHONPATH=$PWD/src
timeout 290 $T tests/test_sieve_filters.py -k "gpu and bucket" > $S/tests1.log 2>&1 &
timeout 290 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced" > $S/tests2.log 2>&1 &
timeout 290 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of" > $S/tests3.log 2>&1 &
timeout 290 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py tests/test_bucket_plan.py \
    -k "(gpu and not bucket and not pair and not plan and not balanced) or (plan and gpu)" > $S/tests4.log 2>&1 &
wait
for i in 1 2 3 4; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
for r in 1 2; do
  for v in prev cur; do
    P=$PWD/src; [ $v = prev ] && P=$PWD/ab_prev/src
    PYTHONPATH=$P timeout 40 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 \
        --variants "same:panel_cost=4" --csv $S/ab_${v}_$r.csv > $S/ab_${v}_$r.txt 2>&1
    echo "$v $r rc $?: $(grep -E '^ +[0-9]+ ' $S/ab_${v}_$r.txt | awk '{print $1, $2, $3, $4}' | tr '\n' ';')"
  done
done
echo "ab done at $SECONDS s"
cd $OUT && tar czf s148.tgz s148
