# twenty-third session, second call: the item kernel's products as dp4a (FilterConfig.item_dp4a) and bucketing
# with several row panels per program (balanced > 0, at most 32 centre tiles): GPU tests of the changed paths,
# per-kernel times, the bucket sweep (1024 / 4096 / 16384 centres) and the pair search's items dp4a vs bytes
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s107; mkdir -p $S
SECONDS=0
(timeout 250 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu and (bucket or masks)" > $S/tests_gpu_bucket.log 2>&1) &
(timeout 250 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "(not gpu) and (masks or default)" > $S/tests_masks.log 2>&1) &
(timeout 250 python3 -m pytest -q -p no:cacheprovider tests/test_pair_search_plan.py tests/test_sieve_filters.py -k "plan or norm_bound_default or segment_pair_search_default" > $S/tests_plan.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
echo "tests at $SECONDS s"
for m in 1048576; do
  timeout 60 python3 benchmarks/profile_filters.py --op bucket --m $m --centres 1024 --rate 1e-4 --kernels \
      > $S/profile_bucket_$m.txt 2>&1; echo "profile $m rc $?"; grep -E "ms each|Gpairs" $S/profile_bucket_$m.txt | head -4
done
timeout 200 python3 benchmarks/tune_filters.py --skip pair,segment --bucket-shapes --bucket-n 1024,4096,16384 \
    --bucket-m 1048576,4194304 --rates 1e-4 --iters 10 --out $S/tune_bucket.csv > $S/tune_bucket.txt 2>&1
echo "tune bucket rc $? at $SECONDS s"; grep -v "^{" $S/tune_bucket.txt | tail -3
timeout 150 python3 benchmarks/tune_filters.py --skip segment,bucket --item-dp4a --m 16384,65536,131072 --plan \
    --rates 1e-4 --iters 10 --out $S/tune_items.csv > $S/tune_items.txt 2>&1
echo "tune items rc $? at $SECONDS s"; grep -v "^{" $S/tune_items.txt | tail -3
python3 - <<'PY'
import csv
for f in ("tune_bucket", "tune_items"):
    for r in csv.DictReader(open(f"/tmp/s107/{f}.csv")):
        print(f"{r['op']:<34} {r['config'][:84]:<84} {r['time_ms']:>8} {r['tops']:>5} {r['same_hits']}")
PY
tar -C $S -czf $OUT/s107.tgz .
echo "total $SECONDS s"
