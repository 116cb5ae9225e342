# sixth session, second call (one H200; the two-GPU kind was not lent): the sieve's GPU tests, then
# dimension 120 seed 0 starts (setsid, runs on after this command) if they pass. Later calls:
#   bash benchmarks/device/long_sieve.sh wait SECONDS
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/call_b6.sh   (carry .whl)
source benchmarks/device/setup.sh > /dev/null || exit 1
timeout 150 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests/test_sieve_filters.py tests/test_sieve_lattice.py > $OUT/gpu_sieve_tests.log 2>&1
rc=$?; tail -2 $OUT/gpu_sieve_tests.log; grep -E "^FAILED|^ERROR" $OUT/gpu_sieve_tests.log | head
[ $rc = 0 ] || exit 1
bash benchmarks/device/long_sieve.sh start 120 0 0
sleep 30; tail -2 /tmp/long/*/progress.txt
