# planned device work of the sixteenth session (written at the end of the fifteenth, which used ~1715 of its 1800 s
# in s52..s64). Not a runnable queue: write sN.sh (next free: s65) with benchmarks/device/lib.sh.
# Everything on main is GPU-run: the clean-ups (ScaleBuffers.f gone: Ozaki-I GPU tests 33 passed and bench equal,
# s52/s55; the grid path's one chunk loop: the filter and plan GPU files in full, 130 passed, s56).
# Test budget: the filter file's and plan file's GPU tests take ~450 s: give them a call of their own.
#
# 1. Issue 4's last gap, the Gram search at M = 16384 (plan 35.5-36% of the roof at 1e-4). Measured this session
#    (NOTES 67): the search kernel 60 us of the ~78-80 (input copies/fills/launch gaps 9.6 us before it, items
#    7.8 us after); ncu: latency-bound, 2.84 active / 0.84 eligible warps per scheduler; h_j costs the hot loop
#    ~18% against bucketing's test. Tried and not better: 4 blocks per SM (spills), fused add-max (branch
#    pair-addmax), item-kernel grids. Left: (a) fewer serial phases per balanced program: keep the row panel
#    across chunks of one panel (it is reloaded per chunk), one pipelined loop over the program's whole range
#    instead of a restart per chunk; (b) the status zeroing and goal fill folded into the input pass (~3 us);
#    (c) h_j delivered once per chunk (the "one h tile per program" control ran 7-10% faster than per-tile TMA).
#    Predicted together 80 -> ~65-70 us (~42%), not 50%.
# 2. Issues 3 and 6 (product-bound at S = 4, 6 and for FP64 accuracy; see their closing notes). Ozaki-I S = 2:
#    A's whole-row split now runs at 16 warps (s63/s64: 4096^3 S = 2 1.54x cuBLAS's emulation in that run);
#    the point swings 1.05-1.54x between runs and machines, so measure it several times. B's transposed split
#    ("two": row maxima then scaled tiles, 0.104 ms at 4096^2, ~1.6 TB/s) is next: ncu it as s62 did A's (the
#    "once" pass was latency-bound at 2 blocks of 8 warps per SM), and the 8192^2 "rows" path (two sweeps).
# 3. The sieve on the tile_masks defaults (--segment-filters tma-masks, DEFAULT_BUCKET_CONFIG) at dimension 110,
#    3 seeds, against the pinned SIEVE_* configs; memory at 120.
