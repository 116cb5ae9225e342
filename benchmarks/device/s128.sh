# twenty-seventh session, second call: the three-launch norm sort (9a23412) against the previous six-launch one
# (ee555e9's src, copied to ab_old/ for this call only), alternated in separate processes: plans and calls at
# 16384 / 65536, exact and bound; then per-kernel times of a plan replay under torch.profiler for both
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=9a23412cf305
S=$OUT/s128; mkdir -p $S
SECONDS=0
for r in 1 2; do
  for t in new old; do
    if [ $t = new ]; then P=$PWD/src; else P=$PWD/ab_old/src; fi
    PYTHONPATH=$P timeout 120 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536 --norm-bound 1 \
      --plan --rates 1e-4 --iters 10 --out $S/tune_${t}_$r.csv > $S/tune_${t}_$r.txt 2>&1
    echo "== $t $r rc $? at $SECONDS s"; grep -E "^ *pair_search" $S/tune_${t}_$r.txt | grep -v order-sort | awk '{print $1, $2, $NF-0, $(NF-2), $(NF-1)}' | head -8
  done
done
for t in new old; do
  if [ $t = new ]; then P=$PWD/src; else P=$PWD/ab_old/src; fi
  for m in 16384 65536; do
    PYTHONPATH=$P timeout 60 python3 benchmarks/profile_filters.py --op pair --m $m --rate 1e-4 --plan --kernels \
      --norm-bound 1 > $S/prof_${t}_$m.txt 2>&1
    echo "== profile $t $m rc $? at $SECONDS s"; cut -c1-110 $S/prof_${t}_$m.txt | tail -14
  done
done
