# planned first call of the next session (written 2026-11-30, third session, without device time left):
# the guard's flattened GEMM and FP64 L1 bounds (NOTES 28) are interpreter-tested only.
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/next.sh   (carry .whl)
source benchmarks/device/setup.sh || exit 1
timeout 200 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests 2>&1 | tee $OUT/gpu_tests.log | tail -3
timeout 90 python3 benchmarks/tune_ozaki2.py --moduli 14,15 --iters 5 --out $OUT/tune_ozaki2.csv 2>&1 | tail -5
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 14,15 --out $OUT/accuracy.csv 2>&1 | grep -v "^\[int8tc\]" | tail -12
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $OUT/gemm.csv 2>&1 | grep -v "^\[int8tc\]" | tail -10
