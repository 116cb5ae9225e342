# planned device work of the fifteenth session (written at the end of the fourteenth, which used ~1520 of its 1800 s
# in s45..s50). Not a runnable queue: write sN.sh (next free: s51) with benchmarks/device/lib.sh.
# Everything on main is GPU-run: the Ozaki-I near-underflow fixes (s45: Ozaki/dgemm/compile/reference files, 277 +
# 284 tests, merged ozaki1-tiny-scales), the pair-search default t64 + balanced schedule (s48: the filter file's and
# plan file's GPU tests, 120 before s48's 320 s budget ran out, the last two in s49; bench-filters in s48 and s49).
# Test budget: the filter file's 119 GPU tests + the plan file's 3 take ~330 s: give them a call of their own.
#
# 1. Issue 4's last gap, the Gram search at M = 16384 (plan 35.6-36.1% of the roof at 1e-4; NOTES 65). What is left
#    in its ~78-80 us (from s37's trace, before the balanced schedule): the item kernel ~8 us, the input copies and
#    goal fill outside the graph ~5 us, the counters' memset and the input pass inside it, the search ~55-60 us. A
#    trace of the new default first (profile_filters.py --plan --trace at 16384) to split the 80 us, then: the
#    memset folded into plan_inputs_kernel; the items written inside the search's own programs for small
#    searches (the dependent launch of the item kernel measured slower, NOTES 66, branch pair-pdl); predicted
#    80 -> ~70 us (40%), not 50%: the hot loop's per-tile rate (~48-59% of the roof) bounds it (NOTES 57, 61).
# 2. The sieve on the new defaults: --segment-filters tma-masks and DEFAULT_BUCKET_CONFIG at dimension 110
#    (3 seeds, --profile) against the pinned SIEVE_* configs; memory at 120 (bucket item buffer now <= id lists).
# 3. Issues 3 and 6 unchanged since the tenth session (product-bound; see their closing notes); s45 re-measured
#    Ozaki-I: 1.35 / 1.28 / 1.29 / 1.62x (4096^3) and 1.49 / 1.43 / 1.43 / 1.89x (8192^3) cuBLAS's emulation.
# 4. Clean-ups found in the fourteenth session's review, left because they change kernels and no device time
#    was left to GPU-run them: (a) pair_search_tma_kernel's grid MASKS path keeps a special case for
#    tiles_per_program <= 32 beside its chunk loop; one loop over chunks of min(tiles_per_program, 32) (as
#    _pair_balanced) serves both (the default t64 already takes the loop); (b) ScaleBuffers.f (c 2^e) is still
#    stored by the Ozaki-I split/scale kernels but no longer read since the reconstruction takes c and 2^-e
#    (NOTES 62): drop the store with the two tests that compare it. GPU tests + int8tc bench / tune_filters after.
