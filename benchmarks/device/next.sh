# planned device work of the twelfth session (written at the end of the eleventh, which had 586 s of
# device time: s26 = bench-filters K = 128 + GPU tests, s27 = the failed tests again + a kernel profile).
# Not a runnable queue: write sN.sh with benchmarks/device/lib.sh (queues / wait_queues / batch).
# Everything committed is GPU-run except: the full filter GPU file at HEAD (s26 ran all 97 at 3789dc3:
# 8 failed on list order, test-side, fixed in 4d07d6b; s27 re-ran the 53 bucket/default/odd-K tests,
# all passed), and the docs.
#
# 1. The full GPU suite at HEAD (filters, sieve, Ozaki); it includes the new masks-batch cases (NOTES 59).
# 1b. item_reserve="batch" (NOTES 59, built and interpreter-tested, not GPU-run): profile_filters.py --op pair
#    --rate 1e-4 --kernels with --item-reserve item and batch (item kernel 0.91 ms -> predicted 0.25-0.4), then
#    tune_filters.py --rates 1e-2,1e-4,1e-6; flip DEFAULT_FILTER_CONFIG / DEFAULT_SEGMENT_CONFIG if it wins.
# 2. Pair search at 1e-4 (issue 4: 45.1% of the roof, target 50%): the item kernel is the gap
#    (0.91 ms of 3.8 at 1e-4, 0.014 at 1e-6; NOTES 58). ncu on mask_items_kernel (--op pair --rate 1e-4,
#    -k regex:mask_items); then a cheaper item kernel: 16-byte vector loads of each gathered row,
#    int32 dot in 4-byte lanes, fewer int64 address computations; or sort/group the items by tile and
#    use tl.dot over (items of a tile) x (its 16 group columns). Prediction: item kernel 0.2-0.3 ms,
#    pair search ~2.6-2.8 Tpairs/s at 1e-4 (55-62% of the roof).
# 3. K = 64, 96, 160, 192 with the tile_masks defaults (bench-filters --ks 64,96,160,192 --pair-m 131072
#    --bucket-m 1048576 --bucket-n 16384 --segments 4096): the table at every K.
# 4. The sieve on tile_masks: --segment-filters tma-masks and a filter_config of DEFAULT_FILTER_CONFIG /
#    DEFAULT_BUCKET_CONFIG at dimension 110 (3 seeds, --profile) against the pinned SIEVE_* configs;
#    memory at 120 (2x record buffer; bucket item buffer M x capacity_per_row x 16 bytes).
# 5. Carried from the tenth session's plan: hybrid reservation (branch hybrid-reserve), the pre-test's
#    CTA-wide predicate reduction, the int32-coeffs branch for 120's memory.
