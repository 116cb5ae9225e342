# tenth session, call 2: tile_masks variants (item kernel programs/warps, 64x128 tiles, register caps) at 3e-4/1e-4/1e-6
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s20; mkdir -p $S
timeout 540 python3 benchmarks/tune_filters.py --rates 3e-4,1e-4,1e-6 --skip bucket --iters 3 --out $S/tune.csv > $S/tune.txt 2>&1
tail -3 $S/tune.txt
[ -s $S/tune.csv ] && python3 - <<'P'
import csv
for r in csv.DictReader(open("/tmp/s20/tune.csv")):
    print(f"{r['op'][8:36]:28s} {r['config'][10:70]:60s} {r['gpairs_s']:>8s} {r['tops']:>5s} {r['same_hits']}")
P
cp -r $S/* $OUT/ 2>/dev/null
