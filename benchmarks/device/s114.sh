# twenty-fourth session, second call: the item kernel's K step (FilterConfig.item_block_k 32 / 64 / 128, with
# item blocks and warps) in the Gram pair search (16384 / 65536 / 131072, calls and plans) and bucketing (2^20 x
# 1024 / 16384), K = 128, 1e-4; tune_filters, same process and data, hit counts compared
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s114; mkdir -p $S
SECONDS=0
timeout 420 python3 benchmarks/tune_filters.py --skip segment --m 16384,65536,131072 --rates 1e-4 --iters 10 --plan \
    --item-k 64,128 --bucket-n 1024,16384 --out $S/tune_item_k.csv > $S/tune_item_k.txt 2>&1
echo "tune rc $? at $SECONDS s"; python3 - <<'PY'
import csv
for r in csv.DictReader(open("/tmp/s114/tune_item_k.csv")):
    print(f"{r['op'][:34]:34s} {r['config'][-52:]:52s} {r['time_ms']:>8s} {r['tops']:>5s} {r['same_hits']}")
PY
tar -C $S -czf $OUT/s114.tgz .
