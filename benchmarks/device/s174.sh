# thirty-fifth session: is register pressure what holds the stream_regs search back? Its s170 code (branch
# stream-regs, commit 9f7c042, extracted to ab_stream/) at 255 registers with 2 programs per SM (no spill, the
# prefetch in registers of its own) against the default and stream_regs at 168 / 3, plans at 16384, records equal.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s174; mkdir -p $S
export PYTHONPATH=$PWD/ab_stream/src
timeout 150 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof 1300 \
    --variants "stream:stream_regs=true" "s255b2:stream_regs=true;maxnreg=255;balanced=2" "b2:balanced=2" \
    --csv $S/ab_regs.csv > $S/ab_regs.txt 2>&1
echo "ab rc $?"; grep -A12 "M   rate" $S/ab_regs.txt
cd $OUT && tar czf s174.tgz s174
