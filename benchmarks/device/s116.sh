# twenty-fourth session, fourth call: the removed persistent Gluon bucketing kernel (commit 879f085, copied to
# benchmarks/_bucket_ws_879.py for this run only) timed alone against the Triton hot kernel, 2^20 x 16384 / 1024,
# K = 128, 1e-6 and 1e-4, then ncu's instruction and stall counts of both at 16384 / 1e-6
# (the copy was deleted after the run: `git show 879f085:src/int8tc/sieve/_kernels/bucket_ws.py > benchmarks/_bucket_ws_879.py`)
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
S=/tmp/s116; mkdir -p $S
SECONDS=0
cat > $S/drive.py <<'PY'
import sys, torch, triton
sys.path.insert(0, "benchmarks")
import _bucket_ws_879 as W
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as GD
from triton.tools.tensor_descriptor import TensorDescriptor as TD
from int8tc.bench.common import time_cuda
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import ops
from int8tc.sieve._kernels.filters import bucket_tma_kernel
PROFILE = len(sys.argv) > 1
K, m = 128, 1 << 20
g = torch.Generator(device="cuda").manual_seed(1)
x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
sms = torch.cuda.get_device_properties(0).multi_processor_count
lx = gl.NVMMASharedLayout.get_default_for([64, K], gl.int8); lc = gl.NVMMASharedLayout.get_default_for([128, K], gl.int8)
for n in ((16384,) if PROFILE else (16384, 1024)):
    c = torch.randint(-64, 64, (n, K), dtype=torch.int8, device="cuda", generator=g)
    vals = _sample_values(x, None, c, None, True)
    for rate in ((1e-6,) if PROFILE else (1e-6, 1e-4)):
        thr = torch.full((m,), _quantile(vals, 1 - rate), dtype=torch.int32, device="cuda")
        cap = 16; item_cap = ops._bucket_item_cap(m, cap)
        items = torch.empty((item_cap, 4), dtype=torch.int32, device="cuda"); n_items = torch.zeros(1, dtype=torch.int64, device="cuda")
        ids = torch.empty((m, cap), dtype=torch.int32, device="cuda"); signs = torch.empty((m, cap), dtype=torch.int8, device="cuda")
        counts = torch.zeros(m, dtype=torch.int32, device="cuda")
        scratch = torch.zeros(m + 4, dtype=torch.int32, device="cuda"); late_rows = torch.empty(m, dtype=torch.int32, device="cuda")
        xd, cd = TD(x, [m, K], [K, 1], [64, K]), TD(c, [n, K], [K, 1], [128, K])
        gx, gc = GD(x, [m, K], [K, 1], [64, K], lx), GD(c, [n, K], [K, 1], [128, K], lc)
        def tri():
            n_items.zero_()
            bucket_tma_kernel[(m // 64,)](xd, cd, thr, m, n, ids, signs, counts, cap, KP=K, BLOCK_M=64, BLOCK_N=128,
                                          BLOCK_K=K, NUM_STAGES=3, items_ptr=items, item_count_ptr=n_items, item_cap=item_cap,
                                          **ops.DEFAULT_BUCKET_CONFIG.launch_options(pair=False))
        res = {}
        for per_sm, stages in ((3, 3), (3, 2), (2, 4)):
            P = per_sm * sms
            def glu():
                scratch[:4].zero_()
                W.bucket_ws_kernel[(P,)](gx, gc, thr, m, n, items, scratch[:2].view(torch.int64), item_cap, scratch[4:],
                                         late_rows, scratch[2:3], P, STAGES=stages, GROUPS=8, num_warps=4, maxnreg=168)
            glu(); torch.cuda.synchronize(); res[(per_sm, stages)] = (glu, int(scratch[:2].view(torch.int64)))
            if PROFILE:
                break
        tri(); torch.cuda.synchronize(); ni = int(n_items)
        if PROFILE:
            continue
        line = f"n {n} rate {rate:g} items {ni}: triton {time_cuda(tri, 20, warmup=2):.3f} ms"
        for key, (fn, got) in res.items():
            line += f" | gluon {key[0]}/SM s{key[1]} {time_cuda(fn, 20, warmup=2):.3f} ms items {'ok' if got == ni else got}"
        print(line, flush=True)
PY
timeout 200 python3 $S/drive.py > $S/time.txt 2>&1; echo "time rc $? at $SECONDS s"; cat $S/time.txt | tail -8
timeout 200 ncu --section SchedulerStats --section WarpStateStats --section InstructionStats --section ComputeWorkloadAnalysis \
    -k "regex:bucket" python3 $S/drive.py profile > $S/ncu.txt 2>&1
echo "ncu rc $? at $SECONDS s"
grep -E "bucket_(tma|ws)|Executed Instructions  |Issue Slots Busy|Stall (Barrier|Wait|Long|Math|Short|Not Sel|Branch|Dispatch)|Selected  |Eligible Warps" $S/ncu.txt | sed 's/  */ /g'
tar -C $S -czf $OUT/s116.tgz .
