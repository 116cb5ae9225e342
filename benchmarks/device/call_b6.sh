# sixth session, second call (nvidia-h200-x2): dimension 120 seed 0 starts at once on GPU 1 (setsid,
# runs on after this command); GPU 0 runs the sieve's GPU tests and dimension 100 (3 seeds), then
# starts dimension 120 seed 1. Later calls: bash benchmarks/device/long_sieve.sh wait SECONDS
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/call_b6.sh   (carry .whl)
source benchmarks/device/setup.sh > /dev/null || exit 1
bash benchmarks/device/long_sieve.sh start 120 0 1
export CUDA_VISIBLE_DEVICES=0
timeout 150 python3 -m pytest -q -n 6 -p no:cacheprovider -p no:benchmark tests/test_sieve_filters.py tests/test_sieve_lattice.py > $OUT/gpu_sieve_tests.log 2>&1; tail -2 $OUT/gpu_sieve_tests.log; grep -E "^FAILED|^ERROR" $OUT/gpu_sieve_tests.log | head
timeout 120 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 38 --extra=--profile --out /tmp/p100 > $OUT/sieve100.log 2>&1; cp /tmp/p100/summary.csv $OUT/sieve100_profile.csv
grep "^{" $OUT/sieve100.log | cut -c1-700
bash benchmarks/device/long_sieve.sh start 120 1 0
sleep 5; tail -2 /tmp/long/*/progress.txt
