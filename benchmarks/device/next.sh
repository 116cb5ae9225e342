# planned first call of the next session (written 2026-11-30 without device time left):
# the whole GPU suite, then the opt-in variants waiting for a measurement and dgemm with its guard.
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/next.sh   (carry .whl)
source benchmarks/device/setup.sh || exit 1
timeout 270 python3 -m pytest -q -p no:cacheprovider tests 2>&1 | tee $OUT/gpu_tests.log | tail -3
timeout 100 python3 benchmarks/tune_recon.py --out $OUT/tune_recon.csv 2>&1 | tail -6
timeout 60 python3 benchmarks/tune_ozaki2.py --moduli 15 --iters 3 --out $OUT/tune_ozaki2.csv 2>&1 | tail -4
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 14,15 --out $OUT/accuracy.csv 2>&1 | grep -v "^\[int8tc\]" | tail -12
