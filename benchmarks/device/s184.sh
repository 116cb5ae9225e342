# thirty-eighth session, last device seconds: s183 cut to its key point (16384 at 1e-4, two item shapes)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s184; mkdir -p $S
nvidia-smi --query-gpu=name --format=csv,noheader | tee $S/gpu.txt
timeout 100 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 2 --roof-seconds 1 --warmup-ms 300 \
    --variants "i16:dump_bits=true;item_block=16" "w2r32:dump_bits=true;item_block=16;item_warps=2;dump_rows=32" \
    --csv $S/ab_dump.csv 2>&1 | tee $S/ab_dump.txt | grep -v "^{" 
