# planned second call of the fifth session: Ozaki-I against cuBLAS's emulation after NOTES 38,
# then the sieve on the new pre-test (plain vs TMA pair search at dimension 100, 3 seeds each;
# filter_hits now in the CSV gives BGJ1's in-bucket hit rate).
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/next2.sh   (carry .whl)
source benchmarks/device/setup.sh || exit 1
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $OUT/gemm.csv 2>&1 | grep -v "^\[int8tc\]" | tail -10
timeout 120 python3 benchmarks/tune_recon.py --sizes 4096,8192 --splits 2,4,6,8 --iters 5 --out $OUT/tune_recon.csv 2>&1 | tail -10
timeout 130 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 40 --out /tmp/s_def 2>&1 | grep "^{" | cut -c1-220; cp /tmp/s_def/summary.csv $OUT/sieve100_default.csv
timeout 130 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 40 --extra "--filters tma" --out /tmp/s_tma 2>&1 | grep "^{" | cut -c1-220; cp /tmp/s_tma/summary.csv $OUT/sieve100_tma.csv
