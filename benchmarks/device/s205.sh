# forty-ninth session (NOTES.md 98), after s204: the probe's square kernel at 3 blocks per SM (152 registers) and at 4
# (-DMINB=4, 128 registers, no spill), at 1e-4; and the Gram kernel with its rows' A fragments staged in shared memory
# as ready quads (-DAQ_SMEM=1: static, the Gram tile body 651 -> 425 instructions per warp, 162 registers, the square
# 165, no spill, both 3 blocks per SM),
# on the same warm card. Written, not run (no device time was left in that session).
S=$OUT/s205; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
P=benchmarks/probes/mma_sync_probe.cu
nvcc -O3 -arch=sm_90a -o /tmp/p3 $P && nvcc -O3 -arch=sm_90a -DMINB=4 -o /tmp/p4 $P && \
    nvcc -O3 -arch=sm_90a -DAQ_SMEM=1 -o /tmp/pa $P || echo "build failed"
for b in p3 p4 p3 p4; do timeout 40 /tmp/$b 16384 16 1e-4 square >> $S/square_$b.txt 2>&1; done
for b in p3 p4; do echo "== $b"; grep -E "^fused|blocks per SM" $S/square_$b.txt; done
for b in p3 pa; do timeout 60 /tmp/$b 16384 16 1e-4 > $S/full_$b.txt 2>&1; echo "== $b"; grep -E "^gram|^fused seg.*16 " $S/full_$b.txt; done
