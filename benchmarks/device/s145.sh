# thirtieth session, second call: the session's filter changes against the tree before them (ab_old: HEAD's src before
# them, `git archive 7e7c077 src`), pair-search plans in separate processes alternated (ab_plans.py; "same" is the
# default again, a second sample per process), then bench-filters on the new code.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s145; mkdir -p $S
SECONDS=0
for r in 1 2; do
  for v in old new; do
    P=$PWD/src; [ $v = old ] && P=$PWD/ab_old/src
    PYTHONPATH=$P timeout 100 python3 benchmarks/ab_plans.py --m 16384,65536 --rates 1e-4,1e-6 --rounds 3 \
        --variants "same:panel_cost=4" --csv $S/ab_${v}_$r.csv > $S/ab_${v}_$r.txt 2>&1
    echo "$v $r rc $?: $(grep -E '^ +[0-9]+ ' $S/ab_${v}_$r.txt | awk '{print $1, $2, $3, $4}' | tr '\n' ';')"
  done
done
echo "ab done at $SECONDS s"
export PYTHONPATH=$PWD/src
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128.txt | cut -c1-60,100-190
cd $OUT && tar czf s145.tgz s145
