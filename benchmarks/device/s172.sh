# thirty-fifth session: FilterConfig.stream_bound (y ordered inside its panels by panel_sort_kernel, which also
# writes the Gram search's register copy; the inner tiles tested by the group max/min bound) next to stream_regs
# (exact test) and the default: the stream GPU tests (filters and plans), plans at 16384 / 12288 / 32768 with
# records checked equal, and the 16384 plans' kernel times.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s172; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    -k "stream or fragment or random_shapes or panel_sort" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|^E " $S/tests.log | head -20
timeout 200 python3 benchmarks/ab_plans.py --m 16384,12288,32768 --rates 1e-4,1e-6 --rounds 3 --roof 1300 \
    --variants "stream:stream_regs=true" "bound:stream_regs=true;stream_bound=true" --csv $S/ab_bound.csv > $S/ab_bound.txt 2>&1
echo "ab rc $? at $SECONDS s"; grep -A40 "M   rate" $S/ab_bound.txt
for v in stream-regs stream-bound; do
  timeout 60 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate 1e-4 --plan --kernels --$v \
      --trace $S/trace.json > $S/profile_${v}_1e-4.txt 2>&1
  echo "== $v"; grep -E "^  [a-z_]+ +start|kernels " $S/profile_${v}_1e-4.txt
done
rm -f $S/*.json
cd $OUT && tar czf s172.tgz s172
