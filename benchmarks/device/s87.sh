# nineteenth session, second call: the Ozaki-II row-owning scales kernel (one launch per operand instead of three
# plus two fills) and the direct launches: the Ozaki-II file in full (its CUDA variants of the CPU tests included),
# the launcher and dgemm GPU tests; the scales kernel against the chunked ones (tune_row_scales.py); then issue 3's
# table and issue 6's --accuracy fp64 run
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s87; mkdir -p $S
SECONDS=0
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py tests/test_launcher.py > $S/tests_ozaki2.log 2>&1
tail -1 $S/tests_ozaki2.log; grep -E "^FAILED|^ERROR" $S/tests_ozaki2.log | head -5; echo "at $SECONDS s"
timeout 100 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_dgemm.py > $S/tests_dgemm.log 2>&1
tail -1 $S/tests_dgemm.log; grep -E "^FAILED|^ERROR" $S/tests_dgemm.log | head -5; echo "at $SECONDS s"
timeout 60 python3 benchmarks/tune_row_scales.py --out $S/row_scales.csv > $S/row_scales.txt 2>&1
echo "row_scales rc $? at $SECONDS s"; grep -v "^{" $S/row_scales.txt | tail -30
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "bench rc $? at $SECONDS s"; grep -E "ozaki1 |emulated |fp64_cublas" $S/gemm.txt | grep -v matrix
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
tar -C $S -czf $OUT/s87.tgz .
echo "total $SECONDS s"
