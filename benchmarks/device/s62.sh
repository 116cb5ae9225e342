# fifteenth session, diagnosis with the budget's rest: Nsight Compute on Ozaki-I's "once" split of A at 4096^2,
# S = 2 (0.084-0.105 ms for 134 MB read + 34 MB written; a copy of A runs at 3.9 TB/s): where it waits.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s62; mkdir -p $S
cat > $S/drive.py <<'P'
import torch
from int8tc import OzakiGemm
from int8tc.bench.gemm import make_inputs_torch
from int8tc.ozaki._launch import scale_and_split
a, b = make_inputs_torch(4096, 4096, 4096, "randn", 0, "cuda")
plan = OzakiGemm(b, 2)
ws = plan._workspace(4096)
for _ in range(3):
    scale_and_split(a, "row", ws["sa"], ws["qa"], 2, True, "once")
torch.cuda.synchronize()
P
timeout 120 ncu --clock-control none -k regex:split_rows_once --launch-skip 2 --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section WarpStateStats --section ComputeWorkloadAnalysis \
    --section MemoryWorkloadAnalysis --section LaunchStats --section SchedulerStats python3 $S/drive.py > $S/ncu_split.txt 2>&1
grep -v "^==PROF==" $S/ncu_split.txt | grep -E "Duration|Throughput|Busy|Occupancy|Warps|Eligible|Issued|Registers|Block Size|Grid Size|Pipe|pipeline|Stall|stall|Mem Busy|Max Bandwidth|L2 Hit|DRAM" | head -50
cp $S/* $OUT/ 2>/dev/null
