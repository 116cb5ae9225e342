# fourth session, fifth call: the sm_90a compile checks and the fp64-scalar test after their fixes,
# the Ozaki-II/dgemm GPU tests, and bucketing over K and rates with the TMA default.
source benchmarks/device/setup.sh || exit 1
timeout 150 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests/test_compile_sm90.py tests/test_ozaki2_gemm.py tests/test_dgemm.py tests/test_sieve_filters.py 2>&1 | tee $OUT/gpu_tests.log | tail -3
timeout 200 python3 -m int8tc.cli bench-filters --ks 64,96,128,160,192 --pair-m 16384 --bucket-m 1048576 --bucket-n 4096,16384 --rates 1e-2,1e-4,1e-6 --iters 3 --out $OUT/filters_bucket_k.csv 2>&1 | grep bucket | tail -32
