# thirty-ninth session: dump_items_kernel's shape (rows of a slot per program, warps, column groups, register cap) and ncu
# of dump_items and mask_items against the default plan at 16384 vectors (ab_plans checks every variant's records against the default's)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s183; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
D="dump_bits=true;item_block=16"
timeout 270 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 --warmup-ms 400 \
    --variants "i16:$D" "w2:$D;item_warps=2" "w2m128:$D;item_warps=2;item_maxnreg=128" "r32:$D;dump_rows=32" \
    "r16:$D;dump_rows=16" "w2r16:$D;item_warps=2;dump_rows=16" "g8:$D;column_groups=8" \
    --csv $S/ab_dump.csv > $S/ab_dump.txt 2>&1
echo "ab rc $?"; grep -v "^{" $S/ab_dump.txt | tail -20
# where dump_items_kernel (16 items) waits, against mask_items_kernel (the default), at 16384 and 1e-4 (one-shot calls)
for v in "dump_items:--dump-bits --item-block 16" "mask_items:"; do
  k=${v%%:*}
  timeout 90 ncu --clock-control none -k regex:$k --launch-skip 2 --launch-count 1 --section SpeedOfLight \
      --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats \
      python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 ${v#*:} > $S/ncu_$k.txt 2>&1
  echo "ncu $k rc $?"; grep -E "Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|Warp Cycles Per Issued|Waves Per SM|Block Limit Reg" $S/ncu_$k.txt
done
