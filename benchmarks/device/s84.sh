# eighteenth session, first call: the GPU tests not run since their last change (the dev-fixture CUDA variants of the
# Ozaki files, the CuPy DLPack test, the dgemm/streams GPU tests after the DeferredB refactor), a kernel timeline of
# the 4096^3 one-shot calls (where the idle gaps are), and the Gluon ping-pong control of the pair search (s83's)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s84; mkdir -p $S
SECONDS=0
timeout 260 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py tests/test_ozaki_gemm.py tests/test_dlpack.py > $S/tests_full.log 2>&1
tail -1 $S/tests_full.log; grep -E "^FAILED|^ERROR" $S/tests_full.log | head -8; echo "at $SECONDS s"
timeout 90 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_dgemm.py tests/test_cli.py > $S/tests_gpu.log 2>&1
tail -1 $S/tests_gpu.log; grep -E "^FAILED|^ERROR" $S/tests_gpu.log | head -8; echo "at $SECONDS s"
timeout 60 python3 benchmarks/profile_dgemm.py --sizes 4096 --splits 2 --reps 2 > $S/profile.txt 2>&1
echo "profile rc $? at $SECONDS s"; grep -iE "span|==" $S/profile.txt | head -12
(cd benchmarks && timeout 100 python3 filter_roofs_ws.py --m 131072 > $S/ws_131072.txt 2>&1); echo "ws rc $? at $SECONDS s"; tail -8 $S/ws_131072.txt
tar -C $S -czf $OUT/s84.tgz .
echo "total $SECONDS s"
