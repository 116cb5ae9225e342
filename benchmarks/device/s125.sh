# twenty-sixth session, fifth call: tile_items_kernel's knobs as CUDA graphs (the item kernel is ~33 us of 2^20 x
# 1024's ~0.35 ms: latency-bound, ~7 dependent loads per 64-item block, 4 programs per SM at 128 registers)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s125; mkdir -p $S
SECONDS=0
timeout 200 python3 benchmarks/tune_tile_items.py > $S/tune.txt 2>&1
echo "tune rc $? at $SECONDS s"; cat $S/tune.txt | cut -c1-200
