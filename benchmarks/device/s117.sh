# twenty-fourth session, fifth call: the item flush with two unconditional rounds and one block-wide OR (NOTES 75)
# against the session's starting code (50be5a3, a git worktree), separate processes alternated old/new/old/new, same
# seeds: bucketing 2^20 x 1024 (1e-4, 1e-6), 2^22 x 1024 (1e-4), Gram pair search 65536 (plan) at 1e-4; then the GPU tests of every tile_masks path (bucket, pair search, segmented, plans)
export PYTHONUNBUFFERED=1
S=/tmp/s117; mkdir -p $S
SECONDS=0
git worktree add -q /tmp/old 50be5a3 2>/dev/null || git worktree add -q -f /tmp/old 50be5a3
cat > $S/ab.py <<'PY'
import sys, torch
from int8tc.bench.common import time_cuda
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import PairSearchPlan, bucket, half_norms, pair_search
tag = sys.argv[1]
g = torch.Generator(device="cuda").manual_seed(0)
K = 128
def line(name, ms, ops, hits):
    print(f"{tag} {name:34s} {ms:8.4f} ms {ops / ms / 1e9:6.0f} TOPS hits {hits}", flush=True)
for m, n, rates in ((1 << 20, 1024, (1e-4, 1e-6)), (1 << 22, 1024, (1e-4,))):
    x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
    c = torch.randint(-64, 64, (n, K), dtype=torch.int8, device="cuda", generator=g)
    vals = _sample_values(x, None, c, None, True)
    for rate in rates:
        thr = torch.full((m,), _quantile(vals, 1 - rate), dtype=torch.int32, device="cuda")
        cap = int(10 * rate * n) + 16
        res = {}
        ms = time_cuda(lambda: res.update(b=bucket(x, c, thr, cap)), 20, warmup=3, repeats=3)
        line(f"bucket {m}x{n} {rate:g}", ms, 2 * K * m * n, int(res["b"].counts.sum()))
    del x, c
for m, plan in ((65536, True),):
    x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
    h = half_norms(x)
    goal = _quantile(_sample_values(x, h, x, h, False), 1e-4)
    cap = int(4 * 1e-4 * m * (m - 1) // 2) + 4096
    res = {}
    if plan:
        p = PairSearchPlan(m, K, cap)
        fn = lambda: res.update(h=p(goal, x, h))
    else:
        fn = lambda: res.update(h=pair_search(x, h, goal, cap))
    ms = time_cuda(fn, 10, warmup=3, repeats=3)
    line(f"pair_search {m} {'plan' if plan else 'call'} 1e-4", ms, K * m * (m - 1), res["h"].total)
PY
for r in 1 2; do
  for v in old new; do
    src=$PWD/src; [ $v = old ] && src=/tmp/old/src
    PYTHONPATH=$src timeout 110 python3 $S/ab.py $v >> $S/ab.txt 2>&1
  done
done
echo "ab at $SECONDS s"; grep -E "^(old|new)" $S/ab.txt | sort -k2,4 -s | cut -c1-110
export PYTHONPATH=$PWD/src
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    -k "gpu and (bucket or masks or tma_pair or default or norm_bound or balanced or plan or segment)" > $S/tests.log 2>&1
echo "tests rc $? at $SECONDS s: $(tail -1 $S/tests.log)"; grep -E "^FAILED|^ERROR" $S/tests.log | head -10
tar -C $S -czf $OUT/s117.tgz .
