# seventh session, second plan: dimension 120 x 3 seeds with the insertion restart (solve.py
# default_insertions), the sieve/filter GPU tests and dimension 100 x 3 on the same commit.
#   call 1:  INT8TC_COMMIT=<hash> bash benchmarks/device/s8.sh start [SECONDS]   (carry .whl; nvidia-h200-x2)
#   calls 2..: bash benchmarks/device/s8.sh wait [SECONDS]   (back to back)
# GPU 0: 120 seed 0, then seed 2. GPU 1: the sieve and filter tests, 120 seed 1, then 100 x 3.
# Every wait packs /tmp/s8 into $OUT/s8.tgz (the device returns a few files per call).
set -u
S=/tmp/s8
sieve_long() {  # dim seed
    local d=$S/d$1s$2; mkdir -p "$d"
    python3 -m int8tc.cli sieve --dim "$1" --seed "$2" --profile --json "$d/result.json" \
        > "$d/stdout.txt" 2> "$d/progress.txt" < /dev/null
}
case "${1:-}" in
start)
    source benchmarks/device/setup.sh || exit 1
    mkdir -p $S
    CUDA_VISIBLE_DEVICES=0 setsid nohup bash benchmarks/device/s8.sh q0 > $S/q0.log 2>&1 < /dev/null &
    CUDA_VISIBLE_DEVICES=1 setsid nohup bash benchmarks/device/s8.sh q1 > $S/q1.log 2>&1 < /dev/null &
    sleep 2; exec bash benchmarks/device/s8.sh wait "${2:-540}" ;;
q0)
    echo "$(date +%T) d120s0"; sieve_long 120 0
    echo "$(date +%T) d120s2"; sieve_long 120 2; echo "$(date +%T) done" ;;
q1)
    echo "$(date +%T) tests"; mkdir -p $S/tests
    timeout 240 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests/test_sieve_lattice.py \
        tests/test_sieve_filters.py > $S/tests/gpu_sieve_tests.log 2>&1
    echo "$(date +%T) d120s1"; sieve_long 120 1
    echo "$(date +%T) d100"; mkdir -p $S/d100
    python3 benchmarks/run_sieve.py --dims 100 --seeds 0,1,2 --timeout 40 --out $S/d100 > $S/d100/log.txt 2>&1
    echo "$(date +%T) done" ;;
wait)
    limit=${2:-540}
    for _ in $(seq 1 $((limit / 5))); do
        pgrep -f "s8.sh q" > /dev/null || break
        sleep 5
    done
    cat $S/q*.log
    for d in $S/d120s*/; do echo "== $(basename $d)"; grep -v "^\[int8tc\] context" "$d/progress.txt" | tail -4; tail -1 "$d/progress.txt"; tail -2 "$d/stdout.txt"; done
    [ -s $S/d100/summary.csv ] && cut -d, -f1-5,7,9,10,13 $S/d100/summary.csv
    [ -s $S/tests/gpu_sieve_tests.log ] && { tail -1 $S/tests/gpu_sieve_tests.log; grep -E "^FAILED|^ERROR" $S/tests/gpu_sieve_tests.log | head; }
    tar czf $OUT/s8.tgz -C $S .
    pgrep -f "s8.sh q" > /dev/null && echo "STILL RUNNING" || echo "ALL DONE" ;;
*)
    echo "usage: s8.sh start [SECONDS] | wait [SECONDS]"; exit 2 ;;
esac
