# third session, first call: GPU suite (parallel compile), opt-in variants, guarded dgemm, sieve 80/90
source benchmarks/device/setup.sh || exit 1
T0=$SECONDS
timeout 200 python3 -m pytest -q -n 8 -p no:cacheprovider tests 2>&1 | tee $OUT/gpu_tests.log | tail -4
echo "tests took $((SECONDS-T0)) s"
timeout 100 python3 benchmarks/tune_recon.py --out $OUT/tune_recon.csv 2>&1 | tail -8
timeout 60 python3 benchmarks/tune_ozaki2.py --moduli 15 --iters 3 --out $OUT/tune_ozaki2.csv 2>&1 | tail -4
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 14,15 --out $OUT/accuracy.csv 2>&1 | grep -v "^\[int8tc\]" | tail -12
echo "gemm part done at $((SECONDS-T0)) s"
LEFT=$((560-SECONDS+T0))
[ $LEFT -gt 60 ] && timeout $LEFT python3 benchmarks/run_sieve.py --dims 80,90 --seeds 0 --timeout 150 --out $OUT/sieve 2>&1 | grep -v "^\[int8tc\] context" | tail -4
