# eighteenth session, second call: the CuPy DLPack test (s84's full run timed out before it), where a one-shot call's
# host time goes (benchmarks/host_phases.py), and the filters at K = 128 against the roof that now includes the Gluon GEMM
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s85; mkdir -p $S
SECONDS=0
timeout 60 python3 -m pytest -q -p no:cacheprovider tests/test_dlpack.py > $S/tests_dlpack.log 2>&1
tail -1 $S/tests_dlpack.log; grep -E "^FAILED|^ERROR" $S/tests_dlpack.log | head -5; echo "at $SECONDS s"
timeout 90 python3 benchmarks/host_phases.py --size 4096 --calls 60 > $S/host_phases.txt 2>&1
echo "host rc $? at $SECONDS s"; grep -E "^prim|^==" $S/host_phases.txt
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4 --out $S/filters.csv > $S/filters.txt 2>&1
echo "filters rc $? at $SECONDS s"; tail -30 $S/filters.txt
tar -C $S -czf $OUT/s85.tgz .
echo "total $SECONDS s"
