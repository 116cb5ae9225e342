# twenty-fifth session, second call: tensor_items with 32 counters per tile in the counting sort (s118: one counter per
# tile, the rank pass 28 us at 2^20 x 1024 and 118 us at 2^22); the host time of one bucket call (tiny shapes, where
# the GPU waits on the host) default against tensor items, with a cProfile; per-kernel times; tune_filters over
# 1024/4096/16384 centres; the tensor-items GPU tests
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=/tmp/s119; mkdir -p $S
SECONDS=0
cat > $S/host.py <<'PY'
import cProfile, pstats, time, torch
from dataclasses import replace
from int8tc.sieve import DEFAULT_BUCKET_CONFIG as B, bucket
g = torch.Generator(device="cuda").manual_seed(0)
def host_us(fn, n):
    fn(); torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(n):
        fn()
    dt = (time.perf_counter() - t) / n * 1e6
    torch.cuda.synchronize()
    return dt
for m in (4096, 1 << 20):
    x = torch.randint(-64, 64, (m, 128), dtype=torch.int8, device="cuda", generator=g)
    c = torch.randint(-64, 64, (1024, 128), dtype=torch.int8, device="cuda", generator=g)
    thr = torch.full((m,), 9000, dtype=torch.int32, device="cuda")
    for name, cfg in (("default", B), ("tensor 64x4", replace(B, tensor_items=True, item_block=64))):
        f = lambda: bucket(x, c, thr, 16, config=cfg)
        print(f"m={m} {name}: host {min(host_us(f, 30) for _ in range(3)):.1f} us per call", flush=True)
        if m == 4096:
            pr = cProfile.Profile(); pr.enable()
            for _ in range(100):
                f()
            pr.disable(); torch.cuda.synchronize()
            pstats.Stats(pr).sort_stats("tottime").print_stats(14)
PY
timeout 120 python3 $S/host.py > $S/host.txt 2>&1
echo "host at $SECONDS s"; grep "host" $S/host.txt
for m in 1048576 4194304; do
  for ti in "" "--tensor-items 64,4"; do
    echo "== bucket $m x 1024 $ti" >> $S/kernels.txt
    timeout 90 python3 benchmarks/profile_filters.py --op bucket --m $m --centres 1024 --rate 1e-4 --kernels $ti >> $S/kernels.txt 2>&1
  done
done
echo "profile at $SECONDS s"; grep -E "^==|ms each" $S/kernels.txt | grep -v "at::native\|Memset" | cut -c1-100
timeout 300 python3 benchmarks/tune_filters.py --skip pair,segment --tensor-items 64x4,32x4 --bucket-n 1024,4096,16384 \
    --bucket-m 1048576,4194304 --rates 1e-4,1e-6 --iters 10 --out $S/tune_tensor_items.csv > $S/tune.txt 2>&1
echo "tune at $SECONDS s"
python3 - <<'PY'
import csv
for r in csv.DictReader(open("/tmp/s119/tune_tensor_items.csv")):
    print(f"{r['op'][:34]:34s} {r['config'][-38:]:38s} {r['time_ms']:>8s} ms {r['tops']:>5s} TOPS {r['same_hits']}")
PY
grep -iE "error|exception" $S/tune.txt | head -5; [ -f $S/tune_tensor_items.csv ] || grep "{.op" $S/tune.txt | cut -c1-220
timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu and bucket and (tensor or ti)" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|Error" $S/tests.log | head -10
tar -C $S -czf $OUT/s119.tgz .
