# twenty-seventh session, very last call (~290 s of device time left): the caller's indices loaded with the item
# (commit 26f593cfcaf7); lean GPU tests of the bound paths (the default against the exact path, overflow with late rows) and
# plans, bench-filters on the pair search at K = 128, 1e-4, and the 65536 plan's kernels
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src INT8TC_COMMIT=26f593cfcaf7
S=$OUT/s134; mkdir -p $S
SECONDS=0
timeout 100 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "(gpu and (norm_bound_default or half_norm)) or (bound and (overflow or exact)) or test_pair_search_plan" > $S/tests.log 2>&1
echo "tests: $(tail -1 $S/tests.log) at $SECONDS s"; grep -E "^FAILED|^ERROR" $S/tests.log | head -5
timeout 40 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4 --bucket-m "" --out $S/filters_k128_pair.csv > $S/filters_k128_pair.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(pair_search)" $S/filters_k128_pair.txt | cut -c1-60,100-175
timeout 30 python3 benchmarks/profile_filters.py --op pair --m 65536 --rate 1e-4 --plan --kernels > $S/prof_65536.txt 2>&1
echo "profile rc $? at $SECONDS s"; grep -E "ms" $S/prof_65536.txt | cut -c1-110
