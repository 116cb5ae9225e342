# ninth session, last call (nvidia-h200-x2; carry .whl). GPU 0: bench-filters at K = 64 and 192 with the
# committed defaults (K = 128 ran in s14). GPU 1: the tma-defer crash of the sieve at dimension 120 (context
# ~100, old and new code alike): the segmented search alone at that scale (x beyond 2^31 bytes) and below it.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s16; mkdir -p $S/filters $S/crash
(CUDA_VISIBLE_DEVICES=0 timeout 300 python3 -m int8tc.cli bench-filters --ks 64,192 --pair-m 131072 --segments 4096 \
    --bucket-m 1048576 --bucket-n 16384 --rates 1e-2,3e-4,1e-4,1e-6 --iters 3 --unfused \
    --out $S/filters/filters.csv > $S/filters/log.txt 2>&1) &
(export CUDA_VISIBLE_DEVICES=1
 for a in "3000 4300 3e-4" "5000 4300 3e-4" "5000 4300 1e-3" "5000 4300 3e-3"; do set -- $a
   echo "== segments $1 size $2 rate $3"; timeout 90 python3 benchmarks/profile_filters.py --op segment --segments $1 --size $2 --rate $3 2>&1 | tail -2
 done > $S/crash/log.txt 2>&1) &
wait
cat $S/crash/log.txt | cut -c1-200
grep -c "'op'" $S/filters/log.txt; tail -3 $S/filters/log.txt | cut -c1-200
tar czf $OUT/s16.tgz -C $S .
