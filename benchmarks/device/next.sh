# planned device work of the twenty-third session (written at the end of the twenty-second, which used ~1650 of its
# 1800 s in s100..s105). Not a runnable queue: write sN.sh (next free: s106); `export PYTHONPATH=$PWD/src` is enough
# for the Ozaki and filter work (benchmarks/device/setup.sh installs the carried fpylll wheels the lattice sieve
# needs); put everything under $OUT in one tar. The device's .git is the session's starting snapshot: fix the CSVs'
# commit column by hand (sed) or pass INT8TC_COMMIT=<hash>.
# GPU tests: parallel pytest shards (s102: 115 filter and plan GPU cases in ~240 s as three shards).
# Everything in the tree at the twenty-second session's end was GPU-run (s102: the filter and plan files' changed
# paths; s99: Ozaki-II and dgemm after the fused split). The lattice sieve does not use norm_bound (its configs
# leave it at 0).
#
# 1. Issue 4 (s104, roof 1544 TOPS): pair search K = 128 at 1e-4 51.8% / plan 54.6% (131072, met), 45.2% / 51.1%
#    (65536), plan 26.4% (16384); bucketing 38.6-46.9% with 1024 centres, 58-60% with 16384. Levers:
#    (a) 16384 vectors (the plan's ~80 us): norm_bound's counting sort (s104: ~15 us) still costs more than the loop
#    gains there; its six launches could be fewer (stats and bins in one pass over the bins of a coarse histogram),
#    and the fixed costs of a 1-wave search (panel loads, the item kernel's ~8 us) remain (NOTES 61, 65, 67);
#    65536 as one-shot calls (45%): the host side of pair_search (validation, two descriptors, the sort's launches);
#    (b) the hot loop's non-filter instructions (~110 of 201 per tile: loop, TMA issue, bit update);
#    (c) bucketing with 1024 centres: 8 centre tiles per row panel, so the per-panel costs (panel load, flush,
#    items) weigh; more rows per program (a 128-row panel, or two panels per program).
#    The unfused torch path: 89x / 91x at 131072 (s103), issue 4's 20x met.
# 2. Issues 3 and 6 were resolved on three runs in a row (s99/s101/s102) with thin margins at 4096^3 S = 6 (1.505-1.53x)
#    and 8192^3 dgemm("fp64") (1.30-1.35x). Their goals (2x everywhere; 1.5x / 1.2x native) are open: the Gluon
#    epilogue's stall of the modular products (~5% at K = 8192), the CRT at ~45% of its roofs, B^T's split from
#    the column-major view (0.86 against A's 0.66 ms; the fused split ran slower on it).
