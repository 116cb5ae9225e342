# planned device work of the seventeenth session (written at the end of the sixteenth, which used ~1600 of its 1800 s
# in s65..s72). Not a runnable queue: write sN.sh (next free: s73) with benchmarks/device/lib.sh; put everything under
# $OUT in one tar (8 files come back at most).
# Everything on main is GPU-run: the guard before the products (s65: dgemm + Ozaki-II GPU tests), 16 moduli (s69: the
# dgemm file in full, 34 passed), the guard at 128x64 x 4 warps, 2 per SM (s72: 34 passed), the plan / balanced changes
# (s66: 258 filter and plan tests), the sieve after them (s70: GPU test, dimensions 90 and 100).
#
# 1. Issue 6 (now 1.115x / 0.81x native at 16 moduli; targets 1.3x / 1.0x). The 16 INT8 products take ~14.3 ms of
#    the 15.1 ms that 1.3x allows at 8192^3, so everything else (B's guarded plan 1.1 ms, A's scales + split 1.0,
#    CRT 0.75, guard 0.3, waits) must shrink to ~0.8 ms: out of reach with these passes. Ideas with a measurable
#    share: B's split (twice A's per element; not the per-plane layout conversions, s70); scales fused into the
#    split for K <= 4096 (one read of A); CRT at ~55% of DRAM bandwidth.
# 2. Issue 3 (1.20-1.51x at S = 2, 1.31-1.44x at S = 4 and 6): product-bound at S = 4/6; overheads at 8192^3 S = 4
#    (splits 1.06 ms, reconstruction 0.40) would have to fall to ~0.65 ms. 4096^3 S = 2 swings 1.05-1.55x run to
#    run: measure it several times in any table run. A lead: ours at 4096^3 S = 2 took 0.74-0.84 ms in the full
#    tables (s61, s67), which also run int8_cublas_baseline right before it, and 0.62-0.65 ms in runs of
#    `--methods cublas_emulated,int8tc_ozaki1` (s55, s64, s65), while cuBLAS's emulation took 0.88-0.96 ms in
#    both. Run the table with and without the baseline, and with an empty_cache() / a warm-up between
#    methods, to see whether the baseline's allocations or heat slow the point after it.
# 3. Issue 4 at 16384 (36.2-36.4% of the roof as a plan): NOTES 65-68 list what was tried; left: one pipelined loop
#    over a program's whole range, int64 tile bits (chunks of 64), items inside the search's programs.
# 4. The sieve on the tile_masks defaults at dimension 110 (3 seeds) against the pinned SIEVE_* configs; memory at 120.
