# planned first call of the next session (written 2026-11-30 without device time left):
# the whole GPU suite, then the sieve after the lifting / one-launch BGJ1 changes (not yet timed).
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/next.sh   (carry .whl)
source benchmarks/device/setup.sh || exit 1
timeout 280 python3 -m pytest -q -p no:cacheprovider tests 2>&1 | tee $OUT/gpu_tests.log | tail -3
timeout 290 python3 benchmarks/run_sieve.py --dims 80,90,100 --seeds 0 --timeout 140 --out $OUT/sieve 2>&1 | grep -v "^\[int8tc\] context" | tail -8
timeout 120 python3 benchmarks/tune_recon.py --out $OUT/tune_recon.csv 2>&1 | tail -6
