# planned first call of the fifth session (written at the end of the fourth, device time spent):
# the GPU suite, then the filters' exact row-max pre-test and v4 record stores (NOTES 37, not yet
# timed): plain vs TMA pair search at 1e-4 / 1e-6, TMA bucketing, the unfused baseline.
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/next.sh   (carry .whl)
source benchmarks/device/setup.sh || exit 1
timeout 200 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests 2>&1 | tee $OUT/gpu_tests.log | tail -3
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 65536,131072 --rates 1e-4,1e-6 --bucket-m 1048576 --bucket-n 16384 --sweep --unfused --iters 3 --out $OUT/filters_precheck.csv 2>&1 | grep -v "^\[int8tc\]" | tail -24
