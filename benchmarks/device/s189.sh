# for the forty-first session (written in the fortieth, not run): the default (dump_bits) on an H200, the GPU tests
# s187/s188 could not finish in their limits, and where dump_items_kernel's ~3 us per item block go (ncu, 16384, 1e-4)
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s189; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
T="python3 -m pytest -q -p no:cacheprovider"
timeout 200 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "dump or random_shapes or 32_tile_bits" > $S/tests1.log 2>&1 &
timeout 200 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
timeout 150 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $?"
python3 benchmarks/device/filters_summary.py $S/filters_k128.csv
timeout 100 ncu --clock-control none -k regex:dump_items --launch-skip 2 --launch-count 1 --section SpeedOfLight \
    --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section SourceCounters \
    python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 --dump-bits > $S/ncu_dump_items.txt 2>&1
echo "ncu rc $?"; grep -E "Duration|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|Waves Per SM|Stall" $S/ncu_dump_items.txt | head -30
