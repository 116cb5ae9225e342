# planned device work of the fourteenth session (written at the end of the thirteenth, which used its 1800 s in
# s35..s41). Not a runnable queue: write sN.sh (next free: s42) with benchmarks/device/lib.sh (queues / wait_queues / batch).
# Everything on main is GPU-run: the filter and plan GPU files at ee2415f (s40: 502 tests, s41: tests 500..659,
# all passed); the async check (s35), PairSearchPlan (s36), item_block 32 / 2 warps (s40 bench).
#
# 1. Issue 4's last gap: the Gram search at M = 16384 (plan 29.8% of the roof at 1e-4; NOTES 61). The search
#    kernel runs 66-73 us there at 43% of the roof (the upper triangle's programs are ~1.5 waves of 396
#    slots). Idea: a balanced schedule, each program a contiguous range of the triangle's tiles (split where
#    a range crosses a row block or 32 tiles), grid = 3 x SMs; predicted 66 -> ~52 us, the plan ~35%: not 50%
#    without a faster search kernel (at the large-M rate a balanced search alone is ~49 us + 8 us of items).
#    65536 as calls sits at 48.5-49.9% (plan 51-52%): re-run bench-filters there 3 times to see the spread.
# 2. The sieve on the new defaults: --segment-filters tma-masks and DEFAULT_BUCKET_CONFIG at dimension 110
#    (3 seeds, --profile) against the pinned SIEVE_* configs; memory at 120 (bucket item buffer now <= id lists).
# 3. Issues 3 and 6 unchanged since the tenth session (product-bound; see their closing notes).
