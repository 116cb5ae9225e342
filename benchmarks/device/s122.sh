# twenty-sixth session, second call: the bucket GPU tests of tensor_items with its items binned by the hot kernel
# (no rank/scatter passes); then where bucketing's time goes with 1024 centres (s120: eager windows bimodal,
# 0.38 or 0.52 ms, in every config): eager vs CUDA-graph (GPU only) vs host time per call, per-kernel times, for
# the default and both tensor-items configs; then the 65536 pair search as calls and as a plan under the profiler
# (traces: the GPU's idle gaps between a call's kernels)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s122; mkdir -p $S
SECONDS=0
timeout 150 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py -k "gpu and bucket and (tensor or ti or few)" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR|Error" $S/tests.log | head -10
timeout 240 python3 benchmarks/ab_tensor_items.py all --kernels --csv $S/ab_modes.csv > $S/ab.txt 2>&1
echo "ab rc $? at $SECONDS s"; cut -c1-400 $S/ab.txt
for mode in "" "--plan"; do
  timeout 60 python3 benchmarks/profile_filters.py --op pair --m 65536 --rate 1e-4 --kernels --host $mode \
      --trace $S/trace_pair65536${mode/--/_}.json > $S/pair65536${mode/--/_}.txt 2>&1
  echo "pair 65536 $mode rc $? at $SECONDS s"; cut -c1-200 $S/pair65536${mode/--/_}.txt
done
python3 - $S/trace_pair65536.json $S/trace_pair65536_plan.json <<'PY'
import json, sys
for path in sys.argv[1:]:
    try:
        ev = json.load(open(path))["traceEvents"]
    except Exception as e:
        print(path, e); continue
    k = sorted((e["ts"], e["dur"], e["name"][:40]) for e in ev if e.get("cat") == "kernel")
    span = k[-1][0] + k[-1][1] - k[0][0]
    busy = sum(d for _, d, _ in k)
    gaps = sorted(((b[0] - (a[0] + a[1]), a[2], b[2]) for a, b in zip(k, k[1:])), reverse=True)[:6]
    print(f"{path.split('/')[-1]}: {len(k)} kernels, span {span:.1f} us, busy {busy:.1f} us; largest gaps:",
          "; ".join(f"{g:.1f} us {a}->{b}" for g, a, b in gaps))
PY
