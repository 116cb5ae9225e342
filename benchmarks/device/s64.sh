# fifteenth session, last device minutes: the "once" split at 16 warps as the default (s63: A at 4096^2 0.077 against
# 0.092 ms, bit-equal): the Ozaki-I GPU tests, then `int8tc bench 4096 2,8 20` (ours against cuBLAS's emulation).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s64; mkdir -p $S
SECONDS=0
timeout 150 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_ozaki_gemm.py > $S/gpu_tests_ozaki.log 2>&1
tail -1 $S/gpu_tests_ozaki.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_ozaki.log | head -5; echo "tests took $SECONDS s"
cp $S/* $OUT/ 2>/dev/null
timeout 40 python3 -m int8tc.cli bench 4096 2,8 20 --methods cublas_emulated,int8tc_ozaki1 --out $S/gemm.csv > $S/gemm.txt 2>&1
grep -E "ozaki1 |emulated " $S/gemm.txt | grep -v matrix; cp $S/* $OUT/ 2>/dev/null
