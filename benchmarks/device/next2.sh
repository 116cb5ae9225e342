# planned second call of the fifth session: the sieve on the new pre-test, plain vs TMA pair
# search, dimension 100 (3 seeds each), then dimension 110 seed 2 (not within 150 s in the fourth).
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/next2.sh   (carry .whl)
source benchmarks/device/setup.sh || exit 1
timeout 130 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 40 --out /tmp/s_def 2>&1 | grep "^{" | cut -c1-220; cp /tmp/s_def/summary.csv $OUT/sieve100_default.csv
timeout 130 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 40 --extra "--filters tma" --out /tmp/s_tma 2>&1 | grep "^{" | cut -c1-220; cp /tmp/s_tma/summary.csv $OUT/sieve100_tma.csv
timeout 300 python3 benchmarks/run_sieve.py --dims 110 --seeds 2 --timeout 290 --out /tmp/s110 2>&1 | grep "^{" | cut -c1-220; cp /tmp/s110/summary.csv $OUT/sieve110_seed2.csv
