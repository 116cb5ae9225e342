# thirty-fifth session: FilterConfig.stream_regs (pair_search_stream_kernel: the streamed 64-row tiles of x in the
# wgmma's A registers from a fragment-ordered copy, panels of y as B in shared memory) on the GPU: its tests (exact
# records against the reference, random shapes and schedules), then plans against the default (records checked
# equal on three calls each) at 12288, 16384 and 32768 vectors, 1e-2 / 1e-4 / 1e-6.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s170; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "stream or fragment or random_shapes" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|^E " $S/tests.log | head -20
timeout 250 python3 benchmarks/ab_plans.py --m 16384,12288,32768 --rates 1e-2,1e-4,1e-6 --rounds 3 --roof 1300 \
    --variants "stream:stream_regs=true" --csv $S/ab_stream.csv > $S/ab_stream.txt 2>&1
echo "ab rc $? at $SECONDS s"; tail -30 $S/ab_stream.txt
cd $OUT && tar czf s170.tgz s170
