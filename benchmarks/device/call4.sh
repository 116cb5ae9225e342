# fourth session, last call: GPU suite after the fp64-scalar fix, the FP64-accurate comparison
# (accurate scaling rows now correct; dgemm's guarded plan copies B^T), filters over K and rates
# with the TMA bucketing default.
source benchmarks/device/setup.sh || exit 1
timeout 200 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests 2>&1 | tee $OUT/gpu_tests.log | tail -4
timeout 110 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 15 --out $OUT/accuracy.csv 2>&1 | grep -v "^\[int8tc\]" | tail -12
timeout 230 python3 -m int8tc.cli bench-filters --ks 64,96,128,160,192 --pair-m 65536 --bucket-m 1048576 --bucket-n 4096 --rates 1e-2,1e-4,1e-6 --iters 3 --out $OUT/filters_k.csv 2>&1 | grep -v "^\[int8tc\]" | tail -34
