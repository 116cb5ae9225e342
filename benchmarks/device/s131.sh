# twenty-seventh session, fifth call: tile_items_kernel's tile found by a compare over the offsets in registers
# (commit 22155fb361b1) against the binary search (490191354bbf's src, copied to ab_old/ for this call only): GPU tests
# of every bucket path in two shards, then bench-filters on bucketing at K = 128 alternated new / old / new / old
# in separate processes, and the per-kernel times at 2^20 x 1024, 1e-4
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=22155fb361b1
S=$OUT/s131; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
PYTHONPATH=$PWD/src timeout 200 $T tests/test_sieve_filters.py -k "gpu and bucket and not few" > $S/tests1.log 2>&1 &
PYTHONPATH=$PWD/src timeout 200 $T tests/test_sieve_filters.py tests/test_bucket_plan.py -k "(gpu and bucket and few) or tile_search or plan" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
for r in 1 2; do
  for t in new old; do
    if [ $t = new ]; then P=$PWD/src; else P=$PWD/ab_old/src; fi
    PYTHONPATH=$P timeout 90 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --pair-m "" \
      --bucket-m 1048576,4194304 --bucket-n 1024,16384 --out $S/bucket_${t}_$r.csv > $S/bucket_${t}_$r.txt 2>&1
    echo "== $t $r rc $? at $SECONDS s"; grep -E "^ +(roof: gluon|bucket_plan)" $S/bucket_${t}_$r.txt | cut -c1-160
  done
done
for t in new old; do
  if [ $t = new ]; then P=$PWD/src; else P=$PWD/ab_old/src; fi
  PYTHONPATH=$P timeout 60 python3 benchmarks/profile_filters.py --op bucket --m 1048576 --centres 1024 --rate 1e-4 \
    --kernels > $S/prof_$t.txt 2>&1
  echo "== profile $t rc $? at $SECONDS s"; grep -E "kernel|ms" $S/prof_$t.txt | cut -c1-110 | head -8
done
