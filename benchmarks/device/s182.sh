# thirty-eighth session: FilterConfig.dump_bits (the chunk bits dumped, dump_items_kernel) against the default:
# plans with records checked equal (ab_plans), then per-kernel times of the 16384 plan
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s182; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
T="python3 -m pytest -q -p no:cacheprovider"
timeout 170 $T tests/test_sieve_filters.py -k "dump or random_shapes" > $S/tests1.log 2>&1 &
timeout 170 $T tests/test_sieve_filters.py -k "gpu and balanced" > $S/tests2.log 2>&1 &
wait  # (the timings below run alone)
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
timeout 300 python3 benchmarks/ab_plans.py --m 16384,8192 --rates 1e-4,1e-6,1e-2 --rounds 4 --roof 1284 \
    --variants "dump:dump_bits=true" "dump128:dump_bits=true;item_maxnreg=128" "dumpi16:dump_bits=true;item_block=16" \
    "dumpw8:dump_bits=true;item_warps=8" --csv $S/ab_dump.csv > $S/ab_dump.txt 2>&1
echo "ab rc $?"; tail -32 $S/ab_dump.txt
for r in 1e-4 1e-6; do
  for d in "" "--dump-bits"; do
    timeout 60 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate $r --plan --kernels $d 2>&1 | tail -8 > $S/prof_${r}${d}.txt
    echo "== $r $d"; cat $S/prof_${r}${d}.txt
  done
done
cd $OUT && tar czf s182.tgz s182
