# twenty-third session, first call: where bucketing's time goes with few centres (issue 4's 2^20 x 1024 at 39%):
# per-kernel CUDA times, then the existing knobs (128-row panels with 8 warps, stages, item blocks) at 1024 and
# 16384 centres, 2^20 and 2^22 vectors, 1e-4
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s106; mkdir -p $S
SECONDS=0
for m in 1048576 4194304; do
  timeout 60 python3 benchmarks/profile_filters.py --op bucket --m $m --centres 1024 --rate 1e-4 --kernels \
      > $S/profile_bucket_$m.txt 2>&1; echo "profile $m rc $?"; tail -12 $S/profile_bucket_$m.txt
done
echo "profiles at $SECONDS s"
timeout 240 python3 benchmarks/tune_filters.py --skip pair,segment --bucket-shapes --bucket-n 1024,16384 \
    --bucket-m 1048576,4194304 --rates 1e-4 --iters 10 --out $S/tune_bucket.csv > $S/tune_bucket.txt 2>&1
echo "tune rc $? at $SECONDS s"; grep -v "^{" $S/tune_bucket.txt | tail -5
python3 - <<'PY'
import csv
for r in csv.DictReader(open("/tmp/s106/tune_bucket.csv")):
    print(f"{r['op']:<28} {r['config']:<60} {r['time_ms']:>8} {r['tops']:>6} {r['same_hits']}")
PY
tar -C $S -czf $OUT/s106.tgz .
echo "total $SECONDS s"
