# fourteenth session, first call (prepared at the end of the thirteenth): the Ozaki-I reconstruction changes that
# are not GPU-run yet. Run it once on main (70cc1e9: (fa f) fb where fa fb is subnormal) and once on the branch
# ozaki1-tiny-scales (scales kept split up to the epilogue), passing INT8TC_COMMIT and TAG=main / TAG=branch:
# the Ozaki-I and dgemm GPU tests, the sm_90a compile test, then int8tc bench at both sizes and all split counts
# (prediction: within 1% of each other and of the eighth session's numbers; errors unchanged on randn).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s44_${TAG:-main}; mkdir -p $S
timeout 200 python3 -m pytest -q tests/test_ozaki_gemm.py tests/test_dgemm.py tests/test_compile_sm90.py \
    tests/test_ozaki_reference.py > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; cp $S/* $OUT/ 2>/dev/null
timeout 300 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm_${TAG:-main}.csv > $S/gemm.txt 2>&1
python3 - $S/gemm_${TAG:-main}.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["method"] in ("int8tc_ozaki1", "cublas_emulated", "fp64_cublas"):
        print(r["method"], r["size_M"], r["splits"], r["gflops"], r["l2_rel_err"])
P
cp $S/* $OUT/ 2>/dev/null
