# seventeenth session, last call: the GPU tests of the CLI / bench and baselines files after the warm-up change,
# (test_cli in full: with CUDA present it runs the bench on the GPU)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s78; mkdir -p $S
SECONDS=0
timeout 200 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_gpu_baselines.py tests/test_dgemm.py > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -5; echo "at $SECONDS s"
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_cli.py > $S/cli_tests.log 2>&1
tail -1 $S/cli_tests.log; grep -E "^FAILED|^ERROR" $S/cli_tests.log | head -5
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -5; echo "at $SECONDS s"
tar -C $S -czf $OUT/s78.tgz .
