# nineteenth session, extra call: the sieve GPU tests s86/s88 did not reach (their timeouts cut both runs after the
# same first ~48 of 130, all passed): three of each remaining group, one of each other, and two end-to-end sieves
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s89; mkdir -p $S
SECONDS=0
timeout 250 python3 -m pytest -q -p no:cacheprovider \
    "tests/test_sieve_filters.py::test_gpu_tma_pair_search[tiles5-192]" \
    "tests/test_sieve_filters.py::test_gpu_tma_pair_search[tiles9-192]" \
    "tests/test_sieve_filters.py::test_gpu_tma_pair_search[tiles13-192]" \
    "tests/test_sieve_filters.py::test_gpu_segment_pair_search_default_tiles[-False]" \
    "tests/test_sieve_filters.py::test_gpu_segment_pair_search_default_tiles[defer-s2-True]" \
    "tests/test_sieve_filters.py::test_gpu_segment_pair_search_default_tiles[masks-s2-cap-False]" \
    "tests/test_sieve_filters.py::test_gpu_odd_k_all_three_ops[False-1]" \
    "tests/test_sieve_filters.py::test_gpu_odd_k_all_three_ops[False-150]" \
    "tests/test_sieve_filters.py::test_gpu_odd_k_all_three_ops[True-33]" \
    "tests/test_sieve_filters.py::test_gpu_balanced_pair_search[1-32-0]" \
    "tests/test_sieve_filters.py::test_gpu_balanced_pair_search[4-16-0]" \
    "tests/test_sieve_filters.py::test_gpu_balanced_pair_search[3-32-8]" \
    "tests/test_sieve_filters.py::test_gpu_defer_items_beyond_int32_offsets[defer]" \
    "tests/test_pair_search_plan.py::test_gpu_plan_graph_default_config_equals_pair_search[16384]" \
    "tests/test_pair_search_plan.py::test_gpu_plan_without_graph_and_zero_capacity" \
    "tests/test_sieve_lattice.py::test_gpu_sieve_solves[50-plain-None-None]" \
    "tests/test_sieve_lattice.py::test_gpu_sieve_solves[60-tma-0-tma]" > $S/tests_sieve.log 2>&1
tail -1 $S/tests_sieve.log; grep -E "^FAILED|^ERROR" $S/tests_sieve.log | head -5; echo "at $SECONDS s"
tar -C $S -czf $OUT/s89.tgz .
echo "total $SECONDS s"
