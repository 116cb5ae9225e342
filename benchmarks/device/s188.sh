# fortieth session, last call: one-shot dump_bits calls take their dump slots by one atomic per program (no host
# slots, no copy): the GPU tests of the dump paths, then one-shot and plan times at 16384 (profile_filters)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s188; mkdir -p $S
nvidia-smi --query-gpu=name --format=csv,noheader | tee $S/gpu.txt
T="python3 -m pytest -q -p no:cacheprovider"
timeout 100 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "dump or random_shapes or 32_tile_bits" > $S/tests1.log 2>&1 &
timeout 100 $T tests/test_sieve_filters.py -k "gpu and balanced" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
for r in 1e-4 1e-6; do
  for p in "" "--plan"; do
    echo "== $r $p: $(timeout 30 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate $r $p 2>&1 | grep "^pair")"
  done
done | tee $S/times.txt
