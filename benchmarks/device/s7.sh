# seventh session: the whole GPU plan as per-GPU job queues that run detached (setsid), so that one
# queue may outlive a 10-minute device command; each later call is `s7.sh wait SECONDS` (back to
# back: the machine goes back after 30 s idle and the queues with it).
#   call 1:  INT8TC_COMMIT=<hash> bash benchmarks/device/s7.sh start      (carry .whl)
#   calls 2..: bash benchmarks/device/s7.sh wait 560
# With two GPUs: GPU 0 runs dimension 100 x 3 (the gate: the sieve code after 8f88167 has not run on
#   a GPU; dimension 120 starts only if all three solve), then 120 seeds 0 and 2, then the segmented
#   filter benchmark with row_hits; GPU 1 runs the GPU test suite, then 120 seed 1, then 110 x 3,
#   then 80 and 90 x 3. With one GPU: one queue, in that order, without 110/80/90.
# Results land in /tmp/s7/<job>/ and every wait copies them to $OUT.
set -u
S=/tmp/s7
sieve_long() {  # dim seed
    local d=$S/d$1s$2; mkdir -p "$d"
    python3 -m int8tc.cli sieve --dim "$1" --seed "$2" --profile --json "$d/result.json" \
        > "$d/stdout.txt" 2> "$d/progress.txt" < /dev/null
}
sieve_batch() {  # tag dims seeds timeout [extra]
    local d=$S/$1; mkdir -p "$d"
    python3 benchmarks/run_sieve.py --dims "$2" --seeds "$3" --timeout "$4" --extra="${5:-}" --out "$d" \
        > "$d/log.txt" 2>&1
}
gate_ok() {  # dimension 100 x 3 all solved (column 'found' or 'solved' true)
    [ -s $S/d100/summary.csv ] && [ "$(grep -ci 'true' $S/d100/summary.csv)" -ge 3 ]
}
suite() {
    mkdir -p $S/suite
    timeout 300 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests > $S/suite/gpu_tests.log 2>&1
}
segbench() {
    mkdir -p $S/seg
    timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --pair-m 131072 --segments 4096 --segment-count 4096 \
        --bucket-m "" --rates 3e-4,1e-4 --iters 3 --sweep --out $S/seg/filters_rowhits.csv > $S/seg/log.txt 2>&1
}
case "${1:-}" in
start)
    source benchmarks/device/setup.sh || exit 1
    mkdir -p $S; n=$(nvidia-smi -L | wc -l); echo "$n GPUs"
    if [ "$n" -ge 2 ]; then
        CUDA_VISIBLE_DEVICES=0 setsid nohup bash benchmarks/device/s7.sh q0 > $S/q0.log 2>&1 < /dev/null &
        CUDA_VISIBLE_DEVICES=1 setsid nohup bash benchmarks/device/s7.sh q1 > $S/q1.log 2>&1 < /dev/null &
    else
        CUDA_VISIBLE_DEVICES=0 setsid nohup bash benchmarks/device/s7.sh qone > $S/q0.log 2>&1 < /dev/null &
    fi
    sleep 2; exec bash benchmarks/device/s7.sh wait "${2:-520}" ;;
q0)
    echo "$(date +%T) d100"; sieve_batch d100 100 0,1,2 40; touch $S/gate_done
    if gate_ok; then
        echo "$(date +%T) d120s0"; sieve_long 120 0
        echo "$(date +%T) d120s2"; sieve_long 120 2
    else echo "gate failed"; fi
    echo "$(date +%T) seg"; segbench; echo "$(date +%T) done" ;;
q1)
    echo "$(date +%T) suite"; suite
    while [ ! -e $S/gate_done ]; do sleep 2; done
    if gate_ok; then echo "$(date +%T) d120s1"; sieve_long 120 1; fi
    echo "$(date +%T) d110"; sieve_batch d110 110 0,1,2 200 --profile
    echo "$(date +%T) d80_90"; sieve_batch d80_90 80,90 0,1,2 60; echo "$(date +%T) done" ;;
qone)
    echo "$(date +%T) d100"; sieve_batch d100 100 0,1,2 40; touch $S/gate_done
    echo "$(date +%T) suite"; suite
    if gate_ok; then for s in 0 1 2; do echo "$(date +%T) d120s$s"; sieve_long 120 $s; done; fi
    echo "$(date +%T) done" ;;
wait)
    limit=${2:-560}
    for _ in $(seq 1 $((limit / 5))); do
        pgrep -f "s7.sh q" > /dev/null || break
        sleep 5
    done
    cat $S/q*.log
    for d in $S/*/; do
        tag=$(basename "$d"); mkdir -p "$OUT/$tag"
        cp -r "$d"/* "$OUT/$tag/" 2>/dev/null
        [ -s "$d/progress.txt" ] && { echo "== $tag"; tail -1 "$d/progress.txt"; tail -1 "$d/stdout.txt"; }
        [ -s "$d/summary.csv" ] && { echo "== $tag"; cut -d, -f1-5,7,9,10 "$d/summary.csv"; }
    done
    [ -s $S/suite/gpu_tests.log ] && { tail -1 $S/suite/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/suite/gpu_tests.log | head; }
    [ -s $S/seg/log.txt ] && grep -i "segment\|failed" $S/seg/log.txt | grep -v "^\[int8tc\]" | tail -30
    pgrep -f "s7.sh q" > /dev/null && echo "STILL RUNNING" || echo "ALL DONE" ;;
*)
    echo "usage: s7.sh start | wait [SECONDS]"; exit 2 ;;
esac
