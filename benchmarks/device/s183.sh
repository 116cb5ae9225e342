# thirty-ninth session: dump_items_kernel's shape (rows of a slot per program, warps, column groups) against the
# default plan at 16384 vectors (ab_plans checks every variant's records against the default's)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s183; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
D="dump_bits=true;item_block=16"
timeout 300 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 --warmup-ms 400 \
    --variants "i16:$D" "w2:$D;item_warps=2" "w1:$D;item_warps=1" "w2r32:$D;item_warps=2;dump_rows=32" \
    "w2r16:$D;item_warps=2;dump_rows=16" "w1r16:$D;item_warps=1;dump_rows=16" "g8w2:$D;column_groups=8;item_warps=2" "w2m128:$D;item_warps=2;item_maxnreg=128" "g8:$D;column_groups=8" \
    --csv $S/ab_dump.csv > $S/ab_dump.txt 2>&1
echo "ab rc $?"; grep -v "^{" $S/ab_dump.txt | tail -20
