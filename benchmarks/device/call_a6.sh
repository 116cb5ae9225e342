# sixth session, first call, on nvidia-h200-x2: GPU 0 runs the GPU suite, the segmented-search
# benchmark and ncu; GPU 1 meanwhile runs the sieve with --profile at dimension 100 (3 seeds) and 110.
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/call_a6.sh   (carry .whl)
source benchmarks/device/setup.sh || exit 1
python3 -c 'import torch; print(torch.cuda.device_count(), "GPUs")'
(
export CUDA_VISIBLE_DEVICES=1
timeout 110 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 35 --extra "--profile" --out /tmp/p100 > $OUT/sieve100.log 2>&1; cp /tmp/p100/summary.csv $OUT/sieve100_profile.csv
timeout 170 python3 benchmarks/run_sieve.py --dims 110 --seeds 2 --timeout 165 --extra "--profile" --out /tmp/p110 > $OUT/sieve110.log 2>&1; cp /tmp/p110/summary.csv $OUT/sieve110_profile.csv
) &
export CUDA_VISIBLE_DEVICES=0
timeout 220 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests > $OUT/gpu_tests.log 2>&1; tail -3 $OUT/gpu_tests.log; grep -E "^FAILED|^ERROR" $OUT/gpu_tests.log | head -20
timeout 80 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 131072 --segments 1024,4096 --segment-count 4096 --bucket-m "" --rates 1e-3,3e-4,1e-4 --iters 3 --out $OUT/filters_segments.csv 2>&1 | grep -v "^\[int8tc\]" | grep -i segment | tail -12
timeout 60 ncu --clock-control none -k regex:segment_pair --launch-skip 1 --launch-count 1 --section SpeedOfLight --section WarpStateStats --section LaunchStats --section Occupancy python3 benchmarks/profile_segment.py > $OUT/ncu_segment.txt 2>&1; grep -E "Throughput|Duration|Registers|Occupancy|Stall|Warp Cycles|Issued" $OUT/ncu_segment.txt | head -30
wait
grep "^{" $OUT/sieve100.log $OUT/sieve110.log | cut -c1-900
