# twenty-third session, fifth call: bench-filters at K = 128, 1e-4 and 1e-6, with its roof, on the code at the
# session's start (no kernel change landed): pair search 16384 / 65536 / 131072, bucketing 2^20 and 2^22 vectors
# against 1024, 4096 and 16384 centres (4096 not in the earlier tables)
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s110; mkdir -p $S
SECONDS=0
timeout 420 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --pair-m 16384,65536,131072 \
    --bucket-m 1048576,4194304 --bucket-n 1024,4096,16384 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -iE "roof|pair_search|bucket" $S/filters_k128.txt | grep -v "{" | cut -c1-175 | tail -24
tar -C $S -czf $OUT/s110.tgz .
echo "total $SECONDS s"
