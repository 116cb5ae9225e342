# forty-ninth session (NOTES.md 98), after s204: the probe's square kernel at 3 blocks per SM (152 registers) and at 4
# (-DMINB=4, 128 registers, no spill), at 1e-4, on the same warm card. Written, not run (no device time was left).
S=$OUT/s205; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
nvcc -O3 -arch=sm_90a -o /tmp/p3 benchmarks/probes/mma_sync_probe.cu && nvcc -O3 -arch=sm_90a -DMINB=4 -o /tmp/p4 benchmarks/probes/mma_sync_probe.cu
for b in p3 p4 p3 p4; do timeout 40 /tmp/$b 16384 16 1e-4 square >> $S/square_$b.txt 2>&1; done
for b in p3 p4; do echo "== $b"; grep -E "^fused|blocks per SM" $S/square_$b.txt; done
