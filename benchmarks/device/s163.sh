# thirty-fourth session, seventh call (carry .whl): the sieve end to end on this session's src (9acf5f4's: the dp4a
# item kernel). Two GPU sieve tests (the default, and the in-bucket search on tile masks, which runs the item
# kernel), then dimension 100 (seeds 0-2, default filters) and seed 0 with --segment-filters tma-masks.
S=$OUT/s163; mkdir -p $S
SECONDS=0
source benchmarks/device/setup.sh || exit 1
timeout 200 python3 -m pytest -q -p no:cacheprovider "tests/test_sieve_lattice.py::test_gpu_sieve_solves[60-tma-None-None]" \
    "tests/test_sieve_lattice.py::test_gpu_sieve_solves[60-tma-0-tma-masks]" > $S/tests_sieve.log 2>&1
echo "sieve tests: $(tail -1 $S/tests_sieve.log) at $SECONDS s"
timeout 200 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 90 --out $S/d100 > $S/d100.log 2>&1
echo "d100 rc $? at $SECONDS s"; cat $S/d100/*.csv 2>/dev/null | cut -d, -f1-9
timeout 100 python3 benchmarks/run_sieve.py --dims 100 --seeds 0 --timeout 90 --extra="--segment-filters tma-masks" \
    --out $S/d100m > $S/d100m.log 2>&1
echo "d100 masks rc $? at $SECONDS s"; cat $S/d100m/*.csv 2>/dev/null | cut -d, -f1-9
cd $OUT && tar czf s163.tgz s163
