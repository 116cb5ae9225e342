# ninth session, second call (nvidia-h200-x2; carry .whl): the per-row hit path, relaxed atomics, oblong Gram tiles.
#   INT8TC_COMMIT=<hash> bash benchmarks/device/s14.sh start [SECONDS]; then s14.sh wait [SECONDS]
# GPU 0: the GPU tests of the touched modules, tune_filters (pair search 64x64 vs 64x128, defer vs
#   rounds; segmented; bucketing 64x64 vs 64x128) at 1e-4 / 3e-4 / 1e-6, bench-filters at K = 128
#   (defaults, all write paths, unfused), ncu of the new pair search at 1e-4.
# GPU 1: int8tc bench (Ozaki-I; its scales' atomics are relaxed now) and --accuracy fp64, the sieve
#   at 110 (default tma-rounds, then tma-defer), then 120 on tma-defer (seeds 0-2, --profile).
set -u
S=/tmp/s14
batch() {  # tag dims seeds timeout extra
    mkdir -p $S/$1
    python3 benchmarks/run_sieve.py --dims "$2" --seeds "$3" --timeout "$4" --extra="$5" --out $S/$1 > $S/$1/log.txt 2>&1
}
case "${1:-}" in
start)
    source benchmarks/device/setup.sh || exit 1
    mkdir -p $S
    CUDA_VISIBLE_DEVICES=0 setsid nohup bash benchmarks/device/s14.sh q0 > $S/q0.log 2>&1 < /dev/null &
    CUDA_VISIBLE_DEVICES=1 setsid nohup bash benchmarks/device/s14.sh q1 > $S/q1.log 2>&1 < /dev/null &
    sleep 2; exec bash benchmarks/device/s14.sh wait "${2:-540}" ;;
q0)
    mkdir -p $S/suite $S/filters $S/ncu; echo "$(date +%T) tests"
    timeout 300 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests/test_sieve_filters.py \
        tests/test_ozaki_gemm.py tests/test_ozaki2_gemm.py tests/test_dgemm.py tests/test_compile_sm90.py > $S/suite/gpu_tests.log 2>&1
    echo "$(date +%T) tune"
    timeout 300 python3 benchmarks/tune_filters.py --rates 1e-4,3e-4,1e-6 --out $S/filters/tune.csv > $S/filters/tune.txt 2>&1
    echo "$(date +%T) bench-filters"
    timeout 300 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 131072 --segments 4096 \
        --bucket-m 1048576 --bucket-n 16384 --rates 1e-2,3e-4,1e-4,1e-6 --iters 3 --unfused \
        --out $S/filters/filters.csv > $S/filters/log.txt 2>&1
    echo "$(date +%T) ncu"
    timeout 150 ncu --clock-control none --launch-skip 2 --launch-count 1 -k regex:pair_search --section SpeedOfLight \
        --section WarpStateStats --section SourceCounters -o $S/ncu/pair_1e-4 -f python3 benchmarks/profile_filters.py --op pair --rate 1e-4 > $S/ncu/log.txt 2>&1
    ncu -i $S/ncu/pair_1e-4.ncu-rep --page source --csv --print-source sass > $S/ncu/pair_1e-4_sass.csv 2>&1
    echo "$(date +%T) done" ;;
q1)
    mkdir -p $S/gemm; echo "$(date +%T) bench"
    timeout 300 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --breakdown --out $S/gemm/gemm.csv > $S/gemm/log.txt 2>&1
    echo "$(date +%T) accuracy"
    timeout 200 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 15 --out $S/gemm/accuracy.csv > $S/gemm/accuracy.txt 2>&1
    echo "$(date +%T) d110"; batch d110 110 0,1,2 150 "--profile"
    echo "$(date +%T) d110 defer"; batch d110_defer 110 0,1,2 150 "--segment-filters tma-defer --profile"
    echo "$(date +%T) d120 defer"; batch d120_defer 120 0,1,2 420 "--segment-filters tma-defer --profile"
    echo "$(date +%T) done" ;;
wait)
    limit=${2:-540}
    for _ in $(seq 1 $((limit / 5))); do
        pgrep -f "s14.sh q" > /dev/null || break
        sleep 5
    done
    cat $S/q*.log
    [ -s $S/suite/gpu_tests.log ] && { tail -1 $S/suite/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/suite/gpu_tests.log | head; }
    grep -E "^\{" $S/filters/tune.txt 2>/dev/null | python3 -c "import sys,ast; [print(r['op'][:32], r['config'][:52], r['gpairs_s'], r['tops'], r['same_hits']) for r in map(ast.literal_eval, sys.stdin)]"
    tail -40 $S/filters/log.txt 2>/dev/null | cut -c1-200
    tail -22 $S/gemm/log.txt 2>/dev/null | cut -c1-220
    for f in $S/*/summary.csv; do [ -s "$f" ] && { echo "== $f"; cut -d, -f1-5,7,9,10,13 "$f"; }; done
    tar czf $OUT/s14.tgz -C $S .
    pgrep -f "s14.sh q" > /dev/null && echo "STILL RUNNING" || echo "ALL DONE" ;;
*)
    echo "usage: s14.sh start [SECONDS] | wait [SECONDS]"; exit 2 ;;
esac
