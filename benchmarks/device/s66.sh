# sixteenth session, second call: pair-search plans without the status memset (the input pass zeroes the counters,
# range partials by plain stores), the goal's fill only when it changed, and the balanced Gram search loading a
# panel once for all its chunks (c53dbd5, 9c606e7). bench-filters (Gram pair search 16384 / 65536, 1e-4 / 1e-6,
# calls and plans) alternating the tree before (15efcb3, .br/src) and HEAD, twice; then the plan file's tests in
# full and the filter file's balanced and GPU-marked ones. Everything under $OUT as one tar (8 files at most).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s66; mkdir -p $S
SECONDS=0
for rep in 1 2; do
    for tree in old new; do
        src=$PWD/src; [ $tree = old ] && src=$PWD/.br/src
        PYTHONPATH=/tmp/site:$src timeout 70 python3 -m int8tc.cli bench-filters --pair-m 16384,65536 --bucket-m "" \
            --rates 1e-4,1e-6 --iters 20 --out $S/filters_${tree}_$rep.csv > $S/filters_${tree}_$rep.txt 2>&1
        echo "== $tree $rep ($SECONDS s)"; grep -E "pair_search" $S/filters_${tree}_$rep.txt | cut -c1-150
    done
done
tar -C $S -cf $OUT/s66.tar . 2>/dev/null
timeout 420 python3 -m pytest -q -p no:cacheprovider tests/test_pair_search_plan.py tests/test_sieve_filters.py \
    -k "plan or balanced or gpu" > $S/tests.log 2>&1
tail -1 $S/tests.log; grep -E "^FAILED|^ERROR" $S/tests.log | head -5; echo "total $SECONDS s"
tar -C $S -cf $OUT/s66.tar . 2>/dev/null
