# twentieth session: Ozaki-I's INT32 tiles out of the Gluon GEMM by asynchronous TMA stores (WsTiles.tma_store, now
# the default) against the st.global epilogue, bit-compared with the Triton kernels (plain, all diagonals at S = 4
# and 6); then issue 3's table with it, and the Ozaki GPU tests
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s93; mkdir -p $S
SECONDS=0
for s in 4 6; do
  timeout 120 python3 benchmarks/tune_ws_gemm.py --sizes 4096,8192 --ops plain,diag --splits $s \
      --tiles "128x256x128 s4,st.global epilogue" --iters 20 --out $S/tma_store_S$s.csv > $S/tma_store_S$s.txt 2>&1
  echo "tune S=$s rc $? at $SECONDS s"; grep -E "ws |triton" $S/tma_store_S$s.txt | tail -8
done
timeout 200 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "bench rc $? at $SECONDS s"; grep -E "ozaki1 |emulated |fp64_cublas" $S/gemm.txt | grep -v matrix | sed -E 's/ (size_N|size_K|gflops|max_abs_err)=[^ ]*//g'
(timeout 220 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki_gemm.py tests/test_launcher.py > $S/tests_ozaki1.log 2>&1) &
(timeout 220 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py > $S/tests_ozaki2.log 2>&1) &
(timeout 220 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_dgemm.py tests/test_gpu_baselines.py > $S/tests_dgemm.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
tar -C $S -czf $OUT/s93.tgz .
echo "total $SECONDS s"
