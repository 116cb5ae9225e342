# twenty-fourth session, first call: (1) the Gluon probe of a persistent bucketing loop that overlaps each tile's
# test with the next tile's product (benchmarks/bucket_ws_probe.py), next to the library's bucket op (default and
# FilterConfig.persistent = 3 / 2, counts compared) and its hot kernel alone, 2^20 vectors x 1024 / 4096 / 16384
# centres, K = 128, rates 1e-4 and 1e-6; (2) the GPU tests of the persistent kernel and of few centres
export PYTHONPATH=$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
S=/tmp/s113; mkdir -p $S
SECONDS=0
timeout 300 python3 benchmarks/bucket_ws_probe.py --n 1024,4096,16384 --rates 1e-4,1e-6 --out $S/probe.csv > $S/probe.txt 2>&1
echo "probe rc $? at $SECONDS s"; cut -c1-200 $S/probe.txt | tail -60
timeout 200 python3 -m pytest -q -p no:cacheprovider -x tests/test_sieve_filters.py -k "gpu and (persistent or few_centres)" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|Error" $S/tests.log | head -10
tar -C $S -czf $OUT/s113.tgz .
