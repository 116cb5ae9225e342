# twenty-eighth session, third call: (1) where the 16384-vector balanced search's ~55-61 us go (per-program stamps,
# trace_balanced.py); (2) bench-filters at K = 128 with the roof sustained beside the burst and 1 s of warm-up per
# point (the new defaults); (3) int8tc bench (Ozaki) after time_cuda's warm-up became back to back
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src INT8TC_COMMIT=7ea5d9a54e40
S=$OUT/s137; mkdir -p $S
SECONDS=0
timeout 90 python3 benchmarks/trace_balanced.py --m 16384 --rates 1e-4,1e-6 > $S/trace_16384.txt 2>&1
echo "trace rc $? at $SECONDS s"; grep -v Warn $S/trace_16384.txt | tail -32
timeout 200 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128.txt | cut -c1-60,100-190
timeout 150 python3 -m int8tc.cli bench 4096,8192 2,4,6,8 10 --csv --out $S/gemm.csv > $S/gemm.txt 2>&1
echo "gemm rc $? at $SECONDS s"; tail -22 $S/gemm.txt | cut -c1-200
