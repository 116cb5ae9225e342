# twenty-fifth session, third call (tensor_items now bucket's default, MASKS_BUCKET_CONFIG the old one): tensor_items with its item kernel capped at 128 registers (4 programs per SM) and
# its hits coded as one int each, rank/scatter passes of 256 items, one fill per bucket call. Per-kernel times at
# 2^20 / 2^22 x 1024 (1e-4); then default against tensor items (uncapped / 128) alternated three times per shape
# (s118/s119 ran the default first in every group, and tensor items lost 3-8% at 1e-6 with 4096+ centres there);
# then bench-filters at K = 128 (1e-4, 1e-6) and the bucket GPU tests
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s120; mkdir -p $S  # straight under $OUT: a run cut short still returns what it wrote
SECONDS=0
for m in 1048576; do
  echo "== bucket $m x 1024 tensor 64,4 cap 128" >> $S/kernels.txt
  timeout 60 python3 - $m >> $S/kernels.txt 2>&1 <<'PY'
import sys, torch
from dataclasses import replace
from torch.profiler import ProfilerActivity, profile
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import DEFAULT_BUCKET_CONFIG as B, bucket
m = int(sys.argv[1])
g = torch.Generator(device="cuda").manual_seed(0)
x = torch.randint(-64, 64, (m, 128), dtype=torch.int8, device="cuda", generator=g)
c = torch.randint(-64, 64, (1024, 128), dtype=torch.int8, device="cuda", generator=g)
thr = torch.full((m,), _quantile(_sample_values(x, None, c, None, True), 1 - 1e-4), dtype=torch.int32, device="cuda")
cfg = B  # tensor_items, 64 items, item kernel at 128 registers
for _ in range(3):
    bucket(x, c, thr, 17, config=cfg)
torch.cuda.synchronize()
with profile(activities=[ProfilerActivity.CUDA]) as prof:
    for _ in range(3):
        bucket(x, c, thr, 17, config=cfg)
    torch.cuda.synchronize()
for e in sorted(prof.key_averages(), key=lambda e: -e.device_time_total):
    if e.device_time_total > 0:
        print(f"  {e.key[:60]:60s} x{e.count:<3d} {e.device_time_total / e.count / 1e3:8.3f} ms each")
PY
done
echo "profile at $SECONDS s"; grep -E "^==|ms each" $S/kernels.txt | cut -c1-100
cat > $S/ab.py <<'PY'
import torch, statistics
from dataclasses import replace
from int8tc.bench.common import time_cuda
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import DEFAULT_BUCKET_CONFIG as B, MASKS_BUCKET_CONFIG as OLD, bucket
g = torch.Generator(device="cuda").manual_seed(0)
K = 128
cfgs = {"masks": OLD, "tensor": replace(B, item_maxnreg=None), "tensor-r128": B}
for m, n in ((1 << 20, 1024), (1 << 22, 1024), (1 << 20, 16384)):
    x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
    c = torch.randint(-64, 64, (n, K), dtype=torch.int8, device="cuda", generator=g)
    vals = _sample_values(x, None, c, None, True)
    for rate in (1e-4, 1e-6):
        thr = torch.full((m,), _quantile(vals, 1 - rate), dtype=torch.int32, device="cuda")
        cap = int(10 * rate * n) + 16
        t = {k: [] for k in cfgs}
        hits = {}
        for rep in range(3):
            for name in (list(cfgs) if rep % 2 == 0 else list(cfgs)[::-1]):
                res = {}
                t[name].append(time_cuda(lambda: res.update(b=bucket(x, c, thr, cap, config=cfgs[name])), 10,
                                         warmup=2, warmup_ms=30))
                hits[name] = int(res["b"].counts.sum())
        ops = 2 * K * m * n
        print(f"bucket {m}x{n} {rate:g}: " + "  ".join(
            f"{k} {statistics.median(v):.4f} ms ({ops / statistics.median(v) / 1e9:.0f} TOPS; {min(v):.4f}-{max(v):.4f})"
            for k, v in t.items()) + f"  hits equal {len(set(hits.values())) == 1}", flush=True)
    del x, c
PY
timeout 200 python3 $S/ab.py > $S/ab.txt 2>&1
echo "ab at $SECONDS s"; cat $S/ab.txt | cut -c1-250
timeout 270 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --pair-m 16384,65536,131072 \
    --bucket-m 1048576,4194304 --bucket-n 1024,4096,16384 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -iE "roof|pair_search|bucket" $S/filters_k128.txt | grep -v "{" | cut -c1-175 | tail -24
timeout $((480 - SECONDS)) python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu and bucket" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|Error" $S/tests.log | head -10
rm -f $S/ab.py
