# forty-second session: where dump_items_kernel's ~3 us per item block go, per SASS instruction (ncu's warp-stall
# samples on the source page, 16384 vectors, 1e-4, a plan's search), and item-kernel shapes not measured before.
# Never run: s196 (forty-fourth session) measured these; its summary script is now benchmarks/ncu_stalls.py.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s192; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 120 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 \
    --variants "w8:item_warps=8" "b64w8:item_block=64;item_warps=8" "b16w2:item_block=16;item_warps=2" \
    --csv $S/ab.csv > $S/ab.txt 2>&1
echo "ab rc $?"; grep -A20 "^     M" $S/ab.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab.txt | head -5
timeout 150 ncu --clock-control none -k regex:dump_items --launch-skip 2 --launch-count 1 --section SourceCounters \
    --section WarpStateStats --page source --print-source sass --csv \
    python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 > $S/ncu_source.csv 2> $S/ncu_source.err
echo "ncu rc $? $(wc -l < $S/ncu_source.csv) lines"; tail -3 $S/ncu_source.err
python3 benchmarks/ncu_stalls.py $S/ncu_source.csv --top 40 > $S/ncu_top.txt 2>&1
head -52 $S/ncu_top.txt
