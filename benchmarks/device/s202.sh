# forty-seventh session (NOTES.md 96): the default on an H200 at the session's commit (issue 4's table at K = 128,
# 1e-4 and 1e-6), after s199 measured the overlap slower on an H100
# (it ran on an H100 80GB HBM3: the tool gave that card for a call naming nvidia-h200, NOTES.md 96)
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s202; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 240 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $?"
python3 benchmarks/device/filters_summary.py $S/filters_k128.csv
