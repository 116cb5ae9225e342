# A sieve run longer than one device command (10 minutes), e.g. dimension 120: the device README
# says a process that starts its own session (setsid) runs on after the command returns, until the
# machine goes back (30 s idle, 30 minutes held, or the session's device time spent). So:
#   call 1:  INT8TC_COMMIT=<hash> bash benchmarks/device/long_sieve.sh start 120 0 [GPU]   (carry .whl)
#            (several runs at once on a machine with several GPUs: one start per GPU)
#   calls 2..: bash benchmarks/device/long_sieve.sh wait [SECONDS]   (back to back: the machine must
#              not sit idle 30 s, or the runs are lost with it)
# each wait returns when every run has ended (JSON and logs copied to $OUT) or after SECONDS
# (default 560); it copies the progress logs either way. A GPU running a long sieve is that run's
# alone meanwhile: time nothing else on it.
set -u
case "${1:-}" in
start)
    source benchmarks/device/setup.sh > /dev/null || exit 1
    dim=${2:-120}; seed=${3:-0}; gpu=${4:-0}
    dir=/tmp/long/d${dim}s${seed}
    mkdir -p "$dir"
    CUDA_VISIBLE_DEVICES=$gpu setsid nohup python3 -m int8tc.cli sieve --dim "$dim" --seed "$seed" --profile \
        --json "$dir/result.json" > "$dir/stdout.txt" 2> "$dir/progress.txt" < /dev/null &
    echo "started dimension $dim seed $seed on GPU $gpu: $dir" ;;
wait)
    limit=${2:-560}
    for _ in $(seq 1 $((limit / 5))); do
        pgrep -f "int8tc.cli sieve" > /dev/null || break
        sleep 5
    done
    for dir in /tmp/long/*/; do
        tag=$(basename "$dir")
        echo "== $tag"; tail -2 "$dir/progress.txt"
        cp "$dir/progress.txt" "$OUT/${tag}_progress.txt" 2>/dev/null
        if [ -s "$dir/result.json" ]; then
            cp "$dir/result.json" "$OUT/${tag}_result.json"; tail -1 "$dir/stdout.txt"
        fi
    done ;;
*)
    echo "usage: long_sieve.sh start DIM SEED [GPU] | wait [SECONDS]"; exit 2 ;;
esac
