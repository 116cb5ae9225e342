# thirty-fourth session, fifth call. The item kernel's dp4a dots (2a521fc) also run the segmented search's default
# (DEFAULT_SEGMENT_CONFIG: 64x64 tiles, 16 items x 4 warps, 8 columns per item), whose int8 form did not spill
# (192 registers); NOTES 73 had found dp4a items no faster for bucketing. Old tree (ab_old: 169050f's src, before
# dp4a) against new, alternated in separate processes, two rounds: tune_filters' segment configs (4096 segments of
# 4096, K = 128) at 1e-2, 1e-4, 1e-6, hit counts checked within each process.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s161; mkdir -p $S
SECONDS=0
for r in 1 2; do
  for v in old new; do
    P=$PWD/src; [ $v = old ] && P=$PWD/ab_old/src
    PYTHONPATH=$P timeout 140 python3 benchmarks/tune_filters.py --skip pair,bucket --rates 1e-2,1e-4,1e-6 --iters 10 \
        --out $S/seg_${v}_$r.csv > $S/seg_${v}_$r.txt 2>&1
    echo "segment $v $r rc $? at $SECONDS s"
    python3 -c "import csv,sys; [print(f\"{r['op']:40s} {r['config'][:44]:44s} {r['time_ms']:>8s} {r['hits']:>9s} {r['same_hits']}\") for r in csv.DictReader(open(sys.argv[1]))]" $S/seg_${v}_$r.csv
  done
done
echo "done at $SECONDS s"
cd $OUT && tar czf s161.tgz s161
