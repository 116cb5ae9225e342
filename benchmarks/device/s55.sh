# fifteenth session, fourth call: s52's `int8tc bench` had 4096^3 S = 2 at 156 TFLOPS (1.08x cuBLAS's emulation)
# against 203-213 in earlier sessions; the only Ozaki-I change is the dropped ScaleBuffers.f store (59c5ab1).
# The same bench, 20 iterations, alternating the tree before it (f672ec3, exported to .br/src) and HEAD, twice.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s55; mkdir -p $S
for rep in 1 2; do
    for tree in old new; do
        src=$PWD/src; [ $tree = old ] && src=$PWD/.br/src
        PYTHONPATH=/tmp/site:$src timeout 60 python3 -m int8tc.cli bench 4096,8192 2 20 --methods cublas_emulated,int8tc_ozaki1 \
            --out $S/gemm_${tree}_$rep.csv > $S/gemm_${tree}_$rep.txt 2>&1
        echo "== $tree $rep"; grep -E "ozaki1|emulated" $S/gemm_${tree}_$rep.txt | grep -v matrix
    done
done
cp $S/* $OUT/ 2>/dev/null
