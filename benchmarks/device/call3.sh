# fifth session, third call: why the fused row split failed at S=2 on the GPU (debug copies of the
# kernel), the GPU suite on the fix, Ozaki-I at S=2 again, then dimension 110 with TMA pair search.
source benchmarks/device/setup.sh || exit 1
timeout 90 python3 benchmarks/device/debug_split_rows.py 2>&1 | tee $OUT/debug_split_rows.txt | awk '$4!=0||$5!=0||$6!=0' | head -30
timeout 200 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests 2>&1 | tee $OUT/gpu_tests.log | tail -4
timeout 60 python3 -m int8tc.cli bench 4096,8192 2 10 --out $OUT/gemm_s2.csv 2>&1 | grep -v "^\[int8tc\]" | tail -8
timeout 300 python3 benchmarks/run_sieve.py --dims 110 --seeds 0,1 --timeout 145 --extra "--filters tma" --out /tmp/s110 2>&1 | grep "^{" | cut -c1-300; cp /tmp/s110/summary.csv $OUT/sieve110_tma.csv
