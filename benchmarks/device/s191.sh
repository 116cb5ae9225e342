# forty-second session: FilterConfig.dump_spread (NOTES.md 91: the dump's items in equal blocks across the item
# programs) against the default, plans at 16384 / 65536 (K = 128) and 1e-2; per-kernel times; the GPU tests. If a
# spread variant beats the default at both 16384 rates, the run sets it in DEFAULT_FILTER_CONFIG in its copy of the
# tree (the same one-line change the session then commits) and runs bench-filters K = 128 and the default's tests
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s191; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 200 python3 benchmarks/ab_plans.py --m 16384,65536 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 \
    --variants "sp2:dump_spread=2" "sp4:dump_spread=4" "sp8:dump_spread=8" "sp4i16:dump_spread=4;item_block=16" \
    --csv $S/ab.csv > $S/ab.txt 2>&1
echo "ab rc $?"; grep -A40 "^     M" $S/ab.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab.txt | head -5
timeout 60 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-2 --rounds 3 --roof-seconds 1 \
    --variants "sp4:dump_spread=4" --csv $S/ab_1e-2.csv > $S/ab_1e-2.txt 2>&1
echo "ab 1e-2 rc $?"; grep -A10 "^     M" $S/ab_1e-2.txt; grep -E "Error|error|SystemExit" $S/ab_1e-2.txt | head -5
timeout 50 python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 --plan --kernels \
    --dump-spread 4 2>&1 | grep -v -i warn | tail -5 > $S/kernels_spread4.txt
echo "== kernels spread 4"; cat $S/kernels_spread4.txt
T="python3 -m pytest -q -p no:cacheprovider"
timeout 150 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "spread or random_shapes or 32_tile_bits" > $S/tests1.log 2>&1 &
timeout 150 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "(gpu and balanced) or plan_graph_default" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
BEST=$(python3 - $S/ab.csv <<'PY'
import csv, sys
t = {(r["m"], r["rate"], r["config"]): float(r["time_ms"]) for r in csv.DictReader(open(sys.argv[1]))}
wins = [c for c in ("sp2", "sp4", "sp8") if all(t.get(("16384", rt, c), 9) < t[("16384", rt, "default")]
                                               for rt in ("0.0001", "1e-06"))]
print(min(wins, key=lambda c: t[("16384", "0.0001", c)])[2:] if wins else "")
PY
)
echo "best spread: '$BEST'"
if [ -n "$BEST" ]; then
  sed -i "s/balanced_waves=3, norm_bound=2\*\*30, dump_bits=True)/balanced_waves=3, norm_bound=2**30, dump_bits=True, dump_spread=$BEST)/" src/int8tc/sieve/ops.py
  grep -n "dump_spread=$BEST)" src/int8tc/sieve/ops.py
  INT8TC_COMMIT="$INT8TC_COMMIT+dump_spread=$BEST" timeout 150 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
  echo "bench-filters rc $?"
  python3 benchmarks/device/filters_summary.py $S/filters_k128.csv
  timeout 120 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "gpu and not balanced and not plan_graph_default" > $S/tests3.log 2>&1
  echo "tests3: $(tail -1 $S/tests3.log)"; grep -E "^FAILED|^ERROR" $S/tests3.log | head -5
fi
