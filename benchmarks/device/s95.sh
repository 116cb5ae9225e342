# twentieth session: Ozaki-II's uint8 residue tiles by asynchronous TMA stores too (WsTiles.tma_store now covers
# mode 1) against s91's 16-byte st.global rows ("st.global epilogue"), bit-compared with the Triton modular kernel
# (default K chunk and 1024: the ACCUMULATE path); issue 6's table with it; the Ozaki-II and dgemm GPU tests
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s95; mkdir -p $S
SECONDS=0
timeout 150 python3 benchmarks/tune_ws_gemm.py --sizes 4096,8192 --ops mod --mod-kchunk 1024 \
    --tiles "128x256x128 s4,st.global epilogue,128x256x128 s4" --iters 20 --out $S/mod.csv > $S/mod.txt 2>&1
echo "mod rc $? at $SECONDS s"; grep -E "ws |triton" $S/mod.txt | tail -12
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
(timeout 250 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py > $S/tests_ozaki2.log 2>&1) &
(timeout 250 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_dgemm.py tests/test_ozaki_gemm.py > $S/tests_dgemm.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
tar -C $S -czf $OUT/s95.tgz .
echo "total $SECONDS s"
