# twenty-seventh session, fourth call: the counting sort as chosen from s129 (4 launches: partial sums over
# 1024-norm blocks, bins with the last program's offsets read by volatile loads, scatter, tile minima; no memset)
# in commit 490191354bbf: its GPU tests (the sort, the bound searches, plans, range check), the sort alone against
# torch.sort, then bench-filters at K = 128, 1e-4 and 1e-6, pair search and bucketing with plan rows
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src INT8TC_COMMIT=490191354bbf
S=$OUT/s130; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
timeout 220 $T tests/test_sieve_filters.py -k "sort_by_norm or bound" > $S/tests1.log 2>&1 &
timeout 220 $T tests/test_pair_search_plan.py tests/test_sieve_filters.py -k "plan or (gpu and (half_norm or default_tiles_pair or odd_k or balanced or beyond_int32))" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
timeout 60 python3 benchmarks/ab_norm_sort.py --n 16384,65536,262144,1048576 > $S/ab_norm_sort.txt 2>&1
echo "ab rc $? at $SECONDS s"; cat $S/ab_norm_sort.txt
timeout 330 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --bucket-m 1048576,4194304 \
    --bucket-n 1024,4096,16384 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128.txt | cut -c1-60,100-200
