# (the TMA-store split and tune_split_tma.py it ran live on branch split-tma-store: measured no faster, reverted on main)
# sixteenth session, last call: (1) the Ozaki-II test file in full on the GPU (the split by TMA stores bit-equal to
# plain stores, the 128x64 guard tiles, 16 moduli); (2) the sieve's GPU test and dimensions 90 and 100 (the plan's
# input pass and the balanced search changed under it); (3) tune_split_tma.py: B's guarded plan and A's split with
# and without TMA stores, 16 moduli.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s70; mkdir -p $S
SECONDS=0
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py > $S/tests_oz2.log 2>&1
tail -1 $S/tests_oz2.log; grep -E "^FAILED|^ERROR" $S/tests_oz2.log | head -5; echo "at $SECONDS s"
timeout 90 python3 benchmarks/tune_split_tma.py --sizes 4096,8192 --moduli 16 --iters 10 --out $S/tune_split_tma.csv > $S/tune.txt 2>&1
tail -6 $S/tune.txt; echo "at $SECONDS s"
tar -C $S -cf $OUT/s70.tar .
timeout 120 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_sieve_lattice.py > $S/tests_sieve.log 2>&1
tail -1 $S/tests_sieve.log; grep -E "^FAILED|^ERROR" $S/tests_sieve.log | head -5
for d in 90 100; do
    timeout 90 python3 -m int8tc.cli sieve --dim $d --seed 0 --json $S/sieve_$d.json > $S/sieve_$d.txt 2>&1
    echo "dim $d rc $?"; tail -2 $S/sieve_$d.txt
done
echo "total $SECONDS s"
tar -C $S -cf $OUT/s70.tar .
