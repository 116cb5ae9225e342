# twenty-third session, third call: where the bucket kernel's time goes with 1024 centres (ncu against 16384), the
# item kernel's, and a sweep of register caps, column groups and the item grid (s107: dp4a items and several
# panels per program both measured slower)
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
S=/tmp/s108; mkdir -p $S/ncu
SECONDS=0
NCU="ncu --clock-control none --launch-skip 2 --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section SchedulerStats --section WarpStateStats --section Occupancy --section LaunchStats"
for n in 1024 16384; do
  timeout 90 $NCU -k regex:bucket_tma -o $S/ncu/bucket_$n python3 benchmarks/profile_filters.py --op bucket --m 1048576 \
      --centres $n --rate 1e-4 > $S/ncu/bucket_$n.log 2>&1
  ncu -i $S/ncu/bucket_$n.ncu-rep --print-details all > $S/ncu/bucket_$n.txt 2>&1
  echo "== bucket $n"; grep -E "^    (Duration|Compute \(SM\) Throughput|Memory Throughput|L1/TEX Cache Throughput|L2 Cache Throughput|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit|Issued Warp|Eligible Warps|Active Warps|No Eligible|Warp Cycles Per Issued|Executed Ipc A)" $S/ncu/bucket_$n.txt | head -24
  grep -iE "stall|est\. speedup" $S/ncu/bucket_$n.txt | head -8 | cut -c1-230
done
timeout 90 $NCU -k regex:mask_items -o $S/ncu/items_1024 python3 benchmarks/profile_filters.py --op bucket --m 1048576 \
    --centres 1024 --rate 1e-4 > $S/ncu/items_1024.log 2>&1
ncu -i $S/ncu/items_1024.ncu-rep --print-details all > $S/ncu/items_1024.txt 2>&1
echo "== items 1024"; grep -E "^    (Duration|Compute \(SM\) Throughput|Memory Throughput|L1/TEX Cache Throughput|L2 Cache Throughput|DRAM Throughput|Achieved Occupancy|Issued Warp|No Eligible|Warp Cycles Per Issued)" $S/ncu/items_1024.txt | head -12
grep -iE "stall|est\. speedup" $S/ncu/items_1024.txt | head -6 | cut -c1-230
echo "ncu at $SECONDS s"
timeout 150 python3 benchmarks/tune_filters.py --skip pair,segment --bucket-shapes --bucket-n 1024,4096 \
    --bucket-m 1048576,4194304 --rates 1e-4 --iters 10 --out $S/tune_bucket.csv > $S/tune_bucket.txt 2>&1
echo "tune bucket rc $? at $SECONDS s"; grep -v "^{" $S/tune_bucket.txt | tail -3
python3 - <<'PY'
import csv
for r in csv.DictReader(open("/tmp/s108/tune_bucket.csv")):
    print(f"{r['op']:<30} {r['config'][:84]:<84} {r['time_ms']:>8} {r['tops']:>5} {r['same_hits']}")
PY
rm -f $S/ncu/*.ncu-rep
tar -C $S -czf $OUT/s108.tgz .
echo "total $SECONDS s"
