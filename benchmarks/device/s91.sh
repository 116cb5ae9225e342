# twentieth session: Ozaki-II's modular products on the Gluon kernel with mode 1's epilogue variants (WsTiles.fastmod:
# acc mod p by an unsigned multiply-high; WsTiles.coalesced: the uint8 tile through shared memory into 16-byte
# row vectors), bit-compared with the Triton modular_gemm_kernel, at the default K chunk and at 1024 (ACCUMULATE)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s91; mkdir -p $S
SECONDS=0
timeout 200 python3 benchmarks/tune_ws_gemm.py --sizes 4096,8192 --ops plain --tiles "128x256x128 s4" --iters 20 \
    --out $S/plain.csv > $S/plain.txt 2>&1
echo "plain rc $? at $SECONDS s"; tail -5 $S/plain.txt
timeout 300 python3 benchmarks/tune_ws_gemm.py --sizes 4096,8192 --ops mod --mod-kchunk 1024 \
    --tiles "128x256x128 s4,fastmod,coalesced,fastmod coalesced" --iters 20 --out $S/mod.csv > $S/mod.txt 2>&1
echo "mod rc $? at $SECONDS s"; tail -22 $S/mod.txt
tar -C $S -czf $OUT/s91.tgz .
echo "total $SECONDS s"
