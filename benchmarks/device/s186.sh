# fortieth session, second call: FilterConfig.dump_overlap (dump_items_kernel as a programmatic dependent of the search,
# taking each slot once its flag is set) against dump_bits alone and the default, at 16384 and 8192 and three rates
# (ab_plans checks every variant's records against the default's); a smoke run first (a hang must not take the call),
# then the GPU tests of the dump paths and per-kernel times of the overlapped plan
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s186; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 90 python3 - > $S/smoke.txt 2>&1 <<'PY'
from dataclasses import replace
import torch
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import DEFAULT_FILTER_CONFIG as D, PairSearchPlan, half_norms
x = torch.randint(-64, 64, (16384, 128), dtype=torch.int8, device="cuda")
h = half_norms(x)
vals = _sample_values(x, h, x, h, False)
goals = [_quantile(vals, q) for q in (1e-4, 1e-6, 1e-3, 1e-4)]
out = {}
for name, c in (("default", D), ("overlap", replace(D, dump_bits=True, dump_overlap=True))):
    p = PairSearchPlan(16384, 128, 600000, config=c)
    p.x.copy_(x); p.half_norms.copy_(h)
    for goal in goals:
        r = p(goal)
        rec = r.records[:r.kept].to(torch.int64)
        out.setdefault(goal, []).append((r.total, rec[torch.argsort(rec[:, 0] * (1 << 32) + rec[:, 1])]))
    print(name, "ok", flush=True)
for goal, v in out.items():
    print(goal, [t for t, _ in v], all(torch.equal(v[0][1], w[1]) for w in v))
PY
echo "smoke rc $?"; cat $S/smoke.txt
D="dump_bits=true"
timeout 260 python3 benchmarks/ab_plans.py --m 16384,8192 --rates 1e-4,1e-6,1e-2 --rounds 3 --roof-seconds 2 --warmup-ms 300 \
    --variants "i32:$D" "i32o:$D;dump_overlap=true" "i16:$D;item_block=16" "i16o:$D;item_block=16;dump_overlap=true" \
    --csv $S/ab_dump.csv > $S/ab_dump.txt 2>&1
echo "ab rc $?"; grep -v "^{" $S/ab_dump.txt | tail -28
T="python3 -m pytest -q -p no:cacheprovider"
timeout 150 $T tests/test_sieve_filters.py tests/test_pair_search_plan.py -k "dump or random_shapes or 32_tile_bits" > $S/tests1.log 2>&1 &
timeout 150 $T tests/test_sieve_filters.py -k "gpu and balanced" > $S/tests2.log 2>&1 &
wait
for i in 1 2; do echo "tests$i: $(tail -1 $S/tests$i.log)"; grep -E "^FAILED|^ERROR" $S/tests$i.log | head -5; done
timeout 40 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate 1e-4 --plan --kernels --dump-bits --dump-overlap \
    2>&1 | grep -v Warn | tail -6
