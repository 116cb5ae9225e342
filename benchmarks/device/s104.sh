# twenty-second session, fifth call: norm_bound's counting sort into norm bins (norm_order="bins", the new default)
# against torch.sort ("sort") and the exact test, same process and data; the filter GPU tests of the changed
# paths; bench-filters' pair rows at K = 128 with the roof
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s104; mkdir -p $S
SECONDS=0
timeout 150 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536,131072 --rates 1e-4,1e-6 --iters 10 \
    --norm-bound 1,1073741824 --plan --out $S/tune_bins.csv > $S/tune_bins.txt 2>&1
echo "tune rc $? at $SECONDS s"
python3 - $S/tune_bins.csv <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    c = r['config']; b = c.split('bound')[1].split()[0] if 'bound' in c else '0'
    print(f"{r['op']:36s} bound {b:>10s} {'sort' if 'order-sort' in c else 'bins':4s} {r['time_ms']:>8s} ms {r['tops']:>5s} TOPS hits {r['hits']} same {r['same_hits']}")
PY
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_pair_search_plan.py > $S/tests_plan.log 2>&1) &
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "bound" > $S/tests_bound.log 2>&1) &
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "random_shapes or gpu_default_tiles or norm_bound" > $S/tests_default.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
echo "tests at $SECONDS s"
timeout 120 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --bucket-m 1048576 --bucket-n 1024 \
    --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -iE "roof|pair_search|bucket" $S/filters_k128.txt | grep -v "{" | cut -c1-190 | tail -16
tar -C $S -czf $OUT/s104.tgz .
echo "total $SECONDS s"
