# sixteenth session, last device seconds: the dgemm guard's GEMM at other tiles and 2 programs per SM
# (benchmarks/tune_guard.py; kernel time alone, counts checked), 16 moduli, 4096 and 8192.
source benchmarks/device/setup.sh > /dev/null || exit 1
SECONDS=0
timeout 150 python3 benchmarks/tune_guard.py --sizes 4096,8192 --moduli 16 --iters 20 --out $OUT/tune_guard.csv 2>&1 | tail -14
echo "total $SECONDS s"
