# sixteenth session, last call: (1) the dgemm file's tests in full and the Ozaki-II GPU tests (guard GEMM now at
# 128x64 tiles, 2a...); (2) tune_ozaki2 at 4096/8192, 15 moduli (guard tiles 128x64 / 128x128 / 64x64, same counts;
# the guarded call against call-then-guard); (3) the issue tables: `--accuracy fp64 --moduli 15` and
# `int8tc bench 4096,8192 2,4,6,8 10`. Everything under $OUT as one tar.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s67; mkdir -p $S
SECONDS=0
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_dgemm.py > $S/tests_dgemm.log 2>&1
tail -1 $S/tests_dgemm.log; grep -E "^FAILED|^ERROR" $S/tests_dgemm.log | head -5
timeout 120 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_ozaki2_gemm.py > $S/tests_oz2.log 2>&1
tail -1 $S/tests_oz2.log; grep -E "^FAILED|^ERROR" $S/tests_oz2.log | head -5; echo "tests took $SECONDS s"
tar -C $S -cf $OUT/s67.tar .
timeout 150 python3 benchmarks/tune_ozaki2.py --sizes 4096,8192 --moduli 15 --iters 5 --out $S/tune_ozaki2.csv > $S/tune_ozaki2.txt 2>&1
echo "tune rc $? at $SECONDS s"; python3 - $S/tune_ozaki2.csv <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["size"], {k: r[k] for k in r if k.startswith(("guard", "call", "one_shot_guarded_ms", "plan_b_bounds_ms", "products", "split_a_bounds_ms"))})
PY
tar -C $S -cf $OUT/s67.tar .
timeout 150 python3 -m int8tc.cli bench 4096,8192 7 5 --accuracy fp64 --moduli 15 --out $S/accuracy.csv > $S/accuracy.txt 2>&1
echo "accuracy rc $? at $SECONDS s"; grep -E "method=" $S/accuracy.txt | sed -E 's/ (size_N|size_K|median_rel_err|choice)=[^ ]*//g'
tar -C $S -cf $OUT/s67.tar .
timeout 170 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "gemm rc $? at $SECONDS s"; grep -E "ozaki1 |emulated |fp64_cublas " $S/gemm.txt | grep -v matrix
tar -C $S -cf $OUT/s67.tar .
