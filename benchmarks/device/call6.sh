# fourth session, last minutes: BGJ1 alpha 0.4 (membership 4) at dimension 100, 3 seeds, against
# the 0.35 / 4 default measured in call 2 (same seeds).
source benchmarks/device/setup.sh || exit 1
timeout 130 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 40 --extra "--bgj1-alpha 0.4" --out /tmp/s40 2>&1 | grep "^{" | cut -c1-220; cp /tmp/s40/summary.csv $OUT/sieve100_a40_m4.csv
