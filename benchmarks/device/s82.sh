# seventeenth session, last call: the Ozaki-II and dgemm GPU tests after the kernel's new arguments (mode 2), then
# issue 3's table and issue 6's --accuracy fp64 with each method's median of 5 windows
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s82; mkdir -p $S
SECONDS=0
timeout 130 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_ozaki2_gemm.py tests/test_dgemm.py > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -5; echo "at $SECONDS s"
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "bench rc $? at $SECONDS s"; grep -E "ozaki1 |emulated |fp64_cublas" $S/gemm.txt | grep -v matrix
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
tar -C $S -czf $OUT/s82.tgz .
echo "total $SECONDS s"
