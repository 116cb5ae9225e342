# twelfth session, last call: the rest of the grid with the session's defaults (pair search at M = 16384 and 65536,
# bucketing of 2^20 and 2^22 vectors against 1024 and 16384 centres) at every K and rate, with its roof (the first
# attempt ran out of memory at 2^22 x 16384 at 1e-2: the bucket item buffer was M x capacity_per_row items, now bounded),
# after the item-buffer test on the GPU
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s33; mkdir -p $S
timeout 60 python3 -m pytest -q tests/test_sieve_filters.py -k "past_the_item or all_hit" 2>&1 | tail -1
timeout 330 python3 -m int8tc.cli bench-filters --ks 64,96,128,160,192 --pair-m 16384,65536 --bucket-m 1048576,4194304 \
    --bucket-n 1024,16384 --rates 1e-2,1e-4,1e-6 --iters 3 --out $S/filters_grid.csv > $S/filters_grid.txt 2>&1
echo "rc $?"; tail -2 $S/filters_grid.txt | cut -c1-200; cp $S/* $OUT/ 2>/dev/null
[ -s $S/filters_grid.csv ] && wc -l $S/filters_grid.csv
