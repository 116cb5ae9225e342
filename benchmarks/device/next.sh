# planned device work of the eighteenth session (written at the end of the seventeenth, which used ~640 of its 1800 s
# in s73..s77). Not a runnable queue: write sN.sh (next free: s78) with benchmarks/device/lib.sh; put everything under
# $OUT in one tar (8 files come back at most).
# Everything on main is GPU-run: the Gluon warp-specialised products (s75: Ozaki-I and Ozaki-II GPU tests, 60 passed;
# dgemm file 34 passed), the bench warm-up (s77: issue 3's table and --accuracy fp64). The review edits after s77
# (docs, docstrings, next.sh) changed no kernel or default.
#
# 1. Issue 3: only 4096^3 S = 2 is short (1.39 / 1.50 / 1.44x in three runs; ours 0.60-0.65 ms after other methods'
#    load, 0.55 ms on a cold card; cuBLAS's emulation 0.90). Its parts: 3 products ~0.33 ms, B's split ~0.10, A's
#    ~0.08 (latency-bound, 39% of DRAM), reconstruction ~0.07. Ideas: A's and B's splits on two streams (both
#    latency-bound passes), the reconstruction fused into the last diagonal's epilogue (only if it overlaps the
#    next tile's main loop: ping-pong consumers), a ping-pong (two consumer warp groups on alternate tiles) variant
#    of the Gluon kernel, which would also hide Ozaki-II's heavier mod-p epilogue.
# 2. Issue 6 (1.18-1.20x / 0.83-0.87x native): products 14.2 ms of the 14.5 that 1.3x allows at 8192^3, so the
#    passes around them (B 1.2 ms, A 1.0, CRT 0.9, guard 0.3) must overlap the products or vanish. Ideas: the
#    Gluon kernel with ping-pong for the mod-p epilogue; B's plan passes and A's passes on a side stream while
#    the products of the previous ... (one-shot: no previous); the CRT fused into the last modulus' epilogue
#    (needs all 16 residues of a tile: an SMEM-resident residue ring or a second pass over an L2-resident band).
# 3. Issue 4 at 16384 (36% of the roof as a plan, target 50%): the Gluon kernel's structure (a loader warp, ring)
#    for the pair search's hot loop: its ALU-heavy filter could run in one consumer group while the other's
#    wgmma runs (ping-pong), which Triton's pipeliner never overlapped (NOTES.md 55, 67).
# 4. The sieve after the Gluon kernel: unchanged code path (the sieve uses the filters, not the Ozaki GEMM).
