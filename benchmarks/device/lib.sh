# Shared helpers for the device session scripts (source it from one; the sN.sh files before the
# tenth session are records of runs as executed and carry their own copies).
#   S=/tmp/sN; source benchmarks/device/lib.sh
#   queues <script>            start "<script> q0" on GPU 0 and "<script> q1" on GPU 1, detached
#   wait_queues <script> <s>   wait up to s seconds for both; then print the logs
#   batch tag dims seeds timeout extra   sieve runs through run_sieve.py into $S/tag
batch() {
    mkdir -p $S/$1
    python3 benchmarks/run_sieve.py --dims "$2" --seeds "$3" --timeout "$4" --extra="$5" --out $S/$1 > $S/$1/log.txt 2>&1
}
queues() {
    mkdir -p $S
    CUDA_VISIBLE_DEVICES=0 setsid nohup bash "$1" q0 > $S/q0.log 2>&1 < /dev/null &
    CUDA_VISIBLE_DEVICES=1 setsid nohup bash "$1" q1 > $S/q1.log 2>&1 < /dev/null &
    sleep 2
}
wait_queues() {
    for _ in $(seq 1 $(($2 / 5))); do
        pgrep -f "$(basename "$1") q" > /dev/null || break
        sleep 5
    done
    cat $S/q*.log
    for f in $S/*/summary.csv; do [ -s "$f" ] && { echo "== $f"; cut -d, -f1-5,7,9,10,13 "$f"; }; done
    [ -s $S/suite/gpu_tests.log ] && { tail -1 $S/suite/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/suite/gpu_tests.log | head; }
    pgrep -f "$(basename "$1") q" > /dev/null && echo "STILL RUNNING" || echo "ALL DONE"
}
