# forty-eighth session (NOTES.md 97): FilterConfig.dump_mask_items (a listing pass over the dump, one atomic per slot,
# then mask_items_kernel on equal blocks of the listed items) against the default's dump_items_kernel at 16384,
# its shapes (item blocks of 8 and 16 on 1 warp, 32 on 4, 4 listing pieces, the dependent launch); per-kernel times of
# the best shape and the default; the GPU tests of the path.
# Run on commit 51e1333's tree (the path was removed after it, NOTES.md 97: git checkout a9d432b -- src tests to rerun);
# its profiles then lacked --op pair (they timed the segment search; the two lines below carry it since) and were
# redone on the same warm H100 (s203b):
# profile_filters.py --op pair --m 16384 --k 128 --rate {1e-4,1e-6} --plan --kernels [--variant V] for the default,
# mi8w1 and mi8w1pdl.
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
W=$(python3 - $S/ab_mi.csv <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["rate"] == "0.0001"]
t = {r["config"]: float(r["time_ms"]) for r in rows}
print(min((c for c in t if c.startswith("mi")), key=t.get, default=""))
PY
)
for v in "${VARIANTS[@]}"; do [ "${v%%:*}" = "$W" ] && V=$v; done
echo "best listed shape at 1e-4: $W"
PYTHONPATH=$PWD/src timeout 40 python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 --plan --kernels \
    > $S/prof_default.txt 2>&1
PYTHONPATH=$PWD/src timeout 40 python3 benchmarks/profile_filters.py --op pair --m 16384 --k 128 --rate 1e-4 --plan --kernels \
    --variant "$V" > $S/prof_$W.txt 2>&1
for f in $S/prof_*; do echo "== $f"; head -12 $f; done
T="python3 -m pytest -q -p no:cacheprovider"
PYTHONPATH=$PWD/src timeout 150 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    -k "maskitems or (all_32 and mask) or random" > $S/tests1.log 2>&1
echo "tests1: $(tail -1 $S/tests1.log)"; grep -E "^FAILED|^ERROR" $S/tests1.log | head -5
