# eighth session, second call (nvidia-h200-x2; carry .whl): the new write path and register caps
# of the filters, the Ozaki-I split passes, Ozaki-II's CRT tile end to end.
#   INT8TC_COMMIT=<hash> bash benchmarks/device/s10.sh start [SECONDS]; then s10.sh wait [SECONDS]
# GPU 0: GPU tests of the touched modules, then bench-filters at K = 128 with every write path
#   (row_hits, defer_rows, row_rounds; maxnreg 128) at four rates.
# GPU 1: tune_split (rows / once / two passes for A and B's transposed view, whole calls),
#   tune_ozaki2 (split tiles with the new default, CRT 32x32 vs 16x64 end to end).
set -u
S=/tmp/s10
case "${1:-}" in
start)
    source benchmarks/device/setup.sh || exit 1
    mkdir -p $S
    CUDA_VISIBLE_DEVICES=0 setsid nohup bash benchmarks/device/s10.sh q0 > $S/q0.log 2>&1 < /dev/null &
    CUDA_VISIBLE_DEVICES=1 setsid nohup bash benchmarks/device/s10.sh q1 > $S/q1.log 2>&1 < /dev/null &
    sleep 2; exec bash benchmarks/device/s10.sh wait "${2:-540}" ;;
q0)
    mkdir -p $S/tests $S/filters; echo "$(date +%T) tests"
    timeout 300 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests/test_sieve_filters.py \
        tests/test_ozaki_gemm.py tests/test_ozaki2_gemm.py tests/test_compile_sm90.py > $S/tests/gpu_tests.log 2>&1
    echo "$(date +%T) bench-filters"
    timeout 400 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 131072 --segments 4096 \
        --bucket-m 1048576 --bucket-n 16384 --rates 1e-2,3e-4,1e-4,1e-6 --iters 3 \
        --out $S/filters/filters.csv > $S/filters/log.txt 2>&1
    echo "$(date +%T) done" ;;
q1)
    mkdir -p $S/ozaki; echo "$(date +%T) tune_split"
    timeout 240 python3 benchmarks/tune_split.py --sizes 4096,8192 --splits 2,4,6,8 --out $S/ozaki/tune_split.csv > $S/ozaki/tune_split.txt 2>&1
    echo "$(date +%T) tune_ozaki2"
    timeout 200 python3 benchmarks/tune_ozaki2.py --sizes 4096,8192 --moduli 15 --out $S/ozaki/tune_ozaki2.csv > $S/ozaki/tune_ozaki2.txt 2>&1
    echo "$(date +%T) done" ;;
wait)
    limit=${2:-540}
    for _ in $(seq 1 $((limit / 5))); do
        pgrep -f "s10.sh q" > /dev/null || break
        sleep 5
    done
    cat $S/q*.log
    [ -s $S/tests/gpu_tests.log ] && { tail -1 $S/tests/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/tests/gpu_tests.log | head; }
    grep -E " 128 " $S/filters/log.txt 2>/dev/null | grep -v "^\[" | awk '{print $1, $2, $6, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21}'
    tail -3 $S/ozaki/*.txt 2>/dev/null | cut -c1-400
    tar czf $OUT/s10.tgz -C $S .
    pgrep -f "s10.sh q" > /dev/null && echo "STILL RUNNING" || echo "ALL DONE" ;;
*)
    echo "usage: s10.sh start [SECONDS] | wait [SECONDS]"; exit 2 ;;
esac
