# forty-third session (NOTES.md 92): s193 found the dots' 4-word steps slower (reverted); FilterConfig.dump_list (the
# lists in the dump's second half, words re-read per round) with the original dots against the default, plans at
# 16384 / 65536 (K = 128) and 1e-2; the GPU tests of the list path; ncu's sections of dump_items_kernel (find and
# list), 16384 at 1e-4.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s194; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 130 python3 benchmarks/ab_plans.py --m 16384,65536 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 \
    --variants "list:dump_list=true" --csv $S/ab.csv > $S/ab.txt 2>&1
echo "ab rc $?"; grep -A40 "^     M" $S/ab.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab.txt | head -5
timeout 50 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-2 --rounds 3 --roof-seconds 1 \
    --variants "list:dump_list=true" --csv $S/ab_1e-2.csv > $S/ab_1e-2.txt 2>&1
echo "ab 1e-2 rc $?"; grep -A10 "^     M" $S/ab_1e-2.txt; grep -E "Error|error|SystemExit" $S/ab_1e-2.txt | head -5
T="python3 -m pytest -q -p no:cacheprovider"
timeout 110 $T tests/test_sieve_filters.py -k "list" > $S/tests1.log 2>&1 &
timeout 110 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "gpu and balanced and list" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
for v in find list; do
  f=""; [ $v = list ] && f="--dump-list"
  timeout 60 ncu --clock-control none -k regex:dump_items --launch-skip 2 --launch-count 1 --section SpeedOfLight \
      --section SchedulerStats --section WarpStateStats --section Occupancy --section LaunchStats \
      python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 $f > $S/ncu_$v.txt 2> $S/ncu_$v.err
  echo "== ncu $v rc $?"
  grep -E "Duration|Registers Per|Achieved Occupancy|Issued Ipc|No Eligible|Warp Cycles Per Issued|Executed Ipc|Grid Size|Waves" $S/ncu_$v.txt | head -14
done
