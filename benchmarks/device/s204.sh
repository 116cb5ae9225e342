# forty-ninth session (NOTES.md 98): the mma.sync probe (benchmarks/probes/mma_sync_probe.cu): the legacy warp-level
# INT8 tensor-core instruction's rate on this card, a hand-written fused cross search (every pair of a 16384 x 16384
# square, K = 128, hits counted exactly in the same kernel, no second kernel) and the same loop over the Gram triangle
# with its records, at goals aimed at 1e-4 and 1e-6 (the probe's sampled goal hit 1.96e-5 and 0); beside it the
# library's 16384 Gram plan (the default) and the sustained roof in the same call. Cut to this form (one round, no
# 65536) while the device's starts kept failing; run on an H100 80GB HBM3 with the probe of commit 7f1707d (its MINB
# and square options came after the run).
export PYTHONUNBUFFERED=1
S=$OUT/s204; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
nvcc -O3 -arch=sm_90a -Xptxas -v -o /tmp/probe benchmarks/probes/mma_sync_probe.cu > $S/build.txt 2>&1
echo "build rc $?"; grep -A2 fused $S/build.txt | grep -E "registers|spill"
for r in 1e-4; do timeout 120 /tmp/probe 16384 16 $r > $S/probe_$r.txt 2>&1; echo "probe $r rc $?"; cat $S/probe_$r.txt; done
# (cut when the device was scarce) timeout 120 /tmp/probe 65536 16 1e-4 > $S/probe_65536_1e-4.txt 2>&1; echo "probe 65536 rc $?"; grep -v "^peak" $S/probe_65536_1e-4.txt
PYTHONPATH=$PWD/src timeout 130 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 1 --roof-seconds 1 \
    --variants "same:dump_bits=true" --csv $S/ab_base.csv > $S/ab_base.txt 2>&1
echo "ab rc $?"; grep -A8 "^     M" $S/ab_base.txt; grep -E "Error|roof measured" $S/ab_base.txt | head -5
timeout 60 /tmp/probe 16384 16 1e-6 > $S/probe_1e-6.txt 2>&1; echo "probe 1e-6 rc $?"; grep -v "^peak" $S/probe_1e-6.txt
