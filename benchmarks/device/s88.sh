# nineteenth session, last call: the sieve's GPU tests (its launches now go through int8tc/_launcher.py; s86's run
# of them was cut by its timeout after 43 passes), the Ozaki-II GPU tests with the measured choice of the scales
# kernel (fused_scales), and issue 6's --accuracy fp64 with it
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s88; mkdir -p $S
SECONDS=0
timeout 60 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_ozaki2_gemm.py tests/test_launcher.py > $S/tests_ozaki2.log 2>&1
tail -1 $S/tests_ozaki2.log; grep -E "^FAILED|^ERROR" $S/tests_ozaki2.log | head -5; echo "at $SECONDS s"
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
timeout 380 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_sieve_filters.py tests/test_pair_search_plan.py > $S/tests_sieve.log 2>&1
tail -1 $S/tests_sieve.log; grep -E "^FAILED|^ERROR" $S/tests_sieve.log | head -5; echo "at $SECONDS s"
tar -C $S -czf $OUT/s88.tgz .
echo "total $SECONDS s"
