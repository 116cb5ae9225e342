# twenty-second session, third call: the filter GPU tests after s101's two test fixes (norm_bound no longer
# refused without tile_masks; the Gram test's goal sampled off the diagonal), issue 6's and issue 3's tables once more
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s102; mkdir -p $S
SECONDS=0
(timeout 260 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu_tma_pair_search or gpu_balanced" > $S/tests_a.log 2>&1) &
(timeout 260 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "random_shapes or gpu_default_tiles or tile_masks_all or norm_bound or bad_input or config_rejects" > $S/tests_b.log 2>&1) &
(timeout 260 python3 -m pytest -q -p no:cacheprovider tests/test_pair_search_plan.py > $S/tests_plan.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
echo "tests at $SECONDS s"
timeout 120 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "bench rc $? at $SECONDS s"; grep -E "ozaki1 |emulated |fp64_cublas" $S/gemm.txt | grep -v matrix | sed -E 's/ (size_N|size_K|gflops|max_abs_err)=[^ ]*//g'
tar -C $S -czf $OUT/s102.tgz .
echo "total $SECONDS s"
