# sixteenth session, last call: dgemm("fp64") at 16 moduli (58 bits). The dgemm file's tests in full on the device
# (its CPU test at K = 2^20 failed there at 15 moduli against that machine's CPU BLAS), accuracy_large_k.py, and the
# issue-6 table with Ozaki-II at 15 and 16 moduli side by side.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s69; mkdir -p $S
SECONDS=0
timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_dgemm.py > $S/tests_dgemm.log 2>&1
tail -1 $S/tests_dgemm.log; grep -E "^FAILED|^ERROR" $S/tests_dgemm.log | head -5
timeout 120 python3 benchmarks/accuracy_large_k.py --ks 8192,65536,262144,1048576 --moduli 16 --out $S/accuracy_large_k.csv > $S/large_k.txt 2>&1
grep -E "dgemm_fp64|cublas  " $S/large_k.txt
tar -C $S -cf $OUT/s69.tar .
timeout 200 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 15,16 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | sed -E 's/ (size_N|size_K|median_rel_err|gflops)=[^ ]*//g'
tar -C $S -cf $OUT/s69.tar .
