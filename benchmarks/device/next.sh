# planned device work of the tenth session (written at the end of the ninth; device time spent).
# Not a runnable queue: write sN.sh with benchmarks/device/lib.sh (queues / wait_queues / batch).
# Everything committed is GPU-run except the 32-tiles default (6e7ef0c; the same kernel ran at 32 in
# the ninth session's tune and bench runs with the same hit counts) and the docs.
#
# 1. The GPU suite first (the 32-tiles default of the pair searches, the int64 item offsets).
# 2. The sieve's in-bucket search at 120 on tma-defer (seeds 0-2, --profile): the ninth session's
#    A/B crashed at context 100 on the int32 overflow fixed in 374b48c, so the memory question of
#    NOTES 53 is still open. But with per-row reservations the deferred path is slower than rounds
#    in the sieve at 110 (124-148 against 175-193 Gpairs/s, NOTES 55): run it only beside step 3.
# 3. A hybrid reservation for the pair searches' write paths (NOTES 55): per-row atomics when few
#    rows of a tile hit (1e-4: +17-26%), one tile atomic and a prefix sum when many do (1e-2 and
#    BGJ1 buckets: per-row lost 13-35% there): built on the branch hybrid-reserve (cd9edab,
#    FilterConfig.row_reserve_max; its NOTES 56; interpreter-tested, SASS of its default identical
#    to main's, NOT GPU-run). Carry a checkout of it; run its tune_filters (4 and 0 beside the
#    default), then the sieve at 110 on rounds and defer with the winner.
# 4. The pre-test's tile-wide reduction (20-25% of stall samples, NOTES 55): one CTA-wide
#    predicate reduction (PTX bar.red.or.pred through inline asm) instead of the shuffle chain and
#    two barriers; check with benchmarks/filter_roofs.py (rowtest 665 TOPS against absmax 1012).
# 5. The int32-coeffs branch (rebased onto the eighth session's main; its NOTES 54) for 120's memory.
# 6. Review note (end of the ninth session, not changed without a GPU): the deferred path's item
#    store computes tl.min(cols, axis=0) on every tile with hits (before the per-row change it sat
#    behind "if n_multi > 0"); the tile's first column is known to the callers (tj * BLOCK_N,
#    col0) and could be passed as a scalar. Check the SASS and time it with step 3.
