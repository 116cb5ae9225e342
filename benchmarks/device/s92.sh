# twentieth session: Ozaki-II with the coalesced mode-1 epilogue (commit after s91): its GPU tests (the Ozaki-II file
# with its dev-fixture CUDA variants, dgemm's), issue 6's --accuracy fp64 table, and the one-shot calls' kernels
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s92; mkdir -p $S
SECONDS=0
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | grep -E "dgemm|fp64_cublas|dynamic" | sed -E 's/ (size_N|size_K|median_rel_err|gflops|l2_rel_err|choice)=[^ ]*//g'
timeout 100 python3 benchmarks/profile_dgemm.py --sizes 4096,8192 --reps 2 > $S/profile.txt 2>&1
echo "profile rc $? at $SECONDS s"; grep -E "^== |span |ws_int8|crt_kernel" $S/profile.txt
(timeout 250 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py > $S/tests_ozaki2.log 2>&1) &
(timeout 250 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_dgemm.py tests/test_launcher.py > $S/tests_dgemm.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
tar -C $S -czf $OUT/s92.tgz .
echo "total $SECONDS s"
