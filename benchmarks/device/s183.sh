# thirty-eighth session: dump_items_kernel's shape (items per block, warps, rows of a slot per program, register cap)
# against the default plan; GPU tests of the dump configs first
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s183; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
# (the GPU tests left out: the device time left fits the plan comparison only; ab_plans checks every variant's
# records against the default's)
timeout 150 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 --warmup-ms 600 \
    --variants "i16:dump_bits=true;item_block=16" "w2r32:dump_bits=true;item_block=16;item_warps=2;dump_rows=32" \
    "w4r32:dump_bits=true;item_block=16;dump_rows=32" \
    --csv $S/ab_dump.csv > $S/ab_dump.txt 2>&1
echo "ab rc $?"; tail -12 $S/ab_dump.txt
