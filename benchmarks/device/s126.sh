# twenty-sixth session, last call: pair_search's half-norm range check on the device (plan_inputs_kernel, the first
# kernel; it also zeroes the counters), raised when the result is read: no aminmax / pinned copy / event wait per
# call. GPU tests of the pair searches and plans (two shards), then bench-filters on the pair search at K = 128
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s126; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
timeout 120 $T tests/test_sieve_filters.py -k "gpu and (half_norm or default_tiles_pair or norm_bound_default or odd_k)" > $S/tests1.log 2>&1 &
timeout 120 $T tests/test_pair_search_plan.py tests/test_sieve_filters.py -k "gpu and (plan or balanced or beyond_int32)" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
timeout 80 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --bucket-m "" \
    --out $S/filters_k128_pair.csv > $S/filters_k128_pair.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair)" $S/filters_k128_pair.txt | cut -c1-60,100-200
