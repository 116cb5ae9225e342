# Ozaki-II after the FP64-residue / Cauchy-Schwarz rework: GPU tests, accuracy mode, wide inputs
source benchmarks/device/setup.sh || exit 1
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py tests/test_ozaki2_reference.py \
  tests/test_dgemm.py tests/test_exact.py tests/test_compile_sm90.py 2>&1 | tail -6
timeout 240 python3 -m int8tc.cli bench 4096,8192 6,7,8 5 --accuracy fp64 --moduli 12,13,14,15,16,17 \
  --out $OUT/accuracy.csv 2>&1 | grep -v "^\[int8tc\] [0-9]*x" | tail -30
timeout 120 python3 -m int8tc.cli bench 4096 2,4,6,8 5 --dist wide --ours row,matrix --methods cublas_emulated,int8tc_ozaki1 \
  --out $OUT/gemm_wide.csv 2>&1 | tail -14
