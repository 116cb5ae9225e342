# planned calls of the eighth session (written at the end of the seventh, device time spent).
# Everything committed is GPU-run except the --insert-at CLI option (CPU-tested).
# Detached per-GPU queues as in s8.sh (a queue may outlive one 10-minute command):
#   call 1:  INT8TC_COMMIT=<hash> bash benchmarks/device/next.sh start [SECONDS]   (carry .whl; nvidia-h200-x2)
#   calls 2..: bash benchmarks/device/next.sh wait [SECONDS]   (back to back; each packs $OUT/next.tgz)
# GPU 0: the GPU suite, the full filter benchmark with the unfused baseline in the same run (issue
#   4's table; row_hits is timed beside each default), then dimension 110 x 3 with
#   --segment-filters plain-rowhits (the per-row write path measured 1.33-1.49x standalone,
#   NOTES 46), then 120 seed 1 with it.
# GPU 1: dimension 110 x 3 with the defaults (the A/B's other side, same machine), then 120 seed 1.
# If plain-rowhits wins in the sieve, make row_hits the default (FilterConfig) and re-time 100/120.
# Also not GPU-run: defer_rows (NOTES 50; bench-filters times it beside row_hits; if it wins there,
# A/B --segment-filters tma-defer in the sieve the same way).
# Issue 6 lead (NOTES 51): Ozaki-II's residue split spills at its default tiles (32 x 128, 4 warps);
# time it against 16 x 64 x 4 warps and 32 x 128 x 8 warps: PYTHONPATH=src python3 benchmarks/tune_ozaki2.py
# --sizes 4096,8192 --moduli 15 (split_a_bounds_*_ms columns; OzakiIIGemm.split_tiles).
# Issue 3 lead (NOTES 51): Ozaki-I's fused reconstruction spills at 128 x 128 but not at 128 x 64 x 8
# warps: time Config(block_m=128, block_n=64, fused_recon=True) against the default at S = 2..8.
# Not GPU-run yet: bucketing's row_hits path (main, opt-in; its GPU tests are in the suite above and
# bench-filters times it, NOTES 47) and int32 database coefficients (branch int32-coeffs, NOTES 48
# there: check it out, run the sieve tests and a dimension-120 seed with --insert-at none against
# main's, which died at context 108; merge if it holds).
set -u
S=/tmp/next
batch() {  # tag dims seeds timeout extra
    mkdir -p $S/$1
    python3 benchmarks/run_sieve.py --dims "$2" --seeds "$3" --timeout "$4" --extra="$5" --out $S/$1 > $S/$1/log.txt 2>&1
}
case "${1:-}" in
start)
    source benchmarks/device/setup.sh || exit 1
    mkdir -p $S
    CUDA_VISIBLE_DEVICES=0 setsid nohup bash benchmarks/device/next.sh q0 > $S/q0.log 2>&1 < /dev/null &
    CUDA_VISIBLE_DEVICES=1 setsid nohup bash benchmarks/device/next.sh q1 > $S/q1.log 2>&1 < /dev/null &
    sleep 2; exec bash benchmarks/device/next.sh wait "${2:-540}" ;;
q0)
    mkdir -p $S/suite; echo "$(date +%T) suite"
    timeout 300 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests > $S/suite/gpu_tests.log 2>&1
    mkdir -p $S/filters; echo "$(date +%T) bench-filters"
    timeout 400 python3 -m int8tc.cli bench-filters --unfused --out $S/filters/filters.csv > $S/filters/log.txt 2>&1
    echo "$(date +%T) d110 rowhits"; batch d110_rowhits 110 0,1,2 120 "--segment-filters plain-rowhits"
    echo "$(date +%T) d120 rowhits"; batch d120_rowhits 120 1 400 "--segment-filters plain-rowhits --profile"
    echo "$(date +%T) done" ;;
q1)
    echo "$(date +%T) d110"; batch d110 110 0,1,2 120 ""
    echo "$(date +%T) d120"; batch d120 120 1 400 "--profile"
    echo "$(date +%T) done" ;;
wait)
    limit=${2:-540}
    for _ in $(seq 1 $((limit / 5))); do
        pgrep -f "next.sh q" > /dev/null || break
        sleep 5
    done
    cat $S/q*.log
    for f in $S/*/summary.csv; do [ -s "$f" ] && { echo "== $f"; cut -d, -f1-5,7,9,10,13 "$f"; }; done
    [ -s $S/suite/gpu_tests.log ] && { tail -1 $S/suite/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/suite/gpu_tests.log | head; }
    tar czf $OUT/next.tgz -C $S .
    pgrep -f "next.sh q" > /dev/null && echo "STILL RUNNING" || echo "ALL DONE" ;;
*)
    echo "usage: next.sh start [SECONDS] | wait [SECONDS]"; exit 2 ;;
esac
