# twenty-seventh session, last call: norm_bound searches write the caller's indices themselves (commit 03b6cab5fea6: the item
# kernel and the hot kernel's late rows map through the order's permutation; remap_records removed). GPU tests of
# the bound and plan paths (the default against the exact path at 50000 and 40000 x 30000 vectors among them),
# then bench-filters on the pair search at K = 128 and a plan replay's kernels at 65536
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src INT8TC_COMMIT=03b6cab5fea6
S=$OUT/s133; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
timeout 200 $T tests/test_sieve_filters.py -k "sort_by_norm or bound" > $S/tests1.log 2>&1 &
timeout 200 $T tests/test_pair_search_plan.py tests/test_sieve_filters.py -k "plan or (gpu and (half_norm or default_tiles_pair or beyond_int32))" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
timeout 60 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --bucket-m "" \
    --out $S/filters_k128_pair.csv > $S/filters_k128_pair.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof: gluon|pair_search)" $S/filters_k128_pair.txt | cut -c1-60,100-175
timeout 40 python3 benchmarks/profile_filters.py --op pair --m 65536 --rate 1e-4 --plan --kernels > $S/prof_65536.txt 2>&1
echo "profile rc $? at $SECONDS s"; grep -E "ms" $S/prof_65536.txt | cut -c1-110
