# third session, second call: GPU tests of the changed parts, the guard's cost, guarded dgemm, sieve A/B at dim 100
source benchmarks/device/setup.sh || exit 1
T0=$SECONDS
timeout 150 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests/test_dgemm.py tests/test_ozaki2_gemm.py tests/test_compile_sm90.py tests/test_sieve_lattice.py 2>&1 | tee $OUT/gpu_tests.log | tail -3
echo "tests took $((SECONDS-T0)) s"
timeout 90 python3 benchmarks/tune_ozaki2.py --moduli 15 --iters 5 --out $OUT/tune_ozaki2.csv 2>&1 | tail -4
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 14,15 --out $OUT/accuracy.csv 2>&1 | grep -v "^\[int8tc\]" | tail -11
echo "gemm part done at $((SECONDS-T0)) s"
LEFT=$((570-SECONDS+T0))
timeout $((LEFT/2)) python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 90 --out /tmp/sieve 2>&1 | grep "^{" | cut -c1-230; cp /tmp/sieve/summary.csv $OUT/sieve_summary.csv
LEFT=$((570-SECONDS+T0))
timeout $LEFT python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 90 --extra "--epochs full" --out /tmp/sieve_full 2>&1 | grep "^{" | cut -c1-230; cp /tmp/sieve_full/summary.csv $OUT/sieve_full_summary.csv
