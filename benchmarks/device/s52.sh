# fifteenth session, first call: the review clean-ups (ScaleBuffers.f gone from the Ozaki-I split and scale
# kernels; the pair search's grid path one chunk loop for every tiles_per_program) GPU-tested, the grid path's
# new GPU cases (balanced = 0 at 5003 vectors, t64 and t16), and control kernels of the default pair search's
# hot loop (filter_roofs.py --groups: products only, bucketing's group test, the pair test with h by TMA, by a
# plain load, and one h tile per program) to see what h_j costs in the hot loop.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s52; mkdir -p $S
SECONDS=0
timeout 170 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_ozaki_gemm.py > $S/gpu_tests_ozaki.log 2>&1
tail -1 $S/gpu_tests_ozaki.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_ozaki.log | head -8; echo "ozaki tests took $SECONDS s"
timeout 200 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    -k "tma_pair_search or balanced or default_tiles_pair or half_norm or plan" > $S/gpu_tests_filters.log 2>&1
tail -1 $S/gpu_tests_filters.log; grep -E "^FAILED|^ERROR" $S/gpu_tests_filters.log | head -8; echo "tests took $SECONDS s"
cp $S/* $OUT/ 2>/dev/null
for m in 131072 32768; do
    timeout 60 python3 benchmarks/filter_roofs.py --groups --m $m --iters 10 --out $S/roofs_groups_$m.csv \
        > $S/roofs_$m.txt 2>&1; cat $S/roofs_$m.txt | tail -10
done
echo "roofs done at $SECONDS s"; cp $S/* $OUT/ 2>/dev/null
timeout 100 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 16384,65536,131072 --bucket-m "" --rates 1e-4 \
    --iters 10 --out $S/filters_k128.csv > $S/bench.txt 2>&1
echo "bench done at $SECONDS s"
python3 - $S/filters_k128.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["op"][:24].ljust(24), r["M"], r["target_rate"], r["time_ms"], r["gpairs_s"], r["tops"], r["pct_roof"], r["config"][-22:])
P
cp $S/* $OUT/ 2>/dev/null
timeout 60 python3 -m int8tc.cli bench 4096,8192 2,8 5 --out $S/gemm.csv > $S/gemm.txt 2>&1; tail -12 $S/gemm.txt
echo "all done at $SECONDS s"; cp $S/* $OUT/ 2>/dev/null
