# sixteenth session, first call. (1) dgemm("fp64")'s guard enqueued before the products and waited on by an
# event (OzakiIIGemm.guarded): the dgemm and Ozaki-II GPU tests, then `int8tc bench --accuracy fp64` alternating
# the tree before the change (.br/src) and HEAD, twice. (2) Ozaki-I A split: whole rows of 8192 at 16 / 32 warps
# (tune_split_blocks). (3) `int8tc bench 4096 2 20` three more times (the 4096^3 S = 2 ratio's spread).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s65; mkdir -p $S
SECONDS=0
timeout 200 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_dgemm.py tests/test_ozaki2_gemm.py > $S/gpu_tests_oz2.log 2>&1
tail -1 $S/gpu_tests_oz2.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_oz2.log | head -5; echo "tests took $SECONDS s"
cp $S/* $OUT/ 2>/dev/null
timeout 90 python3 benchmarks/tune_split_blocks.py --sizes 4096,8192 --splits 2,4 --iters 20 --out $S/tune_split_blocks.csv > $S/split.txt 2>&1
tail -30 $S/split.txt; cp $S/* $OUT/ 2>/dev/null
for rep in 1 2 3; do
    timeout 40 python3 -m int8tc.cli bench 4096 2 20 --methods cublas_emulated,int8tc_ozaki1 --out $S/gemm_$rep.csv > $S/gemm_$rep.txt 2>&1
    echo "== bench $rep"; grep -E "ozaki1 |emulated " $S/gemm_$rep.txt | grep -v matrix
done
cp $S/* $OUT/ 2>/dev/null
for rep in 1 2; do
    for tree in old new; do
        src=$PWD/src; [ $tree = old ] && src=$PWD/.br/src
        PYTHONPATH=/tmp/site:$src timeout 100 python3 -m int8tc.cli bench 4096,8192 2 10 --accuracy fp64 \
            --out $S/acc_${tree}_$rep.csv > $S/acc_${tree}_$rep.txt 2>&1
        echo "== $tree $rep"; grep -E "method=" $S/acc_${tree}_$rep.txt | grep -E "dgemm|fp64_cublas" | sed -E 's/ (size_N|size_K|gflops|median_rel_err|l2_rel_err|choice)=[^ ]*//g'
    done
done
cp $S/* $OUT/ 2>/dev/null
echo "total $SECONDS s"
