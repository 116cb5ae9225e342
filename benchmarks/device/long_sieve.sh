# A sieve run longer than one device command (10 minutes), e.g. dimension 120: the device README
# says a process that starts its own session (setsid) runs on after the command returns, until the
# machine goes back (30 s idle, or 30 minutes after it started). So:
#   call 1:  INT8TC_COMMIT=<hash> bash benchmarks/device/long_sieve.sh start 120 0   (carry .whl)
#   calls 2..: bash benchmarks/device/long_sieve.sh wait        (timeout_s 600; back to back, the
#              machine must not sit idle 30 s, or the run is lost with it)
# each wait returns when the run ends (JSON and log copied to $OUT) or after ~9.5 minutes.
# The GPU is the run's alone meanwhile: time nothing else in those calls.
set -u
case "${1:-}" in
start)
    source benchmarks/device/setup.sh || exit 1
    dim=${2:-120}; seed=${3:-0}
    mkdir -p /tmp/long
    echo "$dim $seed" > /tmp/long/what
    setsid nohup python3 -m int8tc.cli sieve --dim "$dim" --seed "$seed" --profile --json /tmp/long/result.json \
        > /tmp/long/stdout.txt 2> /tmp/long/progress.txt < /dev/null &
    sleep 20; tail -3 /tmp/long/progress.txt ;;
wait)
    for _ in $(seq 1 114); do
        [ -s /tmp/long/result.json ] && break
        pgrep -f "int8tc.cli sieve" > /dev/null || break
        sleep 5
    done
    tail -4 /tmp/long/progress.txt
    cp /tmp/long/progress.txt /tmp/long/stdout.txt $OUT/ 2>/dev/null
    [ -s /tmp/long/result.json ] && cp /tmp/long/result.json $OUT/ && head -c 600 /tmp/long/stdout.txt ;;
*)
    echo "usage: long_sieve.sh start DIM SEED | wait"; exit 2 ;;
esac
