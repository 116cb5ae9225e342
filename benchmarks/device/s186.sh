# fortieth session, second call: the new dump_items (binary search of running popcounts) at one slot per program with
# 32 items (max 2 iterations at 16384, 1e-4 by a CPU replay of the slots) and 16 items on 2 warps (one wave), against the
# default at 16384 and 8192 and three rates (records checked equal); then where dump_items waits (ncu, 16384, 1e-4)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s186; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
D="dump_bits=true"
timeout 300 python3 benchmarks/ab_plans.py --m 16384,8192 --rates 1e-4,1e-6,1e-2 --rounds 3 --roof-seconds 2 --warmup-ms 300 \
    --variants "i32:$D" "i16:$D;item_block=16" "i16w2:$D;item_block=16;item_warps=2" "i32r128:$D;dump_rows=128" \
    --csv $S/ab_dump.csv > $S/ab_dump.txt 2>&1
echo "ab rc $?"; grep -v "^{" $S/ab_dump.txt | tail -30
timeout 100 ncu --clock-control none -k regex:dump_items --launch-skip 2 --launch-count 1 --section SpeedOfLight \
    --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section SourceCounters \
    --section MemoryWorkloadAnalysis python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 \
    --dump-bits > $S/ncu_dump_items.txt 2>&1
echo "ncu rc $?"; grep -E "Duration|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|Waves Per SM|Stall|stall" $S/ncu_dump_items.txt | head -40
