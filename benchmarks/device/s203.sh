# forty-eighth session (NOTES.md 97): FilterConfig.dump_mask_items (a listing pass over the dump, one atomic per slot,
# then mask_items_kernel on equal blocks of the listed items) against the default's dump_items_kernel at 16384,
# its shapes (item blocks of 8 / 16 / 32 on 1 / 2 / 4 warps, listing pieces, the dependent launch); the GPU tests of
# the path; per-kernel times of the best shape and the default; then the winner's wider A/B (8192 / 12288 / 16384).
export PYTHONUNBUFFERED=1 C0=${INT8TC_COMMIT:-unknown}
S=$OUT/s203; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
M="dump_mask_items=true"
VARIANTS=("mi8w1:$M;item_block=8;item_warps=1" "mi8w1pdl:$M;item_block=8;item_warps=1;dump_pdl=true"
    "mi16w1:$M;item_block=16;item_warps=1" "mi32w4:$M;item_block=32"
    "mi8w1lp4:$M;item_block=8;item_warps=1;dump_list_pieces=4")
INT8TC_COMMIT=$C0 PYTHONPATH=$PWD/src timeout 200 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 \
    --rounds 2 --roof-seconds 1 --regs --variants "${VARIANTS[@]}" --csv $S/ab_mi.csv > $S/ab_mi.txt 2>&1
echo "ab mi rc $?"; grep -A20 "^     M" $S/ab_mi.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab_mi.txt | head -5
grep "^build" $S/ab_mi.txt | sort | uniq -c | head -20
T="python3 -m pytest -q -p no:cacheprovider"
PYTHONPATH=$PWD/src timeout 150 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "maskitems or (all_32 and mask)" > $S/tests1.log 2>&1 &
PYTHONPATH=$PWD/src timeout 150 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "random or (gpu and (balanced or dump))" > $S/tests2.log 2>&1 &
W=$(python3 - $S/ab_mi.csv <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["rate"] == "0.0001"]
t = {r["config"]: float(r["time_ms"]) for r in rows}
print(min((c for c in t if c.startswith("mi")), key=t.get, default=""))
PY
)
for v in "${VARIANTS[@]}"; do [ "${v%%:*}" = "$W" ] && V=$v; done
echo "best listed shape at 1e-4: $W"
for r in 1e-4; do
  PYTHONPATH=$PWD/src timeout 60 python3 benchmarks/profile_filters.py --m 16384 --k 128 --rate $r --plan --kernels \
      > $S/prof_default_$r.txt 2>&1
  PYTHONPATH=$PWD/src timeout 60 python3 benchmarks/profile_filters.py --m 16384 --k 128 --rate $r --plan --kernels \
      --variant "$V" > $S/prof_${W}_$r.txt 2>&1
done
wait
for f in tests1 tests2; do echo "$f: $(tail -1 $S/$f.log)"; grep -E "^FAILED|^ERROR" $S/$f.log | head -5; done
for f in $S/prof_*; do echo "== $f"; head -12 $f; done
INT8TC_COMMIT=$C0 PYTHONPATH=$PWD/src timeout 80 python3 benchmarks/ab_plans.py --m 8192,12288,16384 \
    --rates 1e-2,1e-4,1e-6 --rounds 2 --roof-seconds 1 --variants "$V" --csv $S/ab_wide.csv > $S/ab_wide.txt 2>&1
echo "ab wide rc $?"; grep -A14 "^     M" $S/ab_wide.txt; grep -E "Error|error|SystemExit" $S/ab_wide.txt | head -5
