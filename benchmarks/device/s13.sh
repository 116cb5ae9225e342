# ninth session, first call (nvidia-h200-x2; carry .whl): the GPU suite, and where the filters' time goes.
#   INT8TC_COMMIT=<hash> bash benchmarks/device/s13.sh start [SECONDS]
# GPU 0: the full GPU suite (the eighth session's test_gpu_tma_bucket fix and its last refactors).
# GPU 1: benchmarks/filter_roofs.py (control kernels: the loop and tiles with the epilogue cut
#   down, and Triton's warp specialisation), then Nsight Compute on the default Gram pair search
#   (1e-4), bucketing (1e-4) and the segmented search (3e-4): stall reasons per SASS line.
set -u
S=/tmp/s13
NCU="ncu --clock-control none --launch-skip 2 --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section SchedulerStats --section WarpStateStats --section Occupancy --section LaunchStats --section SourceCounters"
prof() {  # tag kernel-regex args
    timeout 150 $NCU -k "regex:$2" -o $S/ncu/$1 -f python3 benchmarks/profile_filters.py $3 > $S/ncu/$1.log 2>&1
    ncu -i $S/ncu/$1.ncu-rep --print-details all > $S/ncu/$1.txt 2>&1
    ncu -i $S/ncu/$1.ncu-rep --page source --csv --print-source sass > $S/ncu/$1_sass.csv 2>&1
}
case "${1:-}" in
start)
    source benchmarks/device/setup.sh || exit 1
    mkdir -p $S
    CUDA_VISIBLE_DEVICES=0 setsid nohup bash benchmarks/device/s13.sh q0 > $S/q0.log 2>&1 < /dev/null &
    CUDA_VISIBLE_DEVICES=1 setsid nohup bash benchmarks/device/s13.sh q1 > $S/q1.log 2>&1 < /dev/null &
    sleep 2; exec bash benchmarks/device/s13.sh wait "${2:-540}" ;;
q0)
    mkdir -p $S/suite; echo "$(date +%T) suite"
    timeout 420 python3 -m pytest -q -n 8 -p no:cacheprovider -p no:benchmark tests > $S/suite/gpu_tests.log 2>&1
    echo "$(date +%T) done" ;;
q1)
    mkdir -p $S/roofs $S/ncu; echo "$(date +%T) roofs"
    timeout 240 python3 benchmarks/filter_roofs.py --out $S/roofs/filter_roofs.csv > $S/roofs/log.txt 2>&1
    echo "$(date +%T) ncu"
    prof pair_1e-4 pair_search "--op pair --rate 1e-4"
    prof bucket_1e-4 bucket "--op bucket --m 1048576 --rate 1e-4"
    prof pair_1e-6 pair_search "--op pair --rate 1e-6"
    prof segment_3e-4 segment_pair "--op segment --rate 3e-4"
    echo "$(date +%T) done" ;;
wait)
    limit=${2:-540}
    for _ in $(seq 1 $((limit / 5))); do
        pgrep -f "s13.sh q" > /dev/null || break
        sleep 5
    done
    cat $S/q*.log
    cat $S/roofs/log.txt 2>/dev/null | tail -60
    for f in $S/ncu/*.log; do echo "== $f"; tail -2 $f; done
    [ -s $S/suite/gpu_tests.log ] && { tail -1 $S/suite/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/suite/gpu_tests.log | head; }
    tar czf $OUT/s13.tgz -C $S .
    pgrep -f "s13.sh q" > /dev/null && echo "STILL RUNNING" || echo "ALL DONE" ;;
*)
    echo "usage: s13.sh start [SECONDS] | wait [SECONDS]"; exit 2 ;;
esac
