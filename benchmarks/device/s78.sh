# seventeenth session, last call: the GPU tests of the CLI / bench and baselines files after the warm-up change,
# and the sm_90a compile test on the device
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s78; mkdir -p $S
SECONDS=0
timeout 300 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_cli.py tests/test_gpu_baselines.py tests/test_dgemm.py tests/test_compile_sm90.py > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -5; echo "at $SECONDS s"
tar -C $S -czf $OUT/s78.tgz .
