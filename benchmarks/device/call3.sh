# fourth session, third call: the accurate scaling's GPU mismatch (debug), B's guard data through a
# transposed copy, and dimension 110 with the measured BGJ1 defaults (0.35 / 4) and TMA bucketing.
source benchmarks/device/setup.sh || exit 1
timeout 60 python3 benchmarks/device/debug_accurate.py 2>&1 | tail -20
timeout 80 python3 benchmarks/tune_ozaki2.py --sizes 8192 --moduli 15 --iters 5 --out $OUT/tune_ozaki2_tb.csv 2>&1 | tail -3
timeout 470 python3 benchmarks/run_sieve.py --dims 110 --seeds 0,1,2 --timeout 150 --out /tmp/s110 2>&1 | grep "^{" | cut -c1-260; cp /tmp/s110/summary.csv $OUT/sieve110.csv
