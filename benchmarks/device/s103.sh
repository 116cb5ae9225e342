# twenty-second session, fourth call: issue 4's second target, the fused pair search against the unfused torch
# path (cuBLASLt INT8 products in row chunks + compare + nonzero), with norm_bound the default (K = 128, 1e-4)
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s103; mkdir -p $S
SECONDS=0
timeout 400 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4 --pair-m 65536,131072 --bucket-m 1048576 \
    --bucket-n 16384 --unfused --out $S/filters_unfused.csv > $S/filters_unfused.txt 2>&1
echo "rc $? at $SECONDS s"; grep -iE "roof|pair_search|unfused|bucket" $S/filters_unfused.txt | cut -c1-200 | tail -16
tar -C $S -czf $OUT/s103.tgz .
echo "total $SECONDS s"
