# thirteenth session, third call: where a PairSearchPlan call's GPU time goes at M = 16384 (s36: 0.087-0.092
# ms per call = 30-34% of the roof, against ~0.05 ms for the search kernel's tiles at its large-M rate):
# per-kernel times and a Chrome trace of 3 replays, 32/16/8 tiles per program; the same at 65536
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s37; mkdir -p $S
for t in 32 16 8; do
  for m in 16384 65536; do
    echo "== plan M=$m t$t"
    timeout 60 python3 benchmarks/profile_filters.py --op pair --m $m --rate 1e-4 --plan --tiles-per-program $t --kernels \
        --trace $S/trace_${m}_t$t.json 2>&1 | grep -E "Gpairs|ms each" | head -6
  done
done
echo "== eager M=16384 t32"
timeout 60 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate 1e-4 --kernels --trace $S/trace_16384_eager.json 2>&1 | grep -E "Gpairs|ms each" | head -8
gzip $S/*.json; cp $S/* $OUT/ 2>/dev/null
