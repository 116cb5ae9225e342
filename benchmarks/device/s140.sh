# RAN ON COMMIT 8ed4d62 (branch steal-items: FilterConfig.steal_items and ab_steal.py live there; main reverted them, NOTES 80)
# twenty-ninth session, second call: FilterConfig.steal_items (the balanced search's programs write the items' hits
# themselves, no item kernel; NOTES 80). (1) GPU tests of the filter file (the item writer changed for every
# tile_masks path: empty items now (row, col_end, col_end, 0); mask_items_kernel's body moved into _item_block),
# the steal configs on the GPU, the plan file; (2) ab_steal.py (plans, records checked equal, alternated);
# (3) trace_balanced.py with and without steal at 16384.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s140; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
export PYTHONPATH=$PWD/src
timeout 250 $T tests/test_sieve_filters.py -k "gpu and bucket" > $S/t1.log 2>&1 &
timeout 250 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan) and not balanced" > $S/t2.log 2>&1 &
timeout 250 $T tests/test_sieve_filters.py -k "gpu and balanced" > $S/t3.log 2>&1 &
timeout 250 $T tests/test_sieve_filters.py -k "gpu and not bucket and not pair and not plan" > $S/t4.log 2>&1 &
timeout 250 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "(steal and not gpu) or plan" > $S/t5.log 2>&1 &
wait
for i in 1 2 3 4 5; do echo "t$i: $(tail -1 $S/t$i.log)"; grep -E "^FAILED|^ERROR|Error" $S/t$i.log | head -4; done
echo "tests done at $SECONDS s"
timeout 150 python3 benchmarks/ab_steal.py --m 16384,12288 --rates 1e-4,1e-6 --chunks 0,1,2,4 --csv $S/ab_steal.csv \
    > $S/ab_steal.txt 2>&1
echo "ab rc $? at $SECONDS s"; tail -21 $S/ab_steal.txt
for c in -1 0 2; do
  timeout 60 python3 benchmarks/trace_balanced.py --m 16384 --rates 1e-4 --steal-chunk $c > $S/trace_$c.txt 2>&1
  echo "trace $c rc $?"; grep -E "kernel|span|tile loop  |flush|after the last|items left" $S/trace_$c.txt
done
echo "done at $SECONDS s"
cd $OUT && tar czf s140.tgz s140 && rm -rf s140
