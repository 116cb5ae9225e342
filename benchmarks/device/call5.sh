# last call: GPU tests of the GEMM half after reverting the float32 split; Ozaki-II rows again
source benchmarks/device/setup.sh || exit 1
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki_gemm.py tests/test_ozaki2_gemm.py tests/test_dgemm.py \
  tests/test_exact.py tests/test_compile_sm90.py tests/test_gpu_baselines.py 2>&1 | tee $OUT/gpu_tests_gemm.log | tail -3
timeout 75 python3 -m int8tc.cli bench 4096,8192 2 5 --methods cublas_emulated --ours row --moduli 13,14,15 \
  --out $OUT/gemm_ozaki2.csv 2>&1 | grep -v "^\[int8tc\]" | tail -12
