# sixteenth session, last call: the guard at 128x64 x 4 warps, 2 programs per SM (s71): the dgemm file's tests on
# the GPU, the guard tests of the Ozaki-II file, and `int8tc bench 4096,8192 7 5 --accuracy fp64` (16 moduli).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s72; mkdir -p $S
SECONDS=0
timeout 70 python3 -m pytest -q -p no:cacheprovider tests/test_dgemm.py > $S/tests_dgemm.log 2>&1
tail -1 $S/tests_dgemm.log; grep -E "^FAILED|^ERROR" $S/tests_dgemm.log | head -5; echo "at $SECONDS s"
timeout 120 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | sed -E 's/ (size_N|size_K|median_rel_err|gflops)=[^ ]*//g'
tar -C $S -cf $OUT/s72.tar .
