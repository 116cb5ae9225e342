# fifteenth session, last call: the issue tables on the session's final tree, for the record: `int8tc bench
# 4096,8192 2,4,6,8 10` (Ozaki-I against cuBLAS's emulation) and the FP64-accurate mode (`--accuracy fp64
# --moduli 15`: dgemm("fp64") guarded, native DGEMM, cuBLAS's dynamic emulation).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s61; mkdir -p $S
SECONDS=0
timeout 190 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "gemm rc $? at $SECONDS s"; grep -E "ozaki1 |emulated " $S/gemm.txt | grep -v matrix; cp $S/* $OUT/ 2>/dev/null
timeout 190 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 15 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; tail -14 $S/accuracy.txt; cp $S/* $OUT/ 2>/dev/null
