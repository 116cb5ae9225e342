# sixteenth session: the FP64-accurate mode at large K (the CPU test at K = 2^20 failed on the device machine against its
# CPU BLAS): dgemm("fp64") and Ozaki-II at 15/16/17 moduli against cuBLAS and the CPU BLAS, K up to 2^20, M = N = 64.
source benchmarks/device/setup.sh > /dev/null || exit 1
SECONDS=0
timeout 300 python3 benchmarks/accuracy_large_k.py --ks 8192,65536,262144,1048576 --out $OUT/accuracy_large_k.csv 2>&1 | grep -v "^{"
echo "took $SECONDS s"
