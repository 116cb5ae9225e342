# thirty-eighth session: dump_items_kernel's shape (items per block, warps, rows of a slot per program, register cap)
# against the default plan; GPU tests of the dump configs first
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s183; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
T="python3 -m pytest -q -p no:cacheprovider"
timeout 95 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "dump" > $S/tests1.log 2>&1 &
timeout 95 $T tests/test_sieve_filters.py -k "gpu and balanced and True" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR|^E  " $S/tests$i.log | sort | uniq -c | head -8; done
timeout 150 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 --warmup-ms 600 \
    --variants "i16:dump_bits=true;item_block=16" "w2r32:dump_bits=true;item_block=16;item_warps=2;dump_rows=32" \
    "w4r32:dump_bits=true;item_block=16;dump_rows=32" "w1r16:dump_bits=true;item_block=16;item_warps=1;dump_rows=16" \
    --csv $S/ab_dump.csv > $S/ab_dump.txt 2>&1
echo "ab rc $?"; tail -14 $S/ab_dump.txt
