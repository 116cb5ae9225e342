# planned device work of the twenty-first session (written at the end of the twentieth, which used ~1710 of its 1800 s
# in s90..s97). Not a runnable queue: write sN.sh (next free: s98) with benchmarks/device/setup.sh; put everything
# under $OUT in one tar. Pass INT8TC_COMMIT=<hash> (the device's .git is the session's starting snapshot).
# GPU tests: run them as parallel pytest shards (s90: all 140 sieve GPU tests in 90 s as six shards, against 15+
# minutes serially); the Ozaki files without -m (their dev-fixture CUDA variants) take ~150 s each in parallel.
# Everything in the tree at the twentieth session's end was GPU-run (s97: Ozaki-I/II, dgemm after the last kernel change; s90: sieve, unchanged since).
#
# 1. Issue 6 (s92..s96: dgemm("fp64") 1.28-1.31x native at 8192^3 over six runs, target 1.3x; 4096^3 1.05-1.07x, met;
#    3.4x / 2.6-2.7x the dynamic emulation, met). Kernels of one 8192^3 call (s92): products 11.81 ms (now ~11.5 with
#    the mode-1 TMA stores), CRT 0.97, B's scales 0.35 + split 0.86 (column-major view), A's 0.39 + 0.66, guard 0.33.
#    Levers: (a) the Gluon epilogue still stalls the products: ~5% at K = 8192 (11.99 ms against 16 x 0.704 for the
#    plain GEMM); an epilogue overlapped with the next tile's wgmma needs a second accumulator (registers: 168 cap)
#    or a ping-pong of two consumer groups on 128 x 128 tiles; (b) the CRT at ~45% of its roofs (the INT8-tensor-core
#    form of the chunk sums, NOTES 69); (c) B^T's split from the column-major view (0.86 against A's 0.66 ms).
# 2. Issue 3 (s93/s94/s96): every 8192^3 point and 4096^3 S = 4 / S = 8 hold 1.5x; 4096^3 S = 6 1.47-1.52x; S = 2 is
#    host-bound (0.53 ms of GPU time; 0.53-0.82 ms measured). Host time per one-shot call ~0.57 ms (+1 descriptor
#    since the TMA store): fewer torch.empty (one buffer per workspace, views), the side stream only where it pays
#    (it measured -2% at 8192^3 only), the descriptors' cost in the Gluon launch (benchmarks/host_phases.py).
#    S = 6 at 4096^3: the splits run ~65 FP64 operations per element (a correctly rounded division first).
# 3. Issue 4 (s94, roof now 1521 TOPS): pair search 44.5% (131072), 38.3% (65536), plan 45.9 / 42.6 / 27.7%;
#    bucketing 39.5-57.3%. The filters ran at the same TOPS as in s85 (the roof rose): the per-tile filter's
#    instruction count is the lever (NOTES 67's table).
