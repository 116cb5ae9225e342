# seventeenth session: the Gluon warp-specialised products wired into Ozaki-I (Config.ws) and Ozaki-II
# (OzakiIIGemm.ws): GPU tests, then issue 3's table and issue 6's --accuracy fp64 run
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s75; mkdir -p $S
SECONDS=0
timeout 240 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_ozaki_gemm.py tests/test_ozaki2_gemm.py > $S/gpu_tests_ozaki.log 2>&1
tail -1 $S/gpu_tests_ozaki.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_ozaki.log | head -5; echo "at $SECONDS s"
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_dgemm.py > $S/tests_dgemm.log 2>&1
tail -1 $S/tests_dgemm.log; grep -E "^FAILED|^ERROR" $S/tests_dgemm.log | head -5; echo "at $SECONDS s"
timeout 200 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "bench rc $? at $SECONDS s"; grep -E "ozaki1 |emulated " $S/gemm.txt | grep -v matrix
timeout 120 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
tar -C $S -czf $OUT/s75.tgz .
