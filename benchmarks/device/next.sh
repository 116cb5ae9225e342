# planned first calls of the seventh session (written at the end of the sixth, device time spent).
# The sixth session's last changes are CPU-tested only: lifts skip vectors already lifted, one pass
# for quantisation and rounding errors, the merge skips a repeated dedupe (all three keep the run
# identical, checked on CPU), and --segment-filters. So:
# calls 1 and 2 (one H200, ~5 and ~4 min): GPU suite (it runs the new row_hits kernels' tests first time on the GPU),
#   dimension 100 x 3 with the default, --segment-filters plain and tma-rowhits (NOTES 45), the
#   segmented search with row_hits beside the defaults, dimension 110 seed 2.
#   INT8TC_COMMIT=<hash> bash benchmarks/device/next.sh 1, then ... next.sh 2   (carry .whl)
# calls 3..: dimension 120 seeds 0, 1, 2 for the median (~6.7 min each at 8f88167): on nvidia-h200-x2
#   start two at once (long_sieve.sh start 120 0 0; long_sieve.sh start 120 1 1), then
#   long_sieve.sh wait 560 back to back, then seed 2.
# if time is left: dimension 110, --bgj1-max-buckets 16384 --bgj1-alpha 0.40 against the defaults
#   (the cap binds from context ~89; NOTES.md 44), and bench-filters --segments ... --sweep.
# Two parts so that each stays inside the 10-minute command limit: next.sh 1, then next.sh 2.
source benchmarks/device/setup.sh || exit 1
part=${1:-1}
if [ "$part" = 1 ]; then
timeout 200 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests > $OUT/gpu_tests.log 2>&1; tail -2 $OUT/gpu_tests.log; grep -E "^FAILED|^ERROR" $OUT/gpu_tests.log | head
timeout 100 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 30 --out /tmp/a > /dev/null 2>&1; cp /tmp/a/summary.csv $OUT/sieve100.csv
timeout 100 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 30 --extra="--segment-filters plain" --out /tmp/b > /dev/null 2>&1; cp /tmp/b/summary.csv $OUT/sieve100_segplain.csv
timeout 100 python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 30 --extra="--segment-filters tma-rowhits" --out /tmp/d > /dev/null 2>&1; cp /tmp/d/summary.csv $OUT/sieve100_segrowhits.csv
cut -d, -f1-5,7,9,10 $OUT/sieve100*.csv
else
timeout 150 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 131072 --segments 4096 --segment-count 4096 --bucket-m "" --rates 3e-4,1e-4 --iters 3 --sweep --out $OUT/filters_rowhits.csv 2>&1 | grep -v "^\[int8tc\]" | grep -i "segment\|pair_search\|failed" | tail -30
timeout 150 python3 benchmarks/run_sieve.py --dims 110 --seeds 2 --timeout 145 --extra=--profile --out /tmp/c > /dev/null 2>&1; cp /tmp/c/summary.csv $OUT/sieve110.csv
cut -d, -f1-5,7,9,10 $OUT/sieve110.csv
fi
