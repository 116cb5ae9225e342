# planned device work of the thirty-first session (written at the end of the thirtieth). Next free script: s150
# (s149.sh is written and never run).
# The tree's src and tests are 876018a's, whose filter GPU tests all passed (s148: 46 + 76 + 18 + 22) and whose
# 16384 plans equal e28aa57's (s148); bench-filters ran on e28aa57 (s147, roof 1288 sustained): pair search 16384
# plan 40.5%, 65536 60.0-60.3%, 131072 63.8-64.0%; bucketing 54.2-71.5%. No GPU run is owed by this tree.
# Issue 4's one short shape is still the 16384-vector Gram search: plan 0.066 ms, 50% needs ~0.053 (NOTES 81). What
# the thirtieth session learned: instructions cut from the loop and the program start paid more than predicted
# (-7% for ~5% fewer loop instructions and 1 us less start), because the third block on each SM runs in what the
# other two leave: fewer instructions narrowed the ranks' spread (1.11 -> 1.06 us per tile for the third). So keep
# cutting instructions. FIRST: bash benchmarks/device/s149.sh (written, never run): the default's stages and register
# cap as ab_plans variants at 16384 and 65536; statically the balanced exact loop is 345 instructions per tile at
# the default 3 stages / 168 registers and 313-318 at 4 / 168, 3 / 160, 2 / 160 (its ~44 IMAD moves drop to ~20;
# NOTES 81). If one wins at 16384 and is not slower at 65536 / 131072, make it the default (or a balanced-only field)
# and rerun the filter GPU tests and bench-filters. Other candidates, static first (SASS path counts, NOTES 81):
# (a) the remaining IMAD moves (the schedule's int64 scalars as int32 did not change them: 348); (b) the flush's layout conversions
# (pc to the atomic's blocked layout, and each round's column value); (c) the panel loads at a panel change
# (~1 us, not prefetched); (d) the item kernel (~7 us at 1e-4). Time each as plans against the tree before it
# in alternated processes (s145/s146's pattern: ab_plans.py with a dummy "same" variant, the old src archived).
#
# planned device work of the thirtieth session (written at the end of the twenty-ninth). Next free script: s144.
# The tree's src and tests equal 3be9c62's, whose filter GPU tests all passed (s139: 145) and whose bench-filters is
# s139's (roof 1319 sustained): pair search 65536 58.5-59.9%, 131072 61.1-62.6%, 16384 plan 36.9%; bucketing
# 57.5-69.8%. No GPU run is owed by this tree.
# Issue 4's one short shape is the 16384-vector Gram search (plan ~71 us, 50% needs ~53 us). Bound (NOTES 79, 80):
# per program ~42 us of tile loops (~830 TOPS at 3 programs per SM; the pair test's control loop reads ~940), so
# even with no imbalance (~8 us) and no item kernel (~8 us) the plan would be ~55 us (47%): the loop must get faster
# as well. Tried and slower: the items taken by the search's own programs (NOTES 80, branch steal-items), a PDL
# item kernel (66), four blocks per SM (67), the fused add-max (67), 64x64 / 128x128 tiles (61, 64), norm_bound at
# 16384 (its sort, 72, 78), ranges weighted by the program's rank on its SM (80, branch rank-weights: the third
# block per SM runs 17% slower per tile, but fewer tiles for it did not end it sooner), panel costs 0-6, two
# programs per SM (80). Untried: a placement the kernel controls (each program reads its SM and slot at its start
# and takes that SM's share; it must stay exact when blocks land otherwise), the row limits and range check folded
# into the search kernel (one launch less, ~2 us), each program's first panel from a host table (~2 us each).
# benchmarks/ab_plans.py times config variants as plans side by side; benchmarks/analyse_trace.py reads the stamps.
#
# planned device work of the twenty-ninth session (written at the end of the twenty-eighth). Next free script: s140;
# s139.sh is written and never run: it does (a), (b) and the trace below in one call (see its header for ab_old).
# FIRST: (a) the rest of the filter file's GPU cases (s138 ran 84 of 145 before its 200-s limit, all passed; the kernel
#   source gained the TRACE constexpr, off by default, the default's sm_90a build unchanged at 4904 SASS instructions):
#   tests/test_sieve_filters.py -k gpu as 3 shards (e.g. -k "gpu and bucket", "gpu and (pair or plan) and not bucket",
#   the rest), ~250 s; (b) an A/B of time_cuda's warm-up (the final code: batches of ~16 ms between syncs, never
#   GPU-run; s137/s138 ran a sync every 16 calls; before: a sync per call) on `int8tc bench 4096 6 10` alternated in
#   separate processes (ab_old/src from commit cef6366): 4096^3 S = 6 read 1.486x / 1.459x cuBLAS's emulation in
#   s137/s138 against 1.505-1.53x in the twenty-first/second sessions. Then bench-filters --ks 128 --rates 1e-4,1e-6
#   on the final code (its roof sustained, pct_roof / pct_burst_roof).
# Issue 4 at K = 128, 1e-4 with the roof at the card's power limit (s137: 1305 TOPS sustained, 1600 burst; NOTES 79):
#   pair search 65536 59.4-60.5%, 131072 62.6-64.2%, 16384 plan 36.9% (30.1% of the burst); bucketing 57.3-71.4%.
#   16384 is the one shape short. Trace (s138, trace_balanced.py): search kernel 59.4 us = per program 42 us of tile
#   loops (0.96 us per tile at 3 programs per SM), 6.2 us of flushes (2.6 us each), ~4 us panel search and loads,
#   and ~8 us of imbalance; 50% needs the plan in ~53 us (kernel ~41). Levers: charge a chunk's flush in the balanced
#   cost model (imbalance), fewer/cheaper flushes (64-tile chunks, one block-wide reduction), the bound loop at 16384
#   with a one-launch sort for small n; trace_balanced.py --m 16384 after each (save its raw stamps).
#
# planned device work of the twenty-eighth session (written at the end of the twenty-seventh). Next free script: s135.
# FIRST: the GPU tests of the final commit e0a9d2b (a review refactor of mask_items_kernel's index mapping into
#   _caller_ids, CPU-tested only; 26f593c before it ran 92 of 132 selected GPU tests in s134): tests/test_sieve_filters.py
#   -k "bound or sort_by_norm or (gpu and (norm_bound_default or half_norm))" and tests/test_pair_search_plan.py;
#   they all passed on 03b6cab (s133), which differs only in where mask_items_kernel loads the permutation.
# Issue 4 at K = 128, 1e-4 (s130-s134, roofs 1547-1596): pair search 131072 53.3-55.3%, 65536 50.0-51.8% (calls = plan),
# 16384 plan 27.9-28.9%; bucketing 2^20 x 1024 48.9-50.7% (plan 0.346-0.354 ms; 50% needs <= 0.344-0.351), 2^22 x 1024
# 50.7-51.4%, 4096+ centres 58.5-62.3%. Levers left (NOTES 78):
#  (a) 2^20 x 1024 bucketing: tile_items_kernel (32-34 us; ncu s132: 25% occupancy, 0.46 issue/scheduler, spills at
#      its 128-register cap, but the low-spill variants of s125 timed equal: the bound is its chain of dependent
#      memory operations per block); overlapping it with the hot kernel's tail, or fewer, fuller programs;
#      the hot kernel 0.320 ms (55% alone);
#  (b) 65536 pair search: mask_items_kernel 69 us (59 before it mapped indices; gather-bound), the search kernel 0.584;
#  (c) 16384 pair search: ~57 us search kernel against a ~44 us whole-call budget: no lever in this design is known
#      to close it (NOTES 65, 67, 78).
#
# planned device work of the twenty-seventh session (written at the end of the twenty-sixth). Next free script: s127.
# The tree at the end of the twenty-sixth session was GPU-run: s123 (bucket, BucketPlan, pair plans: 53 passed) and s126
# (pair_search's range check on the device: 33 passed) ran its code; time_cuda's primer ran in s124-s126.
# FIRST: the GPU tests of tests/test_pair_search_plan.py, tests/test_bucket_plan.py and test_sieve_filters.py -k "gpu and
# (plan or half_norm or bucket or norm_bound_default)" on commit df9c2df (a review refactor of the range pass and the
# bucket launch, CPU-tested only: the session's device time ran out).
# Issue 4 at K = 128, 1e-4 (s124, roof 1555): bucketing meets 50% everywhere, 2^20 x 1024 only just (49.8-50.8% calls,
# 50.0-51.2% plan); pair search 131072 54.3% (plan 55.0%), 65536 calls 47.2% (plan 50.9%), 16384 plan 28.1%.
# Levers left (NOTES 77):
#  (a) 65536 one-shot pair_search: still host-bound at 1e-4 (s126: 0.712 ms per call against the plan's 0.693; at 1e-6
#      the calls equal the plan since its range check runs on the device, commit 52486aa). Left on the host: 8 launches
#      (~0.34 ms profiled), the norm sort's 5 launches and buffers: fewer launches in the norm sort, one allocation;
#  (b) 2^20 x 1024 bucketing: the hot kernel alone is 0.319 ms (55% of the roof); the item kernel (33 us) is latency-bound
#      and its knobs are flat (s125); a loop that prefetches the next block's rows would need the binary search moved
#      out of the loop (tile_items_kernel's while loop stops Triton's pipeliner);
#  (c) 16384 pair search (plan ~75-80 us, 28-30%): the hot kernel's per-tile rate and the fixed costs of a 1-wave search.
#
# planned device work of the twenty-sixth session (written at the end of the twenty-fifth). Next free script: s122.
# FIRST: bash benchmarks/device/s120.sh (or s121.sh if time is short): the GPU tests of TENSOR_ITEMS_BUCKET_CONFIG as
# built after s119 (item kernel at 128 registers, hits coded as one int, 256-item sort passes, one fill), never
# GPU-run because every machine start after 10:04 failed; then bench-filters on bucketing and the A/B. If they pass
# and it is faster at 1024 centres and not slower elsewhere (check 1e-6 at 4096/16384 centres alternated: s118/s119
# showed 3-8% there, order suspect), make it bucket's default (NOTES 76). s119's earlier build: 2^22 x 1024 51.3%,
# 2^20 x 1024 47.5-48.4% of a 1470 roof. Left at 2^20 x 1024: hot kernel 0.316 ms, item work ~0.055 ms (products 36 us,
# rank 12 us). The same tile-sorted items could serve the pair search's item kernel (59 us at 65536).
#
# planned device work of the twenty-fifth session (written at the end of the twenty-fourth, which used ~1390 of its
# 1800 s in s113..s117, ~450 of them on machine starts that failed). Not a runnable queue: write sN.sh (next free: s118); `export PYTHONPATH=$PWD/src` is enough
# for the Ozaki and filter work (benchmarks/device/setup.sh installs the carried fpylll wheels the lattice sieve
# needs); put everything under $OUT in one tar. The device's .git is the session's starting snapshot: fix the CSVs'
# commit column by hand (sed) or pass INT8TC_COMMIT=<hash>.
# GPU tests: parallel pytest shards (s102: 115 filter and plan GPU cases in ~240 s as three shards).
# The twenty-fourth session's kernel changes were measured slower and removed: src/ and tests/ at its end equal its
# start (50be5a3). Everything in the tree at the twenty-third session's end was GPU-run (the source is the twenty-second session's;
# s109: the filter file's bucket and masks GPU cases with the new few-centres test; s102: the plan file). The lattice sieve does not use norm_bound (its configs
# leave it at 0).
#
# 1. Issue 4 (s110, roof 1470 TOPS): pair search K = 128 at 1e-4 55.7% / plan 57.5% (131072), calls 39.5% / plan
#    52.3% (65536), plan 28.5% (16384); bucketing 43.0 / 46.0% with 1024 centres, 57.6-59.6% with 4096 and 16384.
#    Tried in the twenty-third session and slower (NOTES 73): dp4a in the item kernel (it is gather-bound), several
#    row panels per program in one pipelined loop, 128-row panels of 8 warps under a 128-register cap; knobs
#    (stages, groups, caps, item grid/blocks) within noise. Levers left:
#    (a) bucketing with 1024 centres: ncu s108 (results/ncu_bucket_1024_session23_s108_*): 270 warp instructions
#    per tile against 210 at 16384 centres, ~480 per 64-row panel: the prologue's barriers around each TMA issue
#    and the flush (_write_items: CTA-wide maxima, dynamic rounds, the atomic's round trip). A flush with one item
#    per (row, group) written unconditionally (no maxima; a row with two tiles in one group sent to the late path
#    or given a second item by a static round) and the counts store skipped; the item kernel on tensor cores
#    (items grouped by centre tile: one 64 x 128 x K product per 64 items instead of 16-column gathers, 60 us now).
#    Tried in the twenty-fourth session and slower (NOTES 74): a persistent Gluon bucketing kernel overlapping each
#    tile's test with the next product (248 against Triton's 203 warp instructions per tile: waits, TMA issue and
#    their CTA barriers per unit; commit 879f085 has it, with a tested late-rows path); the item kernel's K step
#    (64/128 bytes); the flush with two unconditional rounds and one block-wide OR (NOTES 75). Still untried for
#    1024 centres: items grouped by centre tile for a tensor-core item kernel; a Gluon version only with a
#    warp-specialised loader and no block-wide reductions in the consumer.
#    (b) 16384 vectors (the plan's ~80 us): norm_bound's counting sort costs more than the loop gains there; the
#    fixed costs of a 1-wave search (NOTES 61, 65, 67). 65536 as one-shot calls: the host side of pair_search.
#    (c) the pair search's hot loop: ~110 of 201 instructions per tile are not the filter (loop, TMA issue, bits).
#    The unfused torch path: 89x / 91x at 131072 (s103), issue 4's 20x met.
# 2. Issues 3 and 6 were resolved on three runs in a row (s99/s101/s102) with thin margins at 4096^3 S = 6 (1.505-1.53x)
#    and 8192^3 dgemm("fp64") (1.30-1.35x). Their goals (2x everywhere; 1.5x / 1.2x native) are open: the Gluon
#    epilogue's stall of the modular products (~5% at K = 8192), the CRT at ~45% of its roofs, B^T's split from
#    the column-major view (0.86 against A's 0.66 ms; the fused split ran slower on it).
