# fifth session, last call: GPU tests of what changed defaults (TMA pair search everywhere,
# transpose_b off), the Ozaki-II phases and the FP64-accurate comparison with transpose_b off,
# the filters on their new defaults, and Ozaki-I's full table after the S=2 fix.
source benchmarks/device/setup.sh || exit 1
timeout 130 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests/test_ozaki2_gemm.py tests/test_dgemm.py tests/test_sieve_filters.py tests/test_sieve_lattice.py 2>&1 | tee $OUT/gpu_tests.log | tail -3
timeout 100 python3 benchmarks/tune_ozaki2.py --sizes 8192 --moduli 15 --iters 10 --out $OUT/tune_ozaki2.csv 2>&1 | tail -3 | cut -c1-330
timeout 100 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 15 --out $OUT/accuracy.csv 2>&1 | grep -v "^\[int8tc\]" | tail -9
timeout 130 python3 -m int8tc.cli bench-filters --ks 64,128,192 --pair-m 65536,131072 --rates 1e-2,1e-4,1e-6 --bucket-m 1048576 --bucket-n 16384 --unfused --iters 3 --out $OUT/filters.csv 2>&1 | grep -v "^\[int8tc\]" | grep "K=128\| 128 " | tail -14
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $OUT/gemm.csv 2>&1 | grep -v "^\[int8tc\]" | grep "emulated\|int8tc_ozaki1 " | tail -16
