# planned device work of the twentieth session (written at the end of the nineteenth, which used ~1585 of its 1800 s
# in s86..s89). Not a runnable queue: write sN.sh (next free: s90) with benchmarks/device/setup.sh; put everything
# under $OUT in one tar. Pass INT8TC_COMMIT=<hash> (the device's .git is the session's starting snapshot).
# GPU-run on main at dd5bb43's tree: the Ozaki-I/II, launcher and dgemm files (s86, s87: all passed, the Ozaki-II file
# with its dev-fixture CUDA variants), the sieve's GPU tests only in part (s86/s88: the first ~48 of 130; s89: 15 of
# the rest + two end-to-end sieves): they compile slowly (~8 s each). b473bda (a jit-helper refactor) was checked by
# identical sm_90a PTX only. So first: the sieve's GPU tests in full (~15 min: split over two calls, e.g. by -k) and
# the Ozaki-I file's GPU tests.
#
# 1. Issue 3 (s87, after ~2 min of GPU tests: 1.63 / 1.49 / 1.45 / 1.80x at 4096^3, 1.58 / 1.59 / 1.64 / 2.16x at
#    8192^3): short at 4096^3 S = 4 and S = 6 in that run (1.54 / 1.56x on a fresh card, s77), and S = 2 depends on
#    the host (0.54 or 0.85-0.90 ms in alternate runs, s86). Host time per one-shot call is still ~0.57 ms against
#    ~0.53 ms of GPU time: the Gluon launch with its two descriptors is 69 us (host_phases.py), the side stream and
#    events ~35 us, ~9 torch.empty ~50 us. Levers: one workspace allocation per call (one torch.empty, views for
#    the rest), the descriptors built once per workspace in plans; measure with host_phases.py first.
# 2. Issue 6 (s88: 0.967x native at 4096^3, 1.212x at 8192^3; targets 1.0x / 1.3x). GPU time at 4096^3 ~2.45 ms:
#    products 1.62 (at the roof), CRT 0.22, A's scales 0.09 + split 0.15, B's 0.10 + 0.19 (side stream), guard
#    0.07. The CRT runs at ~45% of both its DRAM and FP64 roofs: try a tile whose threads own 4-8 contiguous
#    residues per plane (vector loads) before the INT8-tensor-core form of s_c (NOTES 69's plan). B^T's split reads
#    a column-major view: a split kernel whose tile is transposed in registers (or TMA-loaded) for that layout.
# 3. Issue 4 (s85, roof 1409 TOPS: pair search 48.4% / 41.6% at 131072 / 65536, 29.8% as a 16384 plan; bucketing
#    43-63%): the Gluon ping-pong control lost (737 vs 974 TOPS, NOTES 70), so the Triton loop stays; what is left
#    is the per-tile filter's instruction count (NOTES 67's table: products + group max 1504 TOPS, the pair test
#    942-1010) and the 16384 plan's fixed costs.
