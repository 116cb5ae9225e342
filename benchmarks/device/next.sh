# planned first call of the fifth session (written at the end of the fourth, device time spent):
# the GPU suite, then what NOTES 37-38 predict and nothing has timed yet: the conversion-free
# Ozaki-II split / modular epilogue / CRT (phases, then the FP64-accurate comparison), and the
# filters' exact row-max pre-test and TMA h_j loads (plain vs TMA pair search, TMA bucketing).
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/next.sh   (carry .whl)
source benchmarks/device/setup.sh || exit 1
timeout 200 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests 2>&1 | tee $OUT/gpu_tests.log | tail -3
timeout 80 python3 benchmarks/tune_ozaki2.py --sizes 8192 --moduli 15 --iters 5 --out $OUT/tune_ozaki2.csv 2>&1 | tail -3
timeout 110 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 14,15 --out $OUT/accuracy.csv 2>&1 | grep -v "^\[int8tc\]" | tail -14
timeout 180 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 65536,131072 --rates 1e-2,1e-4,1e-6 --bucket-m 1048576 --bucket-n 16384 --sweep --unfused --iters 3 --out $OUT/filters_precheck.csv 2>&1 | grep -v "^\[int8tc\]" | tail -24
