# twenty-first session, first call: the fused Ozaki-II scales + residue split (scale_split_rows_kernel) and the
# one-shot host changes (side stream only from SIDE_STREAM_MIN_MNK, one allocation per ScaleBuffers, cached
# device facts): the Ozaki-I/II/dgemm GPU tests (their dev-fixture CUDA variants included) in parallel shards,
# then the fused kernel's tiles against the two-step path (bytes compared), then the one-shot A/B
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s98; mkdir -p $S
SECONDS=0
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki_gemm.py > $S/tests_ozaki1.log 2>&1) &
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py > $S/tests_ozaki2.log 2>&1) &
(timeout 240 python3 -m pytest -q -p no:cacheprovider tests/test_dgemm.py tests/test_launcher.py tests/test_dlpack.py > $S/tests_dgemm.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR|Error" $f | head -5; done
echo "tests done at $SECONDS s"
timeout 200 python3 benchmarks/tune_scale_split.py --iters 10 --out $S/scale_split.csv > $S/scale_split.txt 2>&1
echo "tune rc $? at $SECONDS s"; tail -26 $S/scale_split.txt | cut -c1-400
timeout 150 python3 benchmarks/ab_oneshot.py --sizes 4096,8192 --rounds 3 --out $S/ab.csv > $S/ab.txt 2>&1
echo "ab rc $? at $SECONDS s"; grep -v "^{" $S/ab.txt | tail -50
tar -C $S -czf $OUT/s98.tgz .
echo "total $SECONDS s"
