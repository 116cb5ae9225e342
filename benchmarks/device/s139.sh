# twenty-ninth session, first call (written at the end of the twenty-eighth; set INT8TC_COMMIT to the tree's HEAD).
# Before calling: `mkdir -p ab_old && git archive cef6366 src | tar -x -C ab_old` (the tree before time_cuda's
# back-to-back warm-up; untracked, so it travels; delete it afterwards).
# (1) the filter file's GPU cases s138 did not reach (it ran 84 of 145, all passed), as 3 shards;
# (2) time_cuda's warm-up A/B on Ozaki-I's weakest point (4096^3 S = 6: 1.486x / 1.459x in s137/s138), old and new
#     source alternated in separate processes; (3) the 16384 trace with its raw stamps; (4) bench-filters on the final code
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s139; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
export PYTHONPATH=$PWD/src
timeout 230 $T tests/test_sieve_filters.py -k "gpu and bucket" > $S/tests1.log 2>&1 &
timeout 230 $T tests/test_sieve_filters.py -k "gpu and not bucket and (pair or plan)" > $S/tests2.log 2>&1 &
timeout 230 $T tests/test_sieve_filters.py -k "gpu and not bucket and not pair and not plan" > $S/tests3.log 2>&1 &
wait
for i in 1 2 3; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
echo "tests done at $SECONDS s"
for r in 1 2; do
  for v in old new; do
    P=$PWD/src; [ $v = old ] && P=$PWD/ab_old/src
    PYTHONPATH=$P timeout 60 python3 -m int8tc.cli bench 4096 6 10 --methods cublas_emulated,int8tc_ozaki1 --csv \
        > $S/ab_warmup_${v}_$r.txt 2>&1
    echo "$v $r: $(grep -E '^4096' $S/ab_warmup_${v}_$r.txt | cut -d, -f4,6 | tr '\n' ' ')"
  done
done
timeout 60 python3 benchmarks/trace_balanced.py --m 16384 --rates 1e-4,1e-6 --out $S/trace_16384.csv > $S/trace_16384.txt 2>&1
echo "trace rc $? at $SECONDS s"; grep -E "span|tile loop|flush" $S/trace_16384.txt
timeout 150 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128.txt | cut -c1-60,100-190
