# ninth session, fix check (nvidia-h200-x2; carry .whl): the int64 item offsets of deferred_rows_kernel.
# GPU 0: the sieve filters' GPU tests (with the new 6e8-capacity test). GPU 1: the repro that crashed in s16.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s17; mkdir -p $S
(CUDA_VISIBLE_DEVICES=0 timeout 200 python3 -m pytest -q -n 4 -p no:cacheprovider -p no:benchmark tests/test_sieve_filters.py -m gpu > $S/gpu_tests.log 2>&1) &
(CUDA_VISIBLE_DEVICES=1 timeout 120 python3 benchmarks/profile_filters.py --op segment --segments 5000 --size 4300 --rate 3e-3 > $S/repro.txt 2>&1) &
wait
tail -2 $S/repro.txt | cut -c1-200; tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head
cp $S/* $OUT/
