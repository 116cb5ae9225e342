# twenty-fifth session, third call: TENSOR_ITEMS_BUCKET_CONFIG (tensor_items; not the default until GPU-run), with its item
# kernel capped at 128 registers, its hits coded as one int each, rank/scatter passes of 256 items, one fill per call.
# Cut to the device time left (machine starts failed four times): bench-filters on bucketing only at K = 128 (the
# pair search's code is unchanged since s110); tensor items against the default and the uncapped item kernel,
# alternated three times per shape (s118/s119 timed the old default first in every group; tensor items lost 3-8% at
# 1e-6 with 4096+ centres there); the bucket GPU tests first (120 s)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s120; mkdir -p $S  # straight under $OUT: a run cut short still returns what it wrote
SECONDS=0
timeout 120 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu and bucket and (tensor or ti)" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|Error" $S/tests.log | head -10
timeout 170 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --pair-m "" \
    --bucket-m 1048576,4194304 --bucket-n 1024,4096,16384 --out $S/filters_k128_bucket.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -iE "roof|bucket" $S/filters_k128.txt | grep -v "{" | cut -c1-175 | tail -16
timeout 150 python3 benchmarks/ab_tensor_items.py all > $S/ab.txt 2>&1
echo "ab at $SECONDS s"; cat $S/ab.txt | cut -c1-250
