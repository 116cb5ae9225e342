# seventeenth session: why 4096^3 S = 2 ran 0.81-0.84 ms in s80's tables (0.60-0.65 in s77): old tree (.br/src =
# 833d3ae: no side stream, one launch per diagonal) and new tree alternated on a fresh card, host vs GPU time per
# call, then again after ~60 s of GPU tests
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s81; mkdir -p $S
SECONDS=0
ab() {
    for rep in 1 2; do
        for tree in old new; do
            src=$PWD/src; [ $tree = old ] && src=$PWD/.br/src
            PYTHONPATH=/tmp/site:$src timeout 40 python3 -m int8tc.cli bench 4096 2 10 --methods cublas_emulated,int8tc_ozaki1 --ours row > $S/s2_$1_${tree}_$rep.txt 2>&1
            echo "$1 $tree $rep: $(grep -E 'ozaki1 |emulated ' $S/s2_$1_${tree}_$rep.txt | awk '{print $4, $6}' | tr '\n' ' ')"
        done
    done
}
ab fresh
timeout 60 python3 benchmarks/host_overhead.py --size 4096 --top 0 > $S/host_fresh.txt 2>&1; grep "==" $S/host_fresh.txt
timeout 90 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_ozaki_gemm.py -k "every_split" > $S/load.log 2>&1; tail -1 $S/load.log
echo "at $SECONDS s"
ab after_load
timeout 60 python3 benchmarks/host_overhead.py --size 4096 --top 0 > $S/host_after.txt 2>&1; grep "==" $S/host_after.txt
nvidia-smi --query-gpu=temperature.gpu,clocks.sm,power.draw --format=csv
tar -C $S -czf $OUT/s81.tgz .
echo "total $SECONDS s"
