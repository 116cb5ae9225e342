# twenty-eighth session, first call: the GPU tests of the review commit e0a9d2b (mask_items_kernel's index mapping
# through _caller_ids; CPU-tested only), a plan replay's kernels at 16384 (exact test against norm_bound's sorted path),
# then bench-filters at K = 128, 1e-4 (pair search and bucketing) as this session's baseline
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src INT8TC_COMMIT=e0a9d2b
S=$OUT/s135; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
timeout 220 $T tests/test_sieve_filters.py -k "bound or sort_by_norm or (gpu and (norm_bound_default or half_norm))" > $S/tests1.log 2>&1 &
timeout 220 $T tests/test_pair_search_plan.py > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
for nb in 0 1; do
  timeout 40 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate 1e-4 --plan --kernels --norm-bound $nb > $S/prof_16384_nb$nb.txt 2>&1
  echo "profile 16384 norm_bound=$nb rc $? at $SECONDS s"; grep -E "ms" $S/prof_16384_nb$nb.txt | cut -c1-110
done
timeout 240 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4 --bucket-m 1048576,4194304 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128.txt | cut -c1-60,100-200
