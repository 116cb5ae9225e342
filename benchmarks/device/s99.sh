# twenty-first session, second call: the fused split with its per-K tile (fused_split_tile): the Ozaki-II GPU
# tests, then where a one-shot call's host time goes now, issue 6's and issue 3's tables, the one-shot A/B
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s99; mkdir -p $S
SECONDS=0
(timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py > $S/tests_ozaki2.log 2>&1) &
(timeout 200 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_dgemm.py > $S/tests_dgemm.log 2>&1) &
(cd benchmarks && timeout 100 python3 host_phases.py --size 4096 --calls 100 --top 45 > $S/host_phases.txt 2>&1)
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
grep -E "^prim|^==" $S/host_phases.txt
echo "tests + host at $SECONDS s"
timeout 120 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "bench rc $? at $SECONDS s"; grep -E "ozaki1 |emulated |fp64_cublas" $S/gemm.txt | grep -v matrix | sed -E 's/ (size_N|size_K|gflops|max_abs_err)=[^ ]*//g'
timeout 100 python3 benchmarks/ab_oneshot.py --sizes 4096,8192 --splits 2 --rounds 2 --out $S/ab.csv > $S/ab.txt 2>&1
echo "ab rc $? at $SECONDS s"; grep -v "^{" $S/ab.txt | tail -16
tar -C $S -czf $OUT/s99.tgz .
echo "total $SECONDS s"
