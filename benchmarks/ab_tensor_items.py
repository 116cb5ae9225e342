"""TENSOR_ITEMS_BUCKET_CONFIG (uncapped and 128-register item kernel) against the default bucket config, K = 128,
1e-4 and 1e-6, configs alternated three times per shape (the order reversed every other round), median of the
windows; hit totals compared.

    PYTHONPATH=src python3 benchmarks/ab_tensor_items.py [all|1024]
"""
import sys
import torch, statistics
from dataclasses import replace
from int8tc.bench.common import time_cuda
from int8tc.bench.filters import _quantile, _sample_values
from int8tc.sieve import DEFAULT_BUCKET_CONFIG as OLD, TENSOR_ITEMS_BUCKET_CONFIG as B, bucket
g = torch.Generator(device="cuda").manual_seed(0)
K = 128
cfgs = {"masks": OLD, "tensor": replace(B, item_maxnreg=None), "tensor-r128": B}
SHAPES = {"all": ((1 << 20, 1024), (1 << 22, 1024), (1 << 20, 16384)), "1024": ((1 << 20, 1024), (1 << 22, 1024))}
for m, n in SHAPES[sys.argv[1] if len(sys.argv) > 1 else "all"]:
    x = torch.randint(-64, 64, (m, K), dtype=torch.int8, device="cuda", generator=g)
    c = torch.randint(-64, 64, (n, K), dtype=torch.int8, device="cuda", generator=g)
    vals = _sample_values(x, None, c, None, True)
    for rate in (1e-4, 1e-6):
        thr = torch.full((m,), _quantile(vals, 1 - rate), dtype=torch.int32, device="cuda")
        cap = int(10 * rate * n) + 16
        t = {k: [] for k in cfgs}
        hits = {}
        for rep in range(3):
            for name in (list(cfgs) if rep % 2 == 0 else list(cfgs)[::-1]):
                res = {}
                t[name].append(time_cuda(lambda: res.update(b=bucket(x, c, thr, cap, config=cfgs[name])), 10,
                                         warmup=2, warmup_ms=30))
                hits[name] = int(res["b"].counts.sum())
        ops = 2 * K * m * n
        print(f"bucket {m}x{n} {rate:g}: " + "  ".join(
            f"{k} {statistics.median(v):.4f} ms ({ops / statistics.median(v) / 1e9:.0f} TOPS; {min(v):.4f}-{max(v):.4f})"
            for k, v in t.items()) + f"  hits equal {len(set(hits.values())) == 1}", flush=True)
    del x, c
