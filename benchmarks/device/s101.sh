# twenty-second session, second call: norm_bound with the group max/min as linear chains (NOTES 72) and as
# the pair search's default from 2^30 pairs: the A/B again, the sort stage alone, the filter GPU tests, then
# issue 4's bench-filters (K = 128), issue 6's and issue 3's tables
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s101; mkdir -p $S
SECONDS=0
timeout 200 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536,131072 --rates 1e-4,1e-6 --iters 10 \
    --norm-bound 1,1073741824 --plan --out $S/tune_bound.csv > $S/tune_bound.txt 2>&1
echo "tune rc $? at $SECONDS s"
python3 - $S/tune_bound.csv <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    b = r['config'].split('bound')[1] if 'bound' in r['config'] else '0'
    print(f"{r['op']:36s} bound {b:>10s} {r['time_ms']:>8s} ms {r['tops']:>5s} TOPS hits {r['hits']} same {r['same_hits']}")
PY
python3 - <<'PY'
import torch
from int8tc.bench.common import time_cuda
from int8tc.sieve import half_norms
from int8tc.sieve.ops import sort_by_norm
for m in (16384, 65536, 131072):
    x = torch.randint(-64, 64, (m, 128), dtype=torch.int8, device="cuda"); h = half_norms(x)
    hs, perm = torch.sort(h)
    print(f"m {m}: sort_by_norm {time_cuda(lambda: sort_by_norm(x, h, 128), 20, warmup=3)*1e3:.1f} us, torch.sort "
          f"{time_cuda(lambda: torch.sort(h), 20, warmup=3)*1e3:.1f} us, gather {time_cuda(lambda: x.index_select(0, perm), 20, warmup=3)*1e3:.1f} us")
PY
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_pair_search_plan.py > $S/tests_plan.log 2>&1) &
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "bound and pair_search" > $S/tests_bound_pair.log 2>&1) &
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "bound and not pair_search" > $S/tests_bound_other.log 2>&1) &
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "random_shapes or gpu_default_tiles or tile_masks_all or gpu_tma_pair_search or gpu_balanced" > $S/tests_default.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
echo "tests at $SECONDS s"
timeout 150 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -iE "roof|pair_search|bucket" $S/filters_k128.txt | cut -c1-220 | tail -24
timeout 120 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "bench rc $? at $SECONDS s"; grep -E "ozaki1 |emulated |fp64_cublas" $S/gemm.txt | grep -v matrix | sed -E 's/ (size_N|size_K|gflops|max_abs_err)=[^ ]*//g'
tar -C $S -czf $OUT/s101.tgz .
echo "total $SECONDS s"
