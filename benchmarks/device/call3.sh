# after removing host syncs, fused Ozaki-I row split, Ozaki-II scale kernel: tests, tuning, full bench
source benchmarks/device/setup.sh || exit 1
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki_gemm.py tests/test_ozaki2_gemm.py tests/test_dgemm.py \
  tests/test_compile_sm90.py 2>&1 | tail -4
timeout 60 python3 benchmarks/tune_split.py --out $OUT/tune_split.csv 2>&1 | tail -6
timeout 90 python3 benchmarks/tune_ozaki2.py --moduli 13,14,15,16 --out $OUT/tune_ozaki2.csv 2>&1 | tail -10
timeout 200 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --ours row --moduli 13,14,15 --graph --breakdown \
  --out $OUT/gemm.csv 2>&1 | grep -v "^\[int8tc\]" | tail -50
