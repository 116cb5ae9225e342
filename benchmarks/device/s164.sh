# thirty-fourth session, eighth call: bench-filters at K = 128 once more on the final src (a second reading of the
# roof and of the 16384 plan; the roof moves ~5% between runs).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s164; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
timeout 330 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"
python3 -c "
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if 'sustained' in r['op'] or r['op'].endswith('_plan') or (r['op'] in ('pair_search', 'bucket') and 'masks' in r['config'] and r['config'].startswith('64x128')):
        print(f\"{r['op'][:44]:44s} {r['M']:>8s} {r['N']:>6s} {r['target_rate']:>7s} {r['time_ms']:>8s} {r['tops']:>6s} {r['pct_roof']:>6s}\")
" $S/filters_k128.csv
cd $OUT && tar czf s164.tgz s164
