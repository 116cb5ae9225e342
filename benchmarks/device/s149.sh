# planned for the thirty-first session (written at the end of the thirtieth, never run): the default pair config's
# stages and register cap at 16384 and 65536. Static (sm_90a, no GPU; NOTES.md 81): after the thirtieth session's
# changes the balanced exact loop's inner path is 345 SASS instructions per warp and tile at 3 stages / 168
# registers (the default), against 314 at 4 / 168, 318 at 3 / 160, 313 at 2 / 160, 315 at 4 / 160 (no spills in
# the loop in any; the differences are IMAD moves). The norm_bound grid loop (65536+) reads 187-190 in all of them.
# 4 stages: ~74 KB of shared memory per block, 3 blocks per SM fit (222 KB).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s149; mkdir -p $S
export PYTHONPATH=$PWD/src
timeout 150 python3 benchmarks/ab_plans.py --m 16384,65536 --rates 1e-4,1e-6 --rounds 4 --csv $S/ab_stages_regs.csv \
    --variants "s4:num_stages=4" "r160:maxnreg=160" "s2r160:num_stages=2;maxnreg=160" "s4r160:num_stages=4;maxnreg=160" \
    > $S/ab_stages_regs.txt 2>&1
echo "ab rc $?"; tail -22 $S/ab_stages_regs.txt
cd $OUT && tar czf s149.tgz s149
