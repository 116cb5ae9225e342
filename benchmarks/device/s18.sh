# ninth session: the guarded dgemm("fp64") measured 20.8 ms at 8192^3 in s14 (16.95 in the eighth session):
# relaxed atomics in the Ozaki kernels (GPU 0, HEAD) against the default acq_rel (GPU 1, alt/src), twice each.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s18; mkdir -p $S
r() { for i in 1 2; do timeout 100 python3 -m int8tc.cli bench 4096,8192 7 3 --accuracy fp64 --moduli 15 --out $S/$1_$i.csv > $S/$1_$i.txt 2>&1; done; }
(export CUDA_VISIBLE_DEVICES=0; r relaxed) &
(export CUDA_VISIBLE_DEVICES=1 PYTHONPATH=/tmp/site:$PWD/alt/src; r acqrel) &
wait
for f in $S/*.txt; do echo "== $f"; grep -E "dgemm_fp64|ozaki2 |fp64_cublas" $f | cut -c1-90; done
cp $S/* $OUT/
