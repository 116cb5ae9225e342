# forty-third session (NOTES.md 92): the item kernels' dots in 4-word steps with one reduction at the end (x read in
# the products' layout, no masked loads) and FilterConfig.dump_list (a slot's items listed in place of its words, then
# read a block at a time) against the default, plans at 16384 / 65536 (K = 128) and 1e-2; the previous commit's
# default (bench_old/, the tree before the session, untracked) in its own process on the same card for the dots'
# change; per-kernel times; the GPU tests. If dump_list beats the default at both 16384 rates, the run sets it in
# DEFAULT_FILTER_CONFIG in its copy (the one-line change the session then commits), runs bench-filters K = 128 and
# the default's GPU tests. Two calls: `bash s193.sh time` (the A/Bs and kernels), then `bash s193.sh test`.
PART=${1:-time}
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s193; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu_$PART.txt
if [ "$PART" = time ]; then
timeout 230 python3 benchmarks/ab_plans.py --m 16384,65536 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 \
    --variants "list:dump_list=true" "list16:dump_list=true;item_block=16" "list64w8:dump_list=true;item_block=64;item_warps=8" \
    --csv $S/ab.csv > $S/ab.txt 2>&1
echo "ab rc $?"; grep -A40 "^     M" $S/ab.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab.txt | head -5
PYTHONPATH=$PWD/bench_old/src timeout 90 python3 bench_old/benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 \
    --roof-seconds 2 --variants "same:dump_rows=0" --csv $S/ab_old.csv > $S/ab_old.txt 2>&1
echo "ab old rc $?"; grep -A10 "^     M" $S/ab_old.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab_old.txt | head -5
timeout 60 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-2 --rounds 3 --roof-seconds 1 \
    --variants "list:dump_list=true" --csv $S/ab_1e-2.csv > $S/ab_1e-2.txt 2>&1
echo "ab 1e-2 rc $?"; grep -A10 "^     M" $S/ab_1e-2.txt; grep -E "Error|error|SystemExit" $S/ab_1e-2.txt | head -5
for v in "" "--dump-list"; do
  timeout 50 python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 --plan --kernels $v \
      2>&1 | grep -v -i warn | tail -5 > $S/kernels$v.txt
  echo "== kernels $v"; cat $S/kernels$v.txt
done
fi
T="python3 -m pytest -q -p no:cacheprovider"
if [ "$PART" = test ]; then
timeout 170 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "list or random_shapes or 32_tile_bits or dump" > $S/tests1.log 2>&1 &
timeout 170 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "(gpu and balanced) or plan_graph_default" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
WIN=$(python3 - benchmarks/results/s193/ab.csv <<'PY'
import csv, sys
t = {(r["m"], r["rate"], r["config"]): float(r["time_ms"]) for r in csv.DictReader(open(sys.argv[1]))}
print("yes" if all(t.get(("16384", rt, "list"), 9) < t[("16384", rt, "default")] for rt in ("0.0001", "1e-06")) else "")
PY
)
echo "list wins: '$WIN'"
if [ -n "$WIN" ]; then
  sed -i "s/balanced_waves=3, norm_bound=2\*\*30, dump_bits=True)/balanced_waves=3, norm_bound=2**30, dump_bits=True, dump_list=True)/" src/int8tc/sieve/ops.py
  grep -n "dump_list=True)" src/int8tc/sieve/ops.py
  INT8TC_COMMIT="$INT8TC_COMMIT+dump_list" timeout 150 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
  echo "bench-filters rc $?"
  python3 benchmarks/device/filters_summary.py $S/filters_k128.csv
  timeout 100 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "gpu and not balanced and not plan_graph_default" > $S/tests3.log 2>&1
  echo "tests3: $(tail -1 $S/tests3.log)"; grep -E "^FAILED|^ERROR" $S/tests3.log | head -5
fi
fi
