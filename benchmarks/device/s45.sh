# fourteenth session, first call: the Ozaki-I reconstruction changes not yet GPU-run, main (70cc1e9: (fa f) fb
# where fa fb is subnormal) and the branch ozaki1-tiny-scales (5c466f5, exported with
# `git archive ozaki1-tiny-scales src tests pyproject.toml | tar -x -C .br` and carried as .br). The GPU test files
# of both trees run at once (correctness only), then int8tc bench at both sizes and all split counts, main then
# branch, on the same GPU (prediction: within 1% of each other and of the eighth session; errors unchanged on randn).
# Usage: MAIN=<main commit> BR=<branch commit> bash benchmarks/device/s45.sh
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s45; mkdir -p $S
T="tests/test_ozaki_gemm.py tests/test_dgemm.py tests/test_compile_sm90.py tests/test_ozaki_reference.py"
SECONDS=0
timeout 300 python3 -m pytest -q -p no:cacheprovider $T > $S/tests_main.log 2>&1 &
(cd .br && PYTHONPATH=/tmp/site:$PWD/src timeout 300 python3 -m pytest -q -p no:cacheprovider $T > $S/tests_branch.log 2>&1) &
wait
for t in main branch; do echo "tests $t: $(tail -1 $S/tests_$t.log)"; grep -E "^FAILED|^ERROR" $S/tests_$t.log | head -6; done
echo "tests took $SECONDS s"; cp $S/* $OUT/ 2>/dev/null
INT8TC_COMMIT=$MAIN timeout 130 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm_main.csv > $S/gemm_main.txt 2>&1
(cd .br && INT8TC_COMMIT=$BR PYTHONPATH=/tmp/site:$PWD/src timeout 130 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 \
    --out $S/gemm_branch.csv > $S/gemm_branch.txt 2>&1)
echo "benches done at $SECONDS s"
python3 - $S/gemm_main.csv $S/gemm_branch.csv <<'P'
import csv, sys
rows = {}
for tag, f in zip(("main", "branch"), sys.argv[1:]):
    try:
        for r in csv.DictReader(open(f)):
            rows.setdefault((r["size_M"], r["splits"], r["method"]), {})[tag] = (float(r["gflops"]) / 1e3, float(r["l2_rel_err"]))
    except FileNotFoundError:
        print("missing", f)
print("size S method: main TFLOPS l2 | branch TFLOPS l2")
for k, v in sorted(rows.items()):
    if k[2] in ("int8tc_ozaki1", "cublas_emulated", "fp64_cublas"):
        print(*k, *(f"{v[t][0]:.1f} {v[t][1]:.2e}" if t in v else "-" for t in ("main", "branch")))
P
cp $S/* $OUT/ 2>/dev/null
