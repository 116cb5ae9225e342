# thirty-fifth session: where the stream_regs plan's time goes at 16384 vectors (s170: no faster than the default,
# 0.0623 against 0.0613 ms at 1e-4): per-kernel times and the last call's gaps, default and stream_regs, 1e-4 and
# 1e-6.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s171; mkdir -p $S
export PYTHONPATH=$PWD/src
for rate in 1e-4 1e-6; do
  for v in default stream; do
    extra=""; [ $v = stream ] && extra="--stream-regs"
    timeout 100 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate $rate --plan --kernels $extra \
        --trace $S/trace_${v}_$rate.json > $S/profile_${v}_$rate.txt 2>&1
    echo "== $v $rate"; grep -v "^\s*$" $S/profile_${v}_$rate.txt | tail -14
  done
done
rm -f $S/*.json
cd $OUT && tar czf s171.tgz s171
