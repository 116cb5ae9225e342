# tenth session, call 1: tile_masks (NOTES 57) first GPU run.
# usage: bash s19.sh run "q0" | "q1" | "q0 q1".  q0: filter GPU tests, then tune_filters (pair + segmented, 4 rates). q1: the rest of the GPU suite, then the sieve at 110.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s19; source benchmarks/device/lib.sh
if [ "$1" = q0 ]; then  # ~5 min
    mkdir -p $S/filt
    timeout 200 python3 -m pytest -q -m gpu tests/test_sieve_filters.py -x > $S/filt/gpu_tests.log 2>&1
    tail -2 $S/filt/gpu_tests.log; grep -E "^FAILED|^ERROR|Error" $S/filt/gpu_tests.log | head -5
    timeout 330 python3 benchmarks/tune_filters.py --rates 1e-2,3e-4,1e-4,1e-6 --skip bucket --iters 3 --out $S/tune.csv > $S/tune.txt 2>&1
    tail -3 $S/tune.txt
    exit
fi
if [ "$1" = q1 ]; then
    mkdir -p $S/suite
    timeout 330 python3 -m pytest -q -m gpu tests --ignore=tests/test_sieve_filters.py -x > $S/suite/gpu_tests.log 2>&1
    tail -2 $S/suite/gpu_tests.log
    batch s110masks 110 0,1 60 "--segment-filters tma-masks"
    batch s110rounds 110 0,1 60 ""
    exit
fi
# one GPU lent this session: the two queues one after the other (the caller picks: q0, q1 or both)
for q in ${2:-q0 q1}; do bash benchmarks/device/s19.sh $q; done
[ -s /tmp/s19/tune.csv ] && python3 - <<'P'
import csv
for r in csv.DictReader(open("/tmp/s19/tune.csv")):
    print(f"{r['op'][:42]:42s} {r['config'][:60]:60s} {r['gpairs_s']:>8s} {r['tops']:>5s} {r['same_hits']}")
P
cp -r $S/* $OUT/ 2>/dev/null
