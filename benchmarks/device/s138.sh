# twenty-eighth session, fourth call: (1) the 16384 balanced search's per-program stamps (trace_balanced.py, its
# descriptor fixed); (2) GPU tests of the filter kernels after the TRACE constexpr (off by default; the default's
# sm_90a build has the same 4904 instructions): every GPU case of the filter file and the plan file, two shards;
# (3) int8tc bench at 4096^3 again (s137: S = 6 at 1.486x, the first run with back-to-back warm-up)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src INT8TC_COMMIT=0df3cdd806fd
S=$OUT/s138; mkdir -p $S
SECONDS=0
T="python3 -m pytest -q -p no:cacheprovider"
timeout 90 python3 benchmarks/trace_balanced.py --m 16384 --rates 1e-4,1e-6 > $S/trace_16384.txt 2>&1
echo "trace rc $? at $SECONDS s"; grep -v Warn $S/trace_16384.txt | tail -24
timeout 200 $T tests/test_sieve_filters.py -k "gpu" > $S/tests_filters.log 2>&1 &
timeout 200 $T tests/test_pair_search_plan.py > $S/tests_plan.log 2>&1 &
wait
for f in filters plan; do echo "tests $f: $(tail -1 $S/tests_$f.log)"; grep -E "^FAILED|^ERROR" $S/tests_$f.log | head -5; done
echo "tests done at $SECONDS s"
timeout 100 python3 -m int8tc.cli bench 4096 2,4,6,8 10 --csv --out $S/gemm4096.csv > $S/gemm4096.txt 2>&1
echo "gemm rc $? at $SECONDS s"; grep -E "cublas_emulated|ozaki1," $S/gemm4096.txt | cut -c1-80
