# planned second call: the sieve after the lifting / one-launch BGJ1 / LLL changes (not yet timed)
source benchmarks/device/setup.sh || exit 1
timeout 560 python3 benchmarks/run_sieve.py --dims 80,90,100 --seeds 0,1 --timeout 120 --out $OUT/sieve 2>&1 | grep -v "^\[int8tc\] context" | tail -8
timeout 300 python3 benchmarks/run_sieve.py --dims 90 --seeds 0,1 --timeout 140 --extra "--lift context" --out $OUT/sieve_old_lift 2>&1 | grep -v "^\[int8tc\] context" | tail -4
