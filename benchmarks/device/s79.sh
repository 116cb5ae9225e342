# seventeenth session: B's passes of one-shot calls on a side stream (int8tc/_streams.py). GPU tests of the Ozaki
# files and dgemm, then old (.br/src = 833d3ae) and new tree alternated: `int8tc bench 4096 2,4 10` and
# `int8tc bench 4096,8192 7 5 --accuracy fp64`; a kernel timeline of the new one-shot calls
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s79; mkdir -p $S
SECONDS=0
timeout 250 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_ozaki_gemm.py tests/test_ozaki2_gemm.py tests/test_dgemm.py > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -5; echo "at $SECONDS s"
for rep in 1 2; do
    for tree in old new; do
        src=$PWD/src; [ $tree = old ] && src=$PWD/.br/src
        PYTHONPATH=/tmp/site:$src timeout 60 python3 -m int8tc.cli bench 4096 2,4 10 --out $S/gemm_${tree}_$rep.csv > $S/gemm_${tree}_$rep.txt 2>&1
        echo "== gemm $tree $rep"; grep -E "ozaki1 |emulated " $S/gemm_${tree}_$rep.txt | grep -v matrix
        PYTHONPATH=/tmp/site:$src timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/acc_${tree}_$rep.csv > $S/acc_${tree}_$rep.txt 2>&1
        echo "== acc $tree $rep"; grep -E "method=" $S/acc_${tree}_$rep.txt | grep -E "dgemm|fp64_cublas" | sed -E 's/ (size_N|size_K|gflops|median_rel_err|l2_rel_err|choice|max_rel_err|max_rel_vs_fp64)=[^ ]*//g'
    done
done
echo "at $SECONDS s"
timeout 100 python3 benchmarks/profile_dgemm.py --sizes 4096 --splits 2 --reps 2 > $S/profile.txt 2>&1
grep -v "Warning\|warn_once" $S/profile.txt | head -40
tar -C $S -czf $OUT/s79.tgz .
echo "total $SECONDS s"
