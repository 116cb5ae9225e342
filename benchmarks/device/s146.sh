# thirtieth session, third call: which of the session's changes made the 65536 plan (grid, norm_bound path) ~1% slower in
# s145. Trees, pair-search plans in separate processes alternated (ab_plans.py; "same" is the default again):
# old = 7e7c077's src (ab_old), new = b7f3209's src (ab_new), v1 = this tree (the bound path's bit update back to the
# shift-or; the select kept on the exact path), v2 = v1 with _write_items' two block-wide reductions (ab_v2).
# Then the GPU tests of this tree's pair paths.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s146; mkdir -p $S
SECONDS=0
for r in 1 2 3; do
  for v in old new v1 v2; do
    case $v in old) P=$PWD/ab_old/src;; new) P=$PWD/ab_new/src;; v1) P=$PWD/src;; v2) P=$PWD/ab_v2/src;; esac
    PYTHONPATH=$P timeout 60 python3 benchmarks/ab_plans.py --m 16384,65536 --rates 1e-4,1e-6 --rounds 2 \
        --variants "same:panel_cost=4" --csv $S/ab_${v}_$r.csv > $S/ab_${v}_$r.txt 2>&1
    echo "$v $r rc $?: $(grep -E '^ +[0-9]+ ' $S/ab_${v}_$r.txt | awk '{print $1, $2, $3, $4}' | tr '\n' ';')"
  done
done
echo "ab done at $SECONDS s"
T="python3 -m pytest -q -p no:cacheprovider"
export PYTHONPATH=$PWD/src
timeout 270 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced" > $S/tests2.log 2>&1 &
timeout 270 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of" > $S/tests3.log 2>&1 &
timeout 270 $T tests/test_pair_search_plan.py -k gpu > $S/tests4.log 2>&1 &
wait
for i in 2 3 4; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
cd $OUT && tar czf s146.tgz s146
