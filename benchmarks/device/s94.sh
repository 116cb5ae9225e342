# twentieth session, last call: issue 3's table twice (the spread between two runs), issue 6's --accuracy fp64 table,
# and the filters at K = 128 against the roof (the Gluon GEMM's INT32 tiles now leave by TMA stores)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s94; mkdir -p $S
SECONDS=0
for r in 1 2; do
  timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm_$r.csv > $S/gemm_$r.txt 2>&1
  echo "bench $r rc $? at $SECONDS s"; grep -E "ozaki1 |emulated |fp64_cublas" $S/gemm_$r.txt | grep -v matrix | sed -E 's/ (size_N|size_K|gflops|max_abs_err)=[^ ]*//g'
  if [ $r = 1 ]; then
    timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
    echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
  fi
done
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4 --out $S/filters.csv > $S/filters.txt 2>&1
echo "filters rc $? at $SECONDS s"; tail -22 $S/filters.txt
tar -C $S -czf $OUT/s94.tgz .
echo "total $SECONDS s"
