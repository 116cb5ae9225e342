# planned device work of the eighteenth session (written at the end of the seventeenth, which used ~1565 of its 1800 s
# in s73..s82). Not a runnable queue: write sN.sh (next free: s83) with benchmarks/device/lib.sh; put everything under
# $OUT in one tar (8 files come back at most).
# GPU-run on main: the Gluon products for both schemes (s75: Ozaki-I + Ozaki-II GPU-marked tests 60 passed, the dgemm
# file in full 34 passed), the side stream (s79: 61 passed), one-launch diagonals (s80: the Ozaki-I ws / every-split /
# default-config GPU tests, 30 passed), the kernel's new arguments for Ozaki-II (s82: Ozaki-II + dgemm GPU-marked, 26
# passed). NOT yet run on the GPU since the Gluon change: the `dev`-fixture CUDA variants of tests/test_ozaki2_gemm.py
# and tests/test_ozaki_gemm.py (they run only without -m gpu): run both files in full first (~4 min).
#
# 1. Issue 3 (s77 fresh card, 10-call window: 1.39 / 1.54 / 1.56 / 1.98x and 1.75 / 1.73 / 1.67 / 2.18x; s82 hot card,
#    median of 5 windows: 1.27 / 1.53 / 1.39 / 1.81x and 1.57 / 1.57 / 1.63 / 2.15x). Short: 4096^3 S = 2 always,
#    S = 6 under sustained load. Levers: energy per product under the power cap (our kernels slow 8-15% more than
#    cuBLAS's under sustained load): fewer shared-memory reads per MAC (a 256x256 cooperative tile needs 2 consumer
#    groups of 128 rows with 128x256 each: 256 registers, too many; try 192x256 with 3 consumer warp groups =
#    12 warps + loader), and the splits' / reconstruction's DRAM traffic. Measure power-limited steady state
#    (`int8tc bench` now does: median of 5 windows).
# 2. Issue 6 (fresh 1.18-1.20x / 0.83-0.87x; hot card 1.24x / 0.96x): the CRT (0.92 ms at 8192^3, 0.22 at 4096^3)
#    is FP64-bound (16 x 4 DFMA per element): its s_c = sum_k r_k w[k][c] is a [E x 16] x [16 x 4] product that
#    fits the INT8 tensor cores with w split into bytes (16 x 255 x 255 < 2^21 per byte plane), then ~20 FP64 ops
#    per element; or fold it into the modular GEMM's epilogue of the last modulus. A ping-pong variant of the
#    Gluon kernel (two consumer warp groups on alternate 64x256 tiles) would hide the mod-p epilogue (static:
#    mode 1 has ~1550 more SASS instructions per tile than mode 0, ~5k issue cycles against ~71k of wgmma at
#    K = 8192: up to ~7% of the products at 8192^3, ~14% at 4096^3), but its tiles load B twice as often
#    (0.0195 against 0.0117 bytes of L2 traffic per MAC): measure before building. The residue splits (B 0.79,
#    A 0.62 ms at 8192^3) run at ~50% of DRAM bandwidth and ~16 x 5 FP64 operations per element.
# 3. Issue 4: bench-filters' roof now includes the Gluon GEMM (~1500 TOPS, NOTES.md 69), so the pair searches that
#    met 50% against the Triton roof (65536: 51-54%, 131072: 54-58% of ~1200 TOPS) would read ~41-46%. Measure
#    (`int8tc bench-filters`, K = 128) first. Then the pair search's hot loop in Gluon with a loader warp and two
#    consumer groups in ping-pong, so one group's ALU-heavy filter overlaps the other's wgmma (Triton's pipeliner
#    never overlapped them: NOTES.md 55, 67); 16384 sits at 36% even of the old roof. Ready to run: s83.sh
#    (`benchmarks/filter_roofs_ws.py`: a Gluon control of that loop, a loader warp and two consumer groups on
#    alternate tiles, built for sm_90a on the CPU: 168 registers, no spill, 74 KB of shared memory; not yet run).
#    If it beats the Triton g_h_load control (942 TOPS at 131072 in s52) by a wide margin, port the real loop.
