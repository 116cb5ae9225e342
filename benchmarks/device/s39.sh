# thirteenth session, fifth call: what bounds the item kernel (s38: dp4a did not move it: 74 -> 69 us at
# M = 65536, 1e-4; 8% of a call). Nsight Compute on one mask_items_kernel launch, then items per
# iteration x programs x warps (tune_items.py)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s39; mkdir -p $S
timeout 150 ncu --clock-control none -k regex:mask_items --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section WarpStateStats --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats \
    python3 benchmarks/profile_filters.py --op pair --m 65536 --rate 1e-4 > $S/ncu_items.txt 2>&1
grep -E "Duration|Throughput|Stall|Warp Cycles|Achieved Occupancy|Registers|Theoretical Occ|Block Limit|L2 Hit|Issued" $S/ncu_items.txt | head -40
cp $S/* $OUT/ 2>/dev/null
timeout 200 python3 benchmarks/tune_items.py --m 65536 --out $S/tune_items.csv > $S/tune_items.txt 2>&1
tail -30 $S/tune_items.txt | grep -v "^{"
cp $S/* $OUT/ 2>/dev/null
