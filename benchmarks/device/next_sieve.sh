# planned second call: the sieve after the lifting / one-launch BGJ1 / LLL changes (not yet timed),
# then the same dimension with the first session's lifting (--lift context) for an A/B
source benchmarks/device/setup.sh || exit 1
timeout 330 python3 benchmarks/run_sieve.py --dims 80,90,100 --seeds 0 --timeout 140 --out $OUT/sieve 2>&1 | grep -v "^\[int8tc\] context" | tail -5
timeout 240 python3 benchmarks/run_sieve.py --dims 90 --seeds 0 --timeout 140 --extra "--lift context" --out $OUT/sieve_old_lift 2>&1 | grep -v "^\[int8tc\] context" | tail -3
