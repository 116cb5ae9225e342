# eighth session, first call (nvidia-h200-x2; carry .whl): next.sh's plan, trimmed to what one
# call pair can answer. Detached per-GPU queues (as s8.sh):
#   call 1:  INT8TC_COMMIT=<hash> bash benchmarks/device/s9.sh start [SECONDS]
#   call 2..: bash benchmarks/device/s9.sh wait [SECONDS]      (each packs $OUT/s9.tgz)
# GPU 0: the GPU suite (first GPU run of defer_rows, bucketing row_hits, split_tiles), then the
#   sieve at dimension 110, seeds 0-2, --profile, with the in-bucket search on the default TMA
#   kernel, on plain-rowhits and on tma-defer (phase times give the kernel's share; the wall
#   times vary ~2x run to run).
# GPU 1: the filter benchmark (row_hits and defer beside each default, unfused baseline, same
#   run), Ozaki-II residue-split tiles (NOTES 51), Ozaki-I fused reconstruction at 128x64x8w.
set -u
S=/tmp/s9
batch() {  # tag dims seeds timeout extra
    mkdir -p $S/$1
    python3 benchmarks/run_sieve.py --dims "$2" --seeds "$3" --timeout "$4" --extra="$5" --out $S/$1 > $S/$1/log.txt 2>&1
}
case "${1:-}" in
start)
    source benchmarks/device/setup.sh || exit 1
    mkdir -p $S
    CUDA_VISIBLE_DEVICES=0 setsid nohup bash benchmarks/device/s9.sh q0 > $S/q0.log 2>&1 < /dev/null &
    CUDA_VISIBLE_DEVICES=1 setsid nohup bash benchmarks/device/s9.sh q1 > $S/q1.log 2>&1 < /dev/null &
    sleep 2; exec bash benchmarks/device/s9.sh wait "${2:-540}" ;;
q0)
    mkdir -p $S/suite; echo "$(date +%T) suite"
    timeout 300 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests > $S/suite/gpu_tests.log 2>&1
    echo "$(date +%T) d110 default"; batch d110_default 110 0,1,2 120 "--profile"
    echo "$(date +%T) d110 plain-rowhits"; batch d110_rowhits 110 0,1,2 120 "--segment-filters plain-rowhits --profile"
    echo "$(date +%T) d110 tma-defer"; batch d110_defer 110 0,1,2 120 "--segment-filters tma-defer --profile"
    echo "$(date +%T) done" ;;
q1)
    mkdir -p $S/filters $S/ozaki; echo "$(date +%T) bench-filters"
    timeout 420 python3 -m int8tc.cli bench-filters --ks 64,128,192 --pair-m 131072 --segments 4096 \
        --bucket-m 1048576 --bucket-n 16384 --rates 1e-2,3e-4,1e-4,1e-6 --iters 3 --unfused \
        --out $S/filters/filters.csv > $S/filters/log.txt 2>&1
    echo "$(date +%T) tune_ozaki2"
    timeout 200 python3 benchmarks/tune_ozaki2.py --sizes 4096,8192 --moduli 15 --out $S/ozaki/tune_ozaki2.csv > $S/ozaki/tune_ozaki2.txt 2>&1
    echo "$(date +%T) tune_recon"
    timeout 300 python3 benchmarks/tune_recon.py --sizes 4096,8192 --splits 2,4,6,8 --out $S/ozaki/tune_recon.csv > $S/ozaki/tune_recon.txt 2>&1
    echo "$(date +%T) done" ;;
wait)
    limit=${2:-540}
    for _ in $(seq 1 $((limit / 5))); do
        pgrep -f "s9.sh q" > /dev/null || break
        sleep 5
    done
    cat $S/q*.log
    for f in $S/*/summary.csv; do [ -s "$f" ] && { echo "== $f"; cut -d, -f1-5,7,9,10,13 "$f"; }; done
    [ -s $S/suite/gpu_tests.log ] && { tail -1 $S/suite/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/suite/gpu_tests.log | head; }
    tail -4 $S/ozaki/*.txt 2>/dev/null
    tar czf $OUT/s9.tgz -C $S .
    pgrep -f "s9.sh q" > /dev/null && echo "STILL RUNNING" || echo "ALL DONE" ;;
*)
    echo "usage: s9.sh start [SECONDS] | wait [SECONDS]"; exit 2 ;;
esac
