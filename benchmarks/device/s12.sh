# eighth session, final call (nvidia-h200-x2; carry .whl): the committed defaults, end to end.
#   INT8TC_COMMIT=<hash> bash benchmarks/device/s12.sh start [SECONDS]; then s12.sh wait [SECONDS]
# GPU 0: the full GPU suite, then the sieve at dimension 120, seeds 0-2 (--profile).
# GPU 1: int8tc bench (Ozaki-I table with cuBLAS emulation and native DGEMM, --breakdown), the
#   FP64-accurate comparison (--accuracy fp64, 15 moduli), the filter table (K = 64/128/192, all
#   write paths at the first size, unfused baseline), the sieve at 110 and 100 (seeds 0-2), and
#   110 with the in-bucket search on tma-defer (the sieve's A/B against its tma-rounds default).
set -u
S=/tmp/s12
batch() {  # tag dims seeds timeout extra
    mkdir -p $S/$1
    python3 benchmarks/run_sieve.py --dims "$2" --seeds "$3" --timeout "$4" --extra="$5" --out $S/$1 > $S/$1/log.txt 2>&1
}
case "${1:-}" in
start)
    source benchmarks/device/setup.sh || exit 1
    mkdir -p $S
    CUDA_VISIBLE_DEVICES=0 setsid nohup bash benchmarks/device/s12.sh q0 > $S/q0.log 2>&1 < /dev/null &
    CUDA_VISIBLE_DEVICES=1 setsid nohup bash benchmarks/device/s12.sh q1 > $S/q1.log 2>&1 < /dev/null &
    sleep 2; exec bash benchmarks/device/s12.sh wait "${2:-540}" ;;
q0)
    mkdir -p $S/suite; echo "$(date +%T) suite"
    timeout 420 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests > $S/suite/gpu_tests.log 2>&1
    echo "$(date +%T) d120"; batch d120 120 0,1,2 420 "--profile"
    echo "$(date +%T) done" ;;
q1)
    mkdir -p $S/gemm $S/filters; echo "$(date +%T) bench"
    timeout 300 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --breakdown --out $S/gemm/gemm.csv > $S/gemm/log.txt 2>&1
    echo "$(date +%T) accuracy"
    timeout 200 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 15 --out $S/gemm/accuracy.csv > $S/gemm/accuracy.txt 2>&1
    echo "$(date +%T) bench-filters"
    timeout 400 python3 -m int8tc.cli bench-filters --ks 64,128,192 --pair-m 131072 --segments 4096 \
        --bucket-m 1048576 --bucket-n 16384 --rates 1e-2,3e-4,1e-4,1e-6 --iters 3 --unfused \
        --out $S/filters/filters.csv > $S/filters/log.txt 2>&1
    echo "$(date +%T) d110 d100"; batch d110_100 110,100 0,1,2 150 "--profile"
    echo "$(date +%T) d110 defer"; batch d110_defer 110 0,1,2 150 "--segment-filters tma-defer --profile"
    echo "$(date +%T) done" ;;
wait)
    limit=${2:-540}
    for _ in $(seq 1 $((limit / 5))); do
        pgrep -f "s12.sh q" > /dev/null || break
        sleep 5
    done
    cat $S/q*.log
    for f in $S/*/summary.csv; do [ -s "$f" ] && { echo "== $f"; cut -d, -f1-5,7,9,10,13 "$f"; }; done
    [ -s $S/suite/gpu_tests.log ] && { tail -1 $S/suite/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/suite/gpu_tests.log | head; }
    tail -22 $S/gemm/log.txt 2>/dev/null | cut -c1-220
    tar czf $OUT/s12.tgz -C $S .
    pgrep -f "s12.sh q" > /dev/null && echo "STILL RUNNING" || echo "ALL DONE" ;;
*)
    echo "usage: s12.sh start [SECONDS] | wait [SECONDS]"; exit 2 ;;
esac
