# nineteenth session, first call: the direct launch path (int8tc/_launcher.py) on the GPU: the GPU tests of every
# file whose launches it now makes, then old (.br/src = 942ede2, kernel[grid] launches) and new tree alternated on
# the host-bound points (`int8tc bench 4096 2,4 10`, `int8tc bench 4096 7 5 --accuracy fp64`), and host_phases
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s86; mkdir -p $S
SECONDS=0
timeout 240 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_launcher.py tests/test_ozaki_gemm.py tests/test_ozaki2_gemm.py tests/test_dgemm.py > $S/gpu_tests_ozaki.log 2>&1
tail -1 $S/gpu_tests_ozaki.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_ozaki.log | head -5; echo "at $SECONDS s"
timeout 150 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_sieve_filters.py tests/test_pair_search_plan.py > $S/gpu_tests_sieve.log 2>&1
tail -1 $S/gpu_tests_sieve.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_sieve.log | head -5; echo "at $SECONDS s"
for rep in 1 2; do
    for tree in old new; do
        src=$PWD/src; [ $tree = old ] && src=$PWD/.br/src
        PYTHONPATH=/tmp/site:$src timeout 60 python3 -m int8tc.cli bench 4096 2,4 10 --out $S/gemm_${tree}_$rep.csv > $S/gemm_${tree}_$rep.txt 2>&1
        echo "== gemm $tree $rep"; grep -E "ozaki1 |emulated " $S/gemm_${tree}_$rep.txt | grep -v matrix
        PYTHONPATH=/tmp/site:$src timeout 60 python3 -m int8tc.cli bench 4096 7 5 --accuracy fp64 --out $S/acc_${tree}_$rep.csv > $S/acc_${tree}_$rep.txt 2>&1
        echo "== acc $tree $rep"; grep -E "method=" $S/acc_${tree}_$rep.txt | grep -E "dgemm|fp64_cublas" | sed -E 's/ (size_N|size_K|gflops|median_rel_err|l2_rel_err|choice|max_rel_err|max_rel_vs_fp64)=[^ ]*//g'
    done
done
echo "at $SECONDS s"
timeout 60 python3 benchmarks/host_phases.py --size 4096 --calls 60 > $S/host_phases.txt 2>&1
echo "host rc $? at $SECONDS s"; grep -E "^prim|^==" $S/host_phases.txt
tar -C $S -czf $OUT/s86.tgz .
echo "total $SECONDS s"
