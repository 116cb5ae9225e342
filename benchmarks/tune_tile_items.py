"""tile_items_kernel's knobs (item_block, item_warps, item_maxnreg, item_programs) on the default bucket config, as
CUDA graphs (GPU time only; hits compared with the default's), K = 128, 1e-4, 2^20 and 2^22 vectors x 1024 centres.

    PYTHONPATH=src python3 benchmarks/tune_tile_items.py
"""
import sys
from dataclasses import replace

import torch

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from ab_tensor_items import graph_ms  # noqa: E402

from int8tc.bench.filters import _quantile, _sample_values  # noqa: E402
from int8tc.sieve import DEFAULT_BUCKET_CONFIG as B, bucket  # noqa: E402

VARIANTS = {"64 w4 r128 (default)": B, "64 w4 r128 p1024": replace(B, item_programs=1024),
            "64 w4 r128 p4096": replace(B, item_programs=4096), "64 w8 r128": replace(B, item_warps=8),
            "64 w8 r64": replace(B, item_warps=8, item_maxnreg=64), "32 w4 r80": replace(B, item_block=32, item_maxnreg=80),
            "32 w4 r64": replace(B, item_block=32, item_maxnreg=64), "32 w2 r128": replace(B, item_block=32, item_warps=2),
            "16 w4 r64": replace(B, item_block=16, item_maxnreg=64)}


def main():
    g = torch.Generator(device="cuda").manual_seed(0)
    k = 128
    for m, n in ((1 << 20, 1024), (1 << 22, 1024)):
        x = torch.randint(-64, 64, (m, k), dtype=torch.int8, device="cuda", generator=g)
        c = torch.randint(-64, 64, (n, k), dtype=torch.int8, device="cuda", generator=g)
        thr = torch.full((m,), _quantile(_sample_values(x, None, c, None, True), 1 - 1e-4), dtype=torch.int32,
                         device="cuda")
        want = int(bucket(x, c, thr, 17).counts.sum())
        for rep in range(2):
            for name, cfg in VARIANTS.items():
                try:
                    got = int(bucket(x, c, thr, 17, config=cfg).counts.sum())
                    ms = graph_ms(lambda: bucket(x, c, thr, 17, config=cfg))
                    print(f"{m}x{n} rep {rep} {name:22s} {ms:.4f} ms {2 * k * m * n / ms / 1e9:6.0f} TOPS hits "
                          f"{'ok' if got == want else f'{got} != {want}'}", flush=True)
                except Exception as e:  # a variant that does not compile or launch: reported, the others go on
                    print(f"{m}x{n} {name}: {type(e).__name__}: {str(e)[:150]}", flush=True)
        del x, c


if __name__ == "__main__":
    main()
