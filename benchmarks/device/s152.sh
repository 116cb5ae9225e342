# thirty-first session, fourth call. The new tree: h_j by plain loads before the product (s151: 16384 -4%, 40000
# grid -3.4%) and the balanced schedule's chunks of 64 tiles (two int32 bit words per row and group, joined to int64
# for the flush: ~half the flushes and pipeline refills per program). ab_plans in the old tree (ab_old: HEAD, before
# both) and the new one alternated; in the new tree "c32" (tiles_per_program 32) is the balanced schedule with chunks
# of 32, so c32 against the default isolates the chunk length. Then the filter GPU tests in 4 parallel shards.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s152; mkdir -p $S
SECONDS=0
for r in 1 2; do
  for v in old new; do
    P=$PWD/src; [ $v = old ] && P=$PWD/ab_old/src
    PYTHONPATH=$P timeout 120 python3 benchmarks/ab_plans.py --m 12288,16384,32768 --rates 1e-4,1e-6 --rounds 3 \
        --variants "c32:tiles_per_program=32" --csv $S/ab_${v}_$r.csv > $S/ab_${v}_$r.txt 2>&1
    echo "$v $r rc $? at $SECONDS s: $(grep -E '^ +[0-9]+ ' $S/ab_${v}_$r.txt | awk '{print $1, $2, $3, $4}' | tr '\n' ';')"
  done
done
T="python3 -m pytest -q -p no:cacheprovider"
export PYTHONPATH=$PWD/src
timeout 300 $T tests/test_sieve_filters.py -k "gpu and bucket" > $S/tests1.log 2>&1 &
timeout 300 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced" > $S/tests2.log 2>&1 &
timeout 300 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of or all_32" > $S/tests3.log 2>&1 &
timeout 300 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py tests/test_bucket_plan.py \
    -k "(gpu and not bucket and not pair and not plan and not balanced and not all_32) or (plan and gpu)" > $S/tests4.log 2>&1 &
wait
for i in 1 2 3 4; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
cd $OUT && tar czf s152.tgz s152
