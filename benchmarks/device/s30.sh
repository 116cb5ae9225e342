# twelfth session, third call: the new K-block rule (ceil(K/b) * (b + 32), NOTES 60) and column_groups = 16 under the
# GPU tests (the cases s29 failed on shared memory at K = 192, the g16 cases, default tiles at every K, odd K), then
# the item kernel with 8 vs 16 column groups (profile) and tune_filters at 1e-4 and 1e-6 (each default beside its
# other reservation and its other column groups)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s30; mkdir -p $S
timeout 200 python3 -m pytest -q -m gpu tests/test_sieve_filters.py -k "g16 or default_tiles or odd_k or k_blocks or (tma_pair_search and 192)" > $S/gpu_tests_filters.log 2>&1
tail -1 $S/gpu_tests_filters.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_filters.log | head -8; cp $S/* $OUT/ 2>/dev/null
for gr in 8 16; do timeout 45 python3 benchmarks/profile_filters.py --op pair --rate 1e-4 --kernels --column-groups $gr 2>&1 | grep -E "kernel|Gpairs|ms" | head -3; done | tee $S/profile.txt
cp $S/* $OUT/ 2>/dev/null
timeout 200 python3 benchmarks/tune_filters.py --rates 1e-4,1e-6 --out $S/tune.csv > $S/tune.txt 2>&1
grep -E "^ +(pair|segment|bucket)" $S/tune.txt | cut -c1-150; cp $S/* $OUT/ 2>/dev/null
