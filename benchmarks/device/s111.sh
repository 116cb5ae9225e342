# twenty-third session, sixth call: 128-row panels as two warpgroups (8 warps) under a 128-register cap, so two
# blocks per SM (s106's 128 x 128 w8 ran uncapped or at 168: one block per SM) and one prologue and one item
# flush per 128 rows (NOTES 73: ~480 instructions per 64-row panel at 1024 centres)
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
S=/tmp/s111; mkdir -p $S
SECONDS=0
timeout 200 python3 benchmarks/tune_filters.py --skip pair,segment --bucket-shapes --bucket-n 1024,4096,16384 \
    --bucket-m 1048576,4194304 --rates 1e-4,1e-6 --iters 10 --out $S/tune_bucket.csv > $S/tune_bucket.txt 2>&1
echo "tune bucket rc $? at $SECONDS s"; grep -v "^{" $S/tune_bucket.txt | tail -3
python3 - <<'PY'
import csv
for r in csv.DictReader(open("/tmp/s111/tune_bucket.csv")):
    print(f"{r['op']:<30} {r['config'][:70]:<70} {r['time_ms']:>8} {r['tops']:>5} {r['same_hits']}")
PY
tar -C $S -czf $OUT/s111.tgz .
echo "total $SECONDS s"
