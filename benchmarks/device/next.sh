# planned device work of the thirteenth session (written at the end of the twelfth, which used its 1800 s in
# s28..s34). Not a runnable queue: write sN.sh with benchmarks/device/lib.sh (queues / wait_queues / batch).
# Everything on main is GPU-run: the filter GPU file at 1f071ff (106 of 112 before s31's timeout, no failure; note
# the file now needs ~250 s) plus the other 12 at 8fc4220; the sieve's GPU tests at 1f071ff; c89505e's bucket item
# buffer under its tests and the grid run. Not GPU-run: the branch async-h-check.
#
# 1. (done in s35, merged) Branch async-h-check (NOTES 60, "the host's share"; benchmarks/device/s35.sh is ready, run it on that branch): the half-norm range check enqueued and awaited after the
#    launches. Run its GPU test (-k half_norm_range) and the pair/segment GPU tests; then bench-filters
#    --ks 128 --pair-m 16384,65536,131072 --rates 1e-4,1e-6 --unfused (prediction: 65536 at ~52% of the roof,
#    131072 ~54%); merge if it holds. Then issue 4 can be judged at every M (bucketing meets 50% everywhere).
# 2. Further host cuts if 16384 matters: fewer Triton launch arguments (descriptors built once per plan), or
#    a pair-search plan object (buffers, descriptors) reused across calls.
# 3. The sieve on the new defaults: --segment-filters tma-masks and DEFAULT_BUCKET_CONFIG at dimension 110
#    (3 seeds, --profile) against the pinned SIEVE_* configs; memory at 120 (bucket item buffer now <= id lists).
# 4. Issues 3 and 6 unchanged since the tenth session (product-bound; see their closing notes).
