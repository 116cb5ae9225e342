# fifteenth session, eighth call: the item kernel's grid at small searches (the 16384 plan's item kernel: 7.8 us
# for ~13K items on ~1800-2048 programs of 2 warps): tune_filters --item-programs, plans and calls, 1e-4.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s59; mkdir -p $S
timeout 200 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536 --item-programs 1024,512,264,132 \
    --plan --rates 1e-4 --iters 20 --out $S/tune_items.csv > $S/tune.txt 2>&1
python3 - $S/tune_items.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    c = r["config"]; i = c.find("items"); print(r["op"][:30].ljust(30), c[i:i + 10].ljust(10), r["time_ms"], r["tops"], r["same_hits"])
P
tail -2 $S/tune.txt; cp $S/* $OUT/ 2>/dev/null
