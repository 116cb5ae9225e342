# fifteenth session, third call: where a 16384-vector Gram search plan's ~80 us go now (balanced schedule, t64):
# profile_filters --plan --kernels --trace at 16384 and 65536 (1e-4), the trace's GPU events of the last replay
# with their start offsets and durations (launch gaps, memset, input pass, search, items).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s54; mkdir -p $S
for m in 16384 65536; do
    timeout 90 python3 benchmarks/profile_filters.py --op pair --m $m --rate 1e-4 --plan --kernels \
        --trace $S/trace_$m.json > $S/profile_$m.txt 2>&1; cat $S/profile_$m.txt
    python3 - $S/trace_$m.json <<'P'
import json, sys
ev = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e.get("ph") == "X" and e.get("cat") in ("kernel", "gpu_memset", "gpu_memcpy")]
ev.sort(key=lambda e: e["ts"])
last = ev[-len(ev) // 3:]
t0 = last[0]["ts"]
for e in last:
    print(f"  {e['name'][:48]:48s} start {e['ts'] - t0:8.1f} us  dur {e['dur']:8.1f} us")
P
done
cp $S/*.txt $OUT/ 2>/dev/null
