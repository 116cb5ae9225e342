# twenty-fifth session, first call: FilterConfig.tensor_items (bucketing's items as (row, centre tile) pairs sorted by
# tile, their products on tensor cores): per-kernel times (torch.profiler) at 2^20 x 1024 and 2^22 x 1024, 1e-4,
# default against tensor items; tune_filters --tensor-items over 1024/4096/16384 centres, 2^20 / 2^22 vectors,
# 1e-4 and 1e-6, hit counts checked against the default; then the tensor-items GPU tests
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=/tmp/s118; mkdir -p $S
SECONDS=0
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
for m in 1048576 4194304; do
  for ti in "" "--tensor-items 64,8" "--tensor-items 64,4"; do
    echo "== bucket $m x 1024 $ti" >> $S/kernels.txt
    timeout 90 python3 benchmarks/profile_filters.py --op bucket --m $m --centres 1024 --rate 1e-4 --kernels $ti >> $S/kernels.txt 2>&1
  done
done
echo "profile at $SECONDS s"; grep -E "^==|ms each|Gpairs" $S/kernels.txt | cut -c1-110
timeout 330 python3 benchmarks/tune_filters.py --skip pair,segment --tensor-items 64x8,64x4,32x4 --bucket-n 1024,4096,16384 \
    --bucket-m 1048576,4194304 --rates 1e-4,1e-6 --iters 10 --out $S/tune_tensor_items.csv > $S/tune.txt 2>&1
echo "tune at $SECONDS s"
python3 - <<'PY'
import csv
for r in csv.DictReader(open("/tmp/s118/tune_tensor_items.csv")):
    print(f"{r['op'][:34]:34s} {r['config'][-38:]:38s} {r['time_ms']:>8s} ms {r['tops']:>5s} TOPS {r['same_hits']}")
PY
grep -iE "error|exception" $S/tune.txt | head -5; [ -f $S/tune_tensor_items.csv ] || grep "{.op" $S/tune.txt | cut -c1-220
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu and bucket and (tensor or masks)" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|Error" $S/tests.log | head -10
tar -C $S -czf $OUT/s118.tgz .
