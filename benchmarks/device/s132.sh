# twenty-seventh session, last call: why tile_items_kernel takes ~32 us at 2^20 x 1024, 1e-4 (s131: finding the
# block's tile without the binary search changed nothing): Nsight Compute on one launch (launch stats, occupancy,
# warp states, speed of light, memory workload), the bucket hot kernel beside it
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s132; mkdir -p $S
SECONDS=0
timeout 150 ncu --clock-control none -k regex:tile_items --launch-skip 2 --launch-count 1 --section LaunchStats \
  --section Occupancy --section WarpStateStats --section SpeedOfLight --section MemoryWorkloadAnalysis \
  --section SchedulerStats python3 benchmarks/profile_filters.py --op bucket --m 1048576 --centres 1024 --rate 1e-4 \
  > $S/ncu_tile_items_1024.txt 2>&1
echo "ncu rc $? at $SECONDS s"; grep -E "Duration|Registers|Block Size|Grid Size|Achieved Occupancy|Theoretical Occ|Waves|Eligible|Issued Warp|No Eligible|Stall|Memory Throughput|DRAM Throughput|L1/TEX Hit|L2 Hit|Compute \(SM\)|Active Warps" $S/ncu_tile_items_1024.txt | head -40
