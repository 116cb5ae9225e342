# seventeenth session: Ozaki-I's diagonals in one launch of the Gluon kernel (mode 2) against one launch each
# (tune_ws_launch.py), the Ozaki-I GPU test of both modes, then issue 3's table twice
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s80; mkdir -p $S
SECONDS=0
timeout 120 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_ozaki_gemm.py -k "ws_kernel or every_split or default_config" > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -5; echo "at $SECONDS s"
timeout 120 python3 benchmarks/tune_ws_launch.py --out $S/tune_ws_launch.csv > $S/launch.txt 2>&1
echo "launch rc $? at $SECONDS s"; tail -11 $S/launch.txt
for rep in 1 2; do
    timeout 100 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm_$rep.csv > $S/gemm_$rep.txt 2>&1
    echo "== table $rep at $SECONDS s"; grep -E "ozaki1 |emulated " $S/gemm_$rep.txt | grep -v matrix
done
tar -C $S -czf $OUT/s80.tgz .
echo "total $SECONDS s"
