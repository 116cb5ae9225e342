# fortieth session: dump_items_kernel finds an item's row by a binary search of the rows' running popcounts
# (tl.gather) instead of [items, rows] comparisons: 72 registers at 16 items (128 before), so a program can take
# several slots (dump_rows > block_m) and the 16384 dump fits one wave. Timings first (ab_plans checks every
# variant's records against the default's), then the GPU tests of the dump path, then ncu of the best shape.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s185; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
D="dump_bits=true"
timeout 240 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 --warmup-ms 400 \
    --variants "i16:$D;item_block=16" "i16r128:$D;item_block=16;dump_rows=128" "i16r256:$D;item_block=16;dump_rows=256" \
    "i32r128:$D;dump_rows=128" "i32r256:$D;dump_rows=256" "i32r512:$D;dump_rows=512" "i16r512:$D;item_block=16;dump_rows=512" \
    --csv $S/ab_dump.csv > $S/ab_dump.txt 2>&1
echo "ab rc $?"; grep -v "^{" $S/ab_dump.txt | tail -20
for r in 1e-4 1e-6; do
  timeout 60 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate $r --plan --kernels --dump-bits \
      --item-block 16 --dump-rows 256 2>&1 | tail -8 > $S/prof_$r.txt
  echo "== $r"; cat $S/prof_$r.txt
done
T="python3 -m pytest -q -p no:cacheprovider"
timeout 200 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "dump or random_shapes or 32_tile_bits" > $S/tests1.log 2>&1 &
timeout 200 $T tests/test_sieve_filters.py -k "gpu and balanced" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
