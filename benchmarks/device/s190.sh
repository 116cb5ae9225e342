# forty-second session: FilterConfig.dump_inline (NOTES.md 91; each balanced search program writes its chunks'
# items itself, no dump_items_kernel) checked on the GPU, then A/B against the default (dump_items_kernel) and
# knob sweeps of the item kernel, plans at 16384 / 65536 (K = 128), and per-kernel times
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s190; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 230 python3 benchmarks/ab_plans.py --m 16384,65536 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 \
    --variants "inl:dump_inline=true" "inl16:dump_inline=true;item_block=16" "inl64:dump_inline=true;item_block=64" \
    "r64:item_maxnreg=64" "w2:item_warps=2" "rows32:dump_rows=32" \
    --csv $S/ab.csv > $S/ab.txt 2>&1
echo "ab rc $?"; grep -A40 "^     M" $S/ab.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab.txt | head -5
timeout 60 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-2 --rounds 3 --roof-seconds 1 \
    --variants "inl:dump_inline=true" --csv $S/ab_1e-2.csv > $S/ab_1e-2.txt 2>&1
echo "ab 1e-2 rc $?"; grep -A10 "^     M" $S/ab_1e-2.txt; grep -E "Error|error|SystemExit" $S/ab_1e-2.txt | head -5
for inl in false true; do
  timeout 60 python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 --plan --kernels \
      --dump-inline $inl 2>&1 | grep -v -i warn | tail -6 > $S/kernels_inline_$inl.txt
  echo "== kernels inline=$inl"; cat $S/kernels_inline_$inl.txt
done
T="python3 -m pytest -q -p no:cacheprovider"
timeout 150 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "inline or random_shapes or 32_tile_bits" > $S/tests1.log 2>&1 &
timeout 150 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "(gpu and balanced) or plan_graph_default" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
