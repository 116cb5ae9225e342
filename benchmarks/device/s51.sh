# fourteenth session, last call (the budget's remainder): the sieve's GPU tests (dimensions 50/60, every filter
# choice) after the session's changes to the pair-search launcher (_pair_grid; the sieve's configs keep the grid),
# and one dimension-90 solve end to end.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s51; mkdir -p $S
SECONDS=0
timeout 140 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_sieve_lattice.py > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; echo "tests took $SECONDS s"
cp $S/* $OUT/ 2>/dev/null
timeout 60 python3 -m int8tc.cli sieve --dim 90 --seed 0 > $S/sieve90.txt 2>&1; echo "sieve rc $?"
tail -4 $S/sieve90.txt; cp $S/* $OUT/ 2>/dev/null
