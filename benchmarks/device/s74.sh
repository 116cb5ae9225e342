# seventeenth session: the warp-specialised Gluon INT8 GEMM against the Triton kernels (plain, Ozaki-I diagonals,
# Ozaki-II modular products), bit-exact checks, tune_ws_gemm.py
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s74; mkdir -p $S
SECONDS=0
timeout 400 python3 benchmarks/tune_ws_gemm.py --sizes 4096,8192 --out $S/tune_ws_gemm.csv > $S/ws.txt 2>&1
echo "ws rc $? at $SECONDS s"; grep -v "^{" $S/ws.txt | tail -45
tar -C $S -czf $OUT/s74.tgz .
