# twentieth session, first call: (1) where a one-shot call's GPU time goes now (dgemm("fp64") and Ozaki-I S = 4, 6 at
# 4096^3 and 8192^3, on a fresh card), (2) every GPU test of the sieve (140: s86/s88/s89 ran only part of them) and
# the Ozaki-I/II, dgemm, launcher, dlpack and baseline files (with their dev-fixture CUDA variants), in parallel
# shards (the sieve's tests are bound by Triton compiles, ~8 s each, on the host's 16 cores)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s90; mkdir -p $S
SECONDS=0
timeout 150 python3 benchmarks/profile_dgemm.py --sizes 4096,8192 --splits 4,6 --reps 2 > $S/profile.txt 2>&1
echo "profile rc $? at $SECONDS s"; grep -E "^== |span " $S/profile.txt
python3 -m pytest --collect-only -q -p no:cacheprovider -m gpu tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    tests/test_sieve_lattice.py 2>/dev/null | grep :: > $S/sieve_ids.txt
wc -l < $S/sieve_ids.txt
for i in 0 1 2 3 4 5; do
  awk -v i=$i 'NR % 6 == i' $S/sieve_ids.txt > $S/shard$i.txt
  (timeout 400 xargs -d '\n' -a $S/shard$i.txt python3 -m pytest -q -p no:cacheprovider > $S/tests_sieve_$i.log 2>&1) &
done
(timeout 400 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki_gemm.py tests/test_launcher.py tests/test_dlpack.py \
    tests/test_gpu_baselines.py > $S/tests_ozaki1.log 2>&1) &
(timeout 250 python3 -m pytest -q -p no:cacheprovider tests/test_ozaki2_gemm.py > $S/tests_ozaki2.log 2>&1; timeout 150 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_dgemm.py > $S/tests_dgemm.log 2>&1) &
wait
for f in $S/tests_*.log; do echo "$(basename $f): $(tail -1 $f)"; grep -E "^FAILED|^ERROR" $f | head -5; done
echo "tests done at $SECONDS s"
tar -C $S -czf $OUT/s90.tgz .
echo "total $SECONDS s"
