# twenty-sixth session, fourth call: bench-filters at K = 128, 1e-4 and 1e-6, with time_cuda's windows primed (one
# untimed call enqueued before each start event: s123's 5-call windows of 0.35-ms bucket calls held the first call's
# host latency on an idle GPU) and BucketPlan timed on inputs written in place; pair search 16384..131072 with plans
# and the unfused baseline, bucketing 2^20 / 2^22 x 1024 / 4096 / 16384; then the bucket rows again (run-to-run spread)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s124; mkdir -p $S
SECONDS=0
timeout 330 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --bucket-n 1024,4096,16384 --unfused \
    --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|bucket|pair|unfused)" $S/filters_k128.txt | cut -c1-60,100-200
timeout 120 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --pair-m "" --bucket-m 1048576,4194304 \
    --bucket-n 1024 --out $S/filters_k128_bucket_again.csv > $S/filters_k128_bucket_again.txt 2>&1
echo "again rc $? at $SECONDS s"; grep -E "^ +(roof|bucket)" $S/filters_k128_bucket_again.txt | cut -c1-60,100-200
