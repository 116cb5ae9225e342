# twentieth session: the spread of issue 6's 8192^3 point (three --accuracy fp64 runs in a row) and issue 3's
# 4096^3 row once more, with every Gluon output tile leaving by TMA stores (commit after s95)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s96; mkdir -p $S
SECONDS=0
for r in 1 2 3; do
  timeout 60 python3 -m int8tc.cli bench 8192 7 5 --accuracy fp64 --out $S/accuracy_$r.csv > $S/accuracy_$r.txt 2>&1
  echo "accuracy $r rc $? at $SECONDS s"; grep -E "method=" $S/accuracy_$r.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice|max_rel_err|max_rel_vs_fp64)=[^ ]*//g'
done
timeout 80 python3 -m int8tc.cli bench 4096 2,4,6,8 10 --out $S/gemm_4096.csv > $S/gemm_4096.txt 2>&1
echo "bench rc $? at $SECONDS s"; grep -E "ozaki1 |emulated |fp64_cublas" $S/gemm_4096.txt | grep -v matrix | sed -E 's/ (size_N|size_K|gflops|max_abs_err)=[^ ]*//g'
tar -C $S -czf $OUT/s96.tgz .
echo "total $SECONDS s"
