# fifteenth session, sixth call: Nsight Compute on the default pair search kernel at 16384 vectors (balanced
# schedule: ~60 us where the hot loop's control rate predicts ~39 us) and at 131072 (grid), 1e-4: throughput,
# occupancy, warp stall reasons, launch statistics. And filter_roofs --groups once after its refactor (import of
# the kernels' _groups).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s57; mkdir -p $S
for m in 16384 131072; do
    timeout 150 ncu --clock-control none -k regex:pair_search_tma --launch-skip 2 --launch-count 1 \
        --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
        --section SchedulerStats --section ComputeWorkloadAnalysis \
        python3 benchmarks/profile_filters.py --op pair --m $m --rate 1e-4 > $S/ncu_$m.txt 2>&1
    echo "== $m"; grep -E "Duration|Throughput|Pipe|Occupancy|Active Warps|Eligible|Issued|No Eligible|Stall|Waves|Block Limit|Registers|Grid Size|Warp Cycles|One or More" $S/ncu_$m.txt | head -60
done
cp $S/* $OUT/ 2>/dev/null
timeout 60 python3 benchmarks/filter_roofs.py --groups --m 32768 --iters 5 > $S/roofs.txt 2>&1; tail -5 $S/roofs.txt
cp $S/* $OUT/ 2>/dev/null
