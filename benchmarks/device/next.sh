# planned first call of the sixth session (written at the end of the fifth, device time spent):
# the GPU suite, then where the sieve's time goes (--profile) at dimension 100 and 110, and the
# segmented pair search at the sieve's bucket sizes and in-bucket hit rates (2.5-5.4e-4 measured).
# Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/next.sh   (carry .whl)
source benchmarks/device/setup.sh || exit 1
timeout 200 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests 2>&1 | tee $OUT/gpu_tests.log | tail -3
timeout 100 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 131072 --segments 1024,4096 --segment-count 4096 --bucket-m "" --rates 1e-3,3e-4,1e-4 --iters 3 --out $OUT/filters_segments.csv 2>&1 | grep -v "^\[int8tc\]" | grep segment | tail -12
timeout 100 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 30 --extra "--profile" --out /tmp/p100 2>&1 | grep "^{" | cut -c1-200; cp /tmp/p100/summary.csv $OUT/sieve100_profile.csv
timeout 170 python3 benchmarks/run_sieve.py --dims 110 --seeds 2 --timeout 160 --extra "--profile" --out /tmp/p110 2>&1 | grep "^{" | cut -c1-200; cp /tmp/p110/summary.csv $OUT/sieve110_profile.csv
cut -d, -f1,2,5,15 $OUT/sieve1*_profile.csv
# where the segmented search's time goes (hardware counters, if ncu can read them on this runtime)
timeout 120 ncu --clock-control none -k regex:segment_pair --launch-skip 1 --launch-count 1 --section SpeedOfLight --section WarpStateStats --section LaunchStats --section Occupancy python3 benchmarks/profile_segment.py 2>&1 | tail -60 > $OUT/ncu_segment.txt; tail -40 $OUT/ncu_segment.txt
