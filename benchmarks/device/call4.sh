# final call: benches after the float32 residue split and the CRT tile change, then the whole GPU suite
source benchmarks/device/setup.sh || exit 1
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --ours row --moduli 13,14,15 --graph --breakdown \
  --out $OUT/gemm.csv 2>&1 | grep -v "^\[int8tc\]" | tail -48
timeout 110 python3 -m int8tc.cli bench 4096,8192 6,7 5 --accuracy fp64 --moduli 13,14,15,16 \
  --out $OUT/accuracy.csv 2>&1 | grep -v "^\[int8tc\]" | tail -20
timeout 45 python3 benchmarks/tune_ozaki2.py --moduli 14,15,16 --iters 3 --out $OUT/tune_ozaki2.csv 2>&1 | tail -7
timeout 230 python3 -m pytest -q -p no:cacheprovider tests 2>&1 | tee $OUT/gpu_tests.log | tail -4
