# twenty-fifth session, last call, cut to ~250 s of device time left: the tensor-items GPU tests, then
# TENSOR_ITEMS_BUCKET_CONFIG (uncapped / 128-register item kernel) against the default, alternated, 1024 centres
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s121; mkdir -p $S
SECONDS=0
timeout 100 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu and bucket and (tensor or ti)" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|Error" $S/tests.log | head -10
timeout 90 python3 benchmarks/ab_tensor_items.py 1024 > $S/ab.txt 2>&1
echo "ab at $SECONDS s"; cut -c1-250 $S/ab.txt
