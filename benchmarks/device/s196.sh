# forty-fourth session (NOTES.md 93): (1) the item kernel's occupancy knobs (NOTES 92's next lever: more warps per
# item program, register caps for more programs per SM (static, sm_90a: 8 warps 105 registers, at 80 no spill), 64-item
# blocks so that a slot is one block), plans at 16384 (K = 128, same process, records checked), the GPU's own builds'
# registers; (2) FilterConfig.pool (the balanced search's last units in a shared pool of ranges); (3) the GPU tests of
# the pool; (4) the balanced search programs' ends (TRACE); (5) ncu's warp-stall samples per SASS instruction of
# dump_items_kernel (s192's, never run).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s196; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 170 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 --regs \
    --variants "w8:item_warps=8" "w8r80:item_warps=8;item_maxnreg=80" "w8r64:item_warps=8;item_maxnreg=64" \
    "b64w8:item_block=64;item_warps=8" "r96:item_maxnreg=96" "w8r80d128:item_warps=8;item_maxnreg=80;dump_rows=128" \
    --csv $S/ab_items.csv > $S/ab_items.txt 2>&1
echo "ab items rc $?"; grep -A20 "^     M" $S/ab_items.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab_items.txt | head -5
grep "^build" $S/ab_items.txt | sort | uniq -c | head -20
timeout 130 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 1 \
    --variants "p10:pool=10" "p20:pool=20" "p20u4:pool=20;pool_units=4" "p35:pool=35" \
    "p20w8r80:pool=20;item_warps=8;item_maxnreg=80" \
    --csv $S/ab_pool.csv > $S/ab_pool.txt 2>&1
echo "ab pool rc $?"; grep -A16 "^     M" $S/ab_pool.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab_pool.txt | head -5
timeout 100 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "pool or random_shapes" > $S/tests.log 2>&1
echo "tests: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR" $S/tests.log | head -5
timeout 40 python3 benchmarks/trace_balanced.py --m 16384 --rates 1e-4 --out $S/trace.csv > $S/trace.txt 2>&1
echo "trace rc $?"; head -14 $S/trace.txt
timeout 110 ncu --clock-control none -k regex:dump_items --launch-skip 2 --launch-count 1 --section SourceCounters \
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
head -30 $S/ncu_top.txt
