# twenty-second session, first call: norm_bound (columns sorted by half norm, the group max/min bound in the
# hot loop; NOTES 72) against the default pair search and bucketing, same process and data, hit counts
# compared; then the GPU tests of the changed paths (the plan file in full, the filters' bound fixtures)
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s100; mkdir -p $S
SECONDS=0
timeout 260 python3 benchmarks/tune_filters.py --skip segment --m 16384,65536,131072 --rates 1e-4,1e-6 --iters 10 \
    --norm-bound 1 --plan --out $S/tune_bound.csv > $S/tune_bound.txt 2>&1
echo "tune rc $? at $SECONDS s"
python3 - $S/tune_bound.csv <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(f"{r['op']:34s} {'bound' if 'bound' in r['config'] else 'exact':5s} {r['time_ms']:>8s} ms {r['tops']:>5s} TOPS hits {r['hits']} same {r['same_hits']}")
PY
(timeout 300 python3 -m pytest -q -p no:cacheprovider tests/test_pair_search_plan.py > $S/tests_plan.log 2>&1) &
(timeout 300 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "bound and pair_search" > $S/tests_bound_pair.log 2>&1) &
(timeout 300 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "bound and not pair_search" > $S/tests_bound_other.log 2>&1) &
(timeout 300 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "random_shapes or gpu_default_tiles or tile_masks_all" > $S/tests_default.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
tar -C $S -czf $OUT/s100.tgz .
echo "total $SECONDS s"
