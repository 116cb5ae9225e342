# seventeenth session: issue 3's table with the warp-specialised products and each method's 30 ms warm-up, the
# pruning curve, issue 6's --accuracy fp64 run, and two more 4096^3 S = 2 tables (spread)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s77; mkdir -p $S
SECONDS=0
timeout 240 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "bench rc $? at $SECONDS s"; grep -E "ozaki1 |emulated " $S/gemm.txt | grep -v matrix
timeout 120 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
timeout 90 python3 -m int8tc.cli bench-curve 8192 6 --out $S/curve.csv > $S/curve.txt 2>&1
echo "curve rc $? at $SECONDS s"; tail -9 $S/curve.txt
for rep in 1 2; do
    timeout 60 python3 -m int8tc.cli bench 4096 2 10 --out $S/gemm_s2_$rep.csv > $S/gemm_s2_$rep.txt 2>&1
    echo "== S=2 rep $rep"; grep -E "ozaki1 |emulated " $S/gemm_s2_$rep.txt | grep -v matrix
done
tar -C $S -czf $OUT/s77.tgz .
echo "total $SECONDS s"
