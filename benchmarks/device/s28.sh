# twelfth session, first call (1800 s of device time): item_reserve="batch" measured (NOTES 59): the pair search's
# kernels at 1e-4 with each reservation, tune_filters at three rates (each default beside its batch variant), then
# bench-filters at K = 64, 96, 160, 192 with the tile_masks defaults (the issue's table at every K)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s28; mkdir -p $S
for r in item batch; do timeout 45 python3 benchmarks/profile_filters.py --op pair --rate 1e-4 --kernels --item-reserve $r 2>&1 | tail -6; done | tee $S/profile.txt
cp $S/* $OUT/ 2>/dev/null
timeout 200 python3 benchmarks/tune_filters.py --rates 1e-2,1e-4,1e-6 --skip bucket --out $S/tune.csv > $S/tune.txt 2>&1
cut -c1-200 $S/tune.txt | tail -25; cp $S/* $OUT/ 2>/dev/null
timeout 260 python3 -m int8tc.cli bench-filters --ks 64,96,160,192 --pair-m 131072 --segments 4096 --bucket-m 1048576 \
    --bucket-n 16384 --rates 1e-2,1e-4,1e-6 --iters 5 --out $S/filters_k.csv > $S/filters_k.txt 2>&1
tail -2 $S/filters_k.txt; cp $S/* $OUT/ 2>/dev/null
[ -s $S/filters_k.csv ] && python3 - <<'P'
import csv
for r in csv.DictReader(open("/tmp/s28/filters_k.csv")):
    if "roof" in r.get("op", ""):
        print(r["op"], r["tops"]); continue
    print(f"{r['op'][:26]:26s} K{r['K']:>4s} {r['target_rate']:>6s} {r['gpairs_s']:>8s} {r['tops']:>5s} {r['pct_roof']:>5s}")
P
