# twentieth session, after the review refactor of the Gluon epilogue (_stage_pair; same PTX instructions): the
# Ozaki-I/II GPU tests with their dev-fixture CUDA variants, and the GEMM bit-compared and timed at 4096^3
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s97; mkdir -p $S
SECONDS=0
timeout 100 python3 benchmarks/tune_ws_gemm.py --sizes 4096 --ops plain,diag,mod --splits 6 --tiles "128x256x128 s4" \
    --iters 20 --out $S/ws_gemm.csv > $S/ws_gemm.txt 2>&1
echo "tune rc $? at $SECONDS s"; grep -E "ws |triton" $S/ws_gemm.txt | tail -6
(timeout 220 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki_gemm.py > $S/tests_ozaki1.log 2>&1) &
(timeout 220 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py > $S/tests_ozaki2.log 2>&1) &
(timeout 220 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_dgemm.py > $S/tests_dgemm.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
tar -C $S -czf $OUT/s97.tgz .
echo "total $SECONDS s"
