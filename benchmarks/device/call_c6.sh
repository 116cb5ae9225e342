# sixth session, third call (one H200): the GPU sieve tests, then dimension 120 seed 0 (setsid), waited
# for up to ~8 minutes in this same call. Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/call_c6.sh
source benchmarks/device/setup.sh > /dev/null || exit 1
timeout 100 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests/test_sieve_lattice.py -k "gpu or row_chunks" > $OUT/gpu_sieve_tests.log 2>&1
rc=$?; tail -2 $OUT/gpu_sieve_tests.log; grep -E "^FAILED|^ERROR" $OUT/gpu_sieve_tests.log | head
[ $rc = 0 ] || exit 1
bash benchmarks/device/long_sieve.sh start 120 0 0
bash benchmarks/device/long_sieve.sh wait 480
