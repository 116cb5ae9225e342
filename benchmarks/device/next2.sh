# planned second call of the next session: the TMA pair-search variant (NOTES 29) and the BGJ1
# parameters (NOTES 30) and the TMA filters in the sieve on the GPU. Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/next2.sh (carry .whl)
source benchmarks/device/setup.sh || exit 1
timeout 180 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 65536,131072 --rates 1e-4,1e-6 --bucket-m 1048576 --bucket-n 16384 --sweep --unfused --iters 3 --out $OUT/filters_tma.csv 2>&1 | grep -v "^\[int8tc\]" | tail -16
timeout 120 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 40 --out /tmp/s_def 2>&1 | grep "^{" | cut -c1-200; cp /tmp/s_def/summary.csv $OUT/sieve100_default.csv
timeout 120 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 40 --extra "--bgj1-alpha 0.35 --bgj1-membership 4" --out /tmp/s_a35 2>&1 | grep "^{" | cut -c1-200; cp /tmp/s_a35/summary.csv $OUT/sieve100_a35_m4.csv
timeout 120 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 40 --extra "--filters tma" --out /tmp/s_tma 2>&1 | grep "^{" | cut -c1-200; cp /tmp/s_tma/summary.csv $OUT/sieve100_tma.csv
