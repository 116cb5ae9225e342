# forty-fifth session (NOTES.md 94): s198 (FilterConfig.dump_overlap beside the search, from
# benchmarks/patches/dump_overlap_beside.patch, applied to a copy of the tree), with FilterConfig.dump_late (each
# search program's last chunk by an item program of its own; 2-warp item programs for two per SM) first; then, on main's tree, the GPU
# tests owed since s194 (dump, list, balanced) beside the patched tree's overlap tests; then, if an overlap variant won, its wider A/B, else s197's search-side knobs.
# (the patch was removed after this run, commit b03fcb2; to rerun: git show 8fca532:benchmarks/patches/dump_overlap_beside.patch)
export PYTHONUNBUFFERED=1 C0=${INT8TC_COMMIT:-unknown}
S=$OUT/s199; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
P=/tmp/ovb; rm -rf $P; mkdir -p $P; cp -r src tests benchmarks pyproject.toml $P/
(cd $P && patch -p1 -N -s < benchmarks/patches/dump_overlap_beside.patch) || { echo "the patch does not apply"; exit 1; }
VARIANTS=("ovb144:dump_overlap=1;maxnreg=144;item_block=16"
    "ovb152:dump_overlap=1;maxnreg=152;item_block=16;item_maxnreg=56" "r144b16:maxnreg=144;item_block=16"
    "ovb144x2:dump_overlap=2;maxnreg=144;item_block=16" "ovbL:dump_overlap=1;dump_late=true;maxnreg=144;item_block=16"
    "ovbL2w:dump_overlap=2;dump_late=true;maxnreg=136;item_block=16;item_warps=2;item_maxnreg=104")
(cd $P && INT8TC_COMMIT=$C0+dump_overlap_beside.patch PYTHONPATH=$P/src timeout 210 python3 benchmarks/ab_plans.py \
    --m 16384 --rates 1e-4,1e-6 --rounds 2 --roof-seconds 1 --regs --variants "${VARIANTS[@]}" \
    --csv $S/ab_ovb.csv > $S/ab_ovb.txt 2>&1)
echo "ab ovb rc $?"; grep -A16 "^     M" $S/ab_ovb.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab_ovb.txt | head -5
grep "^build" $S/ab_ovb.txt | sort | uniq -c | head -20
T="python3 -m pytest -q -p no:cacheprovider"
(cd $P && PYTHONPATH=$P/src timeout 170 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k overlap > $S/tests_ovb.log 2>&1) &
PYTHONPATH=$PWD/src timeout 170 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "dump or list" > $S/tests1.log 2>&1 &
PYTHONPATH=$PWD/src timeout 170 $T tests/test_sieve_filters.py -k "(gpu and balanced) or panel_of" > $S/tests2.log 2>&1 &
wait
for f in tests_ovb tests1 tests2; do echo "$f: $(tail -1 $S/$f.log)"; grep -E "^FAILED|^ERROR" $S/$f.log | head -5; done
# if an overlap variant beats the default at 1e-4, its wider A/B (8192 / 12288 / 16384 at 1e-2 / 1e-4 / 1e-6); else s197
W=$(python3 - $S/ab_ovb.csv <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["rate"] == "0.0001"]
t = {r["config"]: float(r["time_ms"]) for r in rows}
best = min((c for c in t if c.startswith("ovb")), key=t.get, default=None)
print(best if best and t[best] < t.get("default", 0) else "")
PY
)
echo "overlap winner: ${W:-none}"
if [ -n "$W" ]; then
  for v in "${VARIANTS[@]}"; do [ "${v%%:*}" = "$W" ] && V=$v; done
  (cd $P && INT8TC_COMMIT=$C0+dump_overlap_beside.patch PYTHONPATH=$P/src timeout 150 python3 benchmarks/ab_plans.py \
      --m 8192,12288,16384 --rates 1e-2,1e-4,1e-6 --rounds 2 --roof-seconds 1 --variants "$V" \
      --csv $S/ab_wide.csv > $S/ab_wide.txt 2>&1)
  echo "ab wide rc $?"; grep -A14 "^     M" $S/ab_wide.txt; grep -E "Error|error|SystemExit" $S/ab_wide.txt | head -5
else
  INT8TC_COMMIT=$C0 PYTHONPATH=$PWD/src timeout 150 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 \
      --rounds 2 --roof-seconds 1 --regs --variants "g8:column_groups=8" "st2:num_stages=2" "st4:num_stages=4" \
      "nb:norm_bound=1" --csv $S/ab_knobs.csv > $S/ab_knobs.txt 2>&1
  echo "ab knobs rc $?"; grep -A12 "^     M" $S/ab_knobs.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab_knobs.txt | head -5
fi
