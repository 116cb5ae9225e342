# forty-fourth session (NOTES.md 93): the item kernel's occupancy knobs (NOTES 92's next lever: more warps per item
# program, register caps for more programs per SM (static, sm_90a: 8 warps 105 registers, at 80 no spill), 64-item blocks so that a slot is one block) and a few search knobs,
# plans at 16384 (K = 128, same process, records checked), the GPU's own builds' registers; then ncu's warp-stall
# samples per SASS instruction of dump_items_kernel (s192's, never run); the balanced search's program ends (TRACE).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s196; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 220 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 --regs \
    --variants "w8:item_warps=8" "w8r80:item_warps=8;item_maxnreg=80" "w8r72:item_warps=8;item_maxnreg=72" \
    "w8r64:item_warps=8;item_maxnreg=64" "b64w8:item_block=64;item_warps=8" "r96:item_maxnreg=96" \
    "w8r80d128:item_warps=8;item_maxnreg=80;dump_rows=128" \
    --csv $S/ab_items.csv > $S/ab_items.txt 2>&1
echo "ab items rc $?"; grep -A20 "^     M" $S/ab_items.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab_items.txt | head -5
timeout 150 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 1 --regs \
    --variants "st4:num_stages=4" "c2:panel_cost=2" "c8:panel_cost=8" "r160:maxnreg=160" "r176:maxnreg=176" \
    --csv $S/ab_search.csv > $S/ab_search.txt 2>&1
echo "ab search rc $?"; grep -A16 "^     M" $S/ab_search.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab_search.txt | head -5
timeout 60 python3 benchmarks/trace_balanced.py --m 16384 --rates 1e-4,1e-6 --out $S/trace.csv > $S/trace.txt 2>&1
echo "trace rc $?"; cat $S/trace.txt | head -30
grep "^build" $S/ab_items.txt $S/ab_search.txt | sort -u | head -30
timeout 150 ncu --clock-control none -k regex:dump_items --launch-skip 2 --launch-count 1 --section SourceCounters \
    --section WarpStateStats --page source --print-source sass --csv \
    python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 > $S/ncu_source.csv 2> $S/ncu_source.err
echo "ncu rc $? $(wc -l < $S/ncu_source.csv) lines"; tail -3 $S/ncu_source.err
python3 - $S/ncu_source.csv <<'PY' > $S/ncu_top.txt 2>&1
import csv, sys
lines = [l for l in open(sys.argv[1]) if l.startswith('"')]
rows = list(csv.DictReader(lines))
if not rows:
    sys.exit("no rows")
cols = list(rows[0])
print("columns:", cols[:40])
key = next(c for c in cols if "Sampling" in c and "All" in c)
tot = sum(float(r[key] or 0) for r in rows)
print(f"{len(rows)} instructions, {tot:.0f} samples ({key})")
for r in sorted(rows, key=lambda r: -float(r[key] or 0))[:40]:
    print(f"{float(r[key] or 0) / tot * 100:5.1f}%  {r.get('Address', '')}  {r.get('Source', '')[:90]}")
PY
head -48 $S/ncu_top.txt
