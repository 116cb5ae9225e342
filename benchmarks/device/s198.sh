# forty-fourth session (NOTES.md 93): FilterConfig.dump_overlap again, now with registers that let the item programs
# run beside the search's three (search capped at 144 or 152, 16-item blocks), so the items of finished slots are
# written while the search runs; controls: the caps alone, the old form (no room: the item programs start as search
# programs leave). Plans at 16384 (K = 128, same process, records checked); then the overlap's GPU tests.
# Not run in the forty-fourth session (no device time left): main does not hold the change; this script applies
# benchmarks/patches/dump_overlap_beside.patch to the device's copy of the tree first.
patch -p1 -N < benchmarks/patches/dump_overlap_beside.patch || { echo "the patch does not apply"; exit 1; }
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}+dump_overlap_beside.patch PYTHONPATH=$PWD/src
S=$OUT/s198; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 130 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 2 --roof-seconds 1 --regs \
    --variants "ovb144:dump_overlap=1;maxnreg=144;item_block=16" \
    "ovb152:dump_overlap=1;maxnreg=152;item_block=16;item_maxnreg=56" "r144b16:maxnreg=144;item_block=16" \
    --csv $S/ab.csv > $S/ab.txt 2>&1
echo "ab rc $?"; grep -A14 "^     M" $S/ab.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab.txt | head -5
grep "^build" $S/ab.txt | sort | uniq -c | head -20
T="python3 -m pytest -q -p no:cacheprovider"
timeout 60 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "overlap" > $S/tests.log 2>&1
echo "tests: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|Error" $S/tests.log | head -5
