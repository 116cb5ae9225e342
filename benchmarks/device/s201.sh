# forty-sixth session (NOTES.md 95): s199 cut to what ~230 s of device time holds (the budget went on failed starts
# again): ovbL2w (NOTES 94's prediction) and ovbL against the default, plans at 16384 (K = 128, records checked), then
# the overlap's GPU tests, all on a copy of the tree patched with benchmarks/patches/dump_overlap_beside.patch.
export PYTHONUNBUFFERED=1 C0=${INT8TC_COMMIT:-unknown}
S=$OUT/s201; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
P=/tmp/ovb; rm -rf $P; mkdir -p $P; cp -r src tests benchmarks pyproject.toml $P/; cd $P
patch -p1 -N -s < benchmarks/patches/dump_overlap_beside.patch || { echo "the patch does not apply"; exit 1; }
export PYTHONPATH=$P/src
INT8TC_COMMIT=$C0+dump_overlap_beside.patch timeout 130 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 \
    --rounds 2 --roof-seconds 1 --regs \
    --variants "ovbL2w:dump_overlap=2;dump_late=true;maxnreg=136;item_block=16;item_warps=2;item_maxnreg=104" \
    "ovbL:dump_overlap=1;dump_late=true;maxnreg=144;item_block=16" --csv $S/ab_ovb.csv > $S/ab_ovb.txt 2>&1
echo "ab ovb rc $?"; grep -A8 "^     M" $S/ab_ovb.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab_ovb.txt | head -5
grep "^build" $S/ab_ovb.txt | sort | uniq -c | head -12
timeout 80 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    -k overlap > $S/tests_ovb.log 2>&1
echo "tests_ovb: $(tail -1 $S/tests_ovb.log)"; grep -E "^FAILED|^ERROR" $S/tests_ovb.log | head -5
