# twenty-fourth session, third call: Nsight Compute on the Gluon probe's persistent, overlapped bucketing loop
# (benchmarks/bucket_ws_probe.py, 3 stages, 3 programs per SM) against the Triton hot kernel (bucket_tma_kernel,
# the default's tile_masks path), 2^20 vectors x 16384 and x 1024 centres, K = 128, rate 1e-6 (few items):
# where the probe's ~15% per-tile deficit comes from (s113)
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
S=/tmp/s115; mkdir -p $S
SECONDS=0
cat > $S/drive.py <<'PY'
import sys, torch
sys.path.insert(0, "benchmarks")
import bucket_ws_probe as bp
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as GD
from triton.tools.tensor_descriptor import TensorDescriptor as TD
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import ops
from int8tc.sieve._kernels.filters import bucket_tma_kernel
K, m = 128, 1 << 20
g = torch.Generator(device="cuda").manual_seed(1)
x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
sms = torch.cuda.get_device_properties(0).multi_processor_count
for n in (16384, 1024):
    c = torch.randint(-64, 64, (n, K), dtype=torch.int8, device="cuda", generator=g)
    thr = torch.full((m,), _quantile(_sample_values(x, None, c, None, True), 1 - 1e-6), dtype=torch.int32, device="cuda")
    cap = 16; item_cap = ops._bucket_item_cap(m, cap)
    items = torch.empty((item_cap, 4), dtype=torch.int32, device="cuda"); n_items = torch.zeros(1, dtype=torch.int64, device="cuda")
    ids = torch.empty((m, cap), dtype=torch.int32, device="cuda"); signs = torch.empty((m, cap), dtype=torch.int8, device="cuda")
    counts = torch.zeros(m, dtype=torch.int32, device="cuda")
    bucket_tma_kernel[(m // 64,)](TD(x, [m, K], [K, 1], [64, K]), TD(c, [n, K], [K, 1], [128, K]), thr, m, n, ids, signs,
                                  counts, cap, KP=K, BLOCK_M=64, BLOCK_N=128, BLOCK_K=K, NUM_STAGES=3, items_ptr=items,
                                  item_count_ptr=n_items, item_cap=item_cap, **ops.DEFAULT_BUCKET_CONFIG.launch_options(pair=False))
    lx, ly = bp._layouts(); out = torch.zeros(3 * sms, dtype=torch.int32, device="cuda")
    bp.bucket_ws_probe_kernel[(3 * sms,)](GD(x, [m, K], [K, 1], [64, K], lx), GD(c, [n, K], [K, 1], [128, K], ly), thr, m, n,
                                          out, STAGES=3, NUM_PROGRAMS=3 * sms, GROUPS=8, OVERLAP=True, num_warps=4, maxnreg=168)
    torch.cuda.synchronize()
    print(n, "items", int(n_items), "probe", int(out.sum()))
PY
timeout 400 ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section SchedulerStats --section WarpStateStats \
    --section LaunchStats --section Occupancy --section InstructionStats --section SourceCounters -k "regex:bucket" \
    python3 $S/drive.py > $S/ncu.txt 2>&1
echo "ncu rc $? at $SECONDS s"
grep -E "bucket_(tma|ws)|Duration|Executed Ipc A|Issue Slots Busy|Tensor \(INT\)  |Stall (Barrier|Wait|Long|Math|Short|Not|Branch|Dispatch|No Inst)|Selected  |Instructions Executed  |Registers Per|Achieved Occ|Eligible Warps|^[0-9]+ items|Warp Cycles Per Issued" $S/ncu.txt | sed 's/  */ /g' | head -90
tar -C $S -czf $OUT/s115.tgz .
