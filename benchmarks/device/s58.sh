# fifteenth session, seventh call: ncu (s57) put the 16384 search at 0.52 issued instructions per cycle and
# scheduler with 2.84 warps per scheduler (3 blocks of 4 warps per SM, 168 registers). Four blocks per SM
# (128 registers, 2 stages so the shared memory fits, balanced 4): tune_filters --occupancy, plans and calls.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s58; mkdir -p $S
timeout 200 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536 --occupancy --plan \
    --rates 1e-4 --iters 20 --out $S/tune_occupancy.csv > $S/tune.txt 2>&1
python3 - $S/tune_occupancy.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["op"][:30].ljust(30), r["config"][-56:].ljust(56), r["time_ms"], r["tops"], r["same_hits"])
P
tail -3 $S/tune.txt; cp $S/* $OUT/ 2>/dev/null
