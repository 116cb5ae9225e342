# first call of the session: GPU suite, Ozaki-I/II bench, dim-100 sieve probes
source benchmarks/device/setup.sh || exit 1
D=$(date +%F)
timeout 300 python3 -m pytest -q --maxfail=10 -p no:cacheprovider tests 2>&1 | tee $OUT/gpu_tests.log | tail -15
timeout 200 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 5 --ours row --moduli 13,14,15,16 --breakdown --out $OUT/gemm.csv 2>&1 | tail -40
timeout 150 python3 -m int8tc.cli sieve --dim 100 --seed 0 --bgj1-from 200000 --json $OUT/sieve100_bgj1.json 2>&1 | tail -25
