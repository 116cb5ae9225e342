# twelfth session, second call: the filter GPU tests at the new defaults (batch reservation, 3 stages for pair_search)
# and the new K blocks (NOTES 60: blocks past K read zeros), the sieve's GPU tests, then tune_filters --kblocks at
# K = 96, 160, 192 (block_k 128 or 64, 64x128 or 64x64 tiles) at 1e-4
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s29; mkdir -p $S
timeout 260 python3 -m pytest -q -m gpu tests/test_sieve_filters.py > $S/gpu_tests_filters.log 2>&1
tail -1 $S/gpu_tests_filters.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_filters.log | head -8; cp $S/* $OUT/ 2>/dev/null
timeout 80 python3 -m pytest -q -m gpu tests/test_sieve_lattice.py > $S/gpu_tests_lattice.log 2>&1
tail -1 $S/gpu_tests_lattice.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_lattice.log | head -5; cp $S/* $OUT/ 2>/dev/null
for k in 96 160 192; do
    timeout 75 python3 benchmarks/tune_filters.py --k $k --kblocks --rates 1e-4 --iters 3 --out $S/tune_k$k.csv > $S/tune_k$k.txt 2>&1
    echo "== K $k"; grep -E "^ +(pair|segment|bucket)" $S/tune_k$k.txt | cut -c1-150
    cp $S/* $OUT/ 2>/dev/null
done
