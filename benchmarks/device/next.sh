# planned device work of the fourteenth session (written at the end of the thirteenth, which used its 1800 s in
# s35..s41). Not a runnable queue: write sN.sh (next free: s42) with benchmarks/device/lib.sh (queues / wait_queues / batch).
# Everything on main is GPU-run: the filter and plan GPU files at ee2415f (s40: 502 tests, s41: tests 500..659,
# all passed); the async check (s35), PairSearchPlan (s36), item_block 32 / 2 warps (s40 bench).
#
# 0. FIRST (s44.sh is ready: run it with TAG=main, then check out ozaki1-tiny-scales and run it with TAG=branch):
#    GPU-run tests/test_ozaki_gemm.py, tests/test_dgemm.py and tests/test_compile_sm90.py on main (commit
#    70cc1e9 changed the Ozaki-I reconstruction epilogue near underflow, NOTES 62: interpreter- and compile-tested
#    only), and time `int8tc bench 8192 6 5` against the eighth session's numbers (predicted: no change).
#    Then the branch `ozaki1-tiny-scales` (5c466f5, NOTES 62: scales kept split up to the epilogue, operands
#    below ~3e-306 keep FP64 accuracy): the same GPU tests on it, `int8tc bench 4096,8192 2,4,6,8 10` on main
#    and on it in one call (predicted < 1% apart); merge if both hold.
# 1. Issue 4's last gap: the Gram search at M = 16384 (plan 29.8% of the roof at 1e-4; NOTES 61). The search
#    kernel runs 66-73 us there at 43% of the roof against 59% at 131072. Balance is not the main loss: 16
#    tiles per program (~2.8 waves) ran 66 us, 8 tiles 76 us, so each program's fixed cost (row panel, pipeline
#    fill, items) dominates; even a balanced search at the large-M rate (~49 us) plus the item kernel (8 us)
#    would sit near 50%. It needs a faster search kernel per tile (ncu of the hot kernel at 16384: the
#    prologue/epilogue share; 128-row panels with 8 warps were slower at 16384 and 65536).
#    65536 is met (s42: calls 50.8-51.2%, plans 52.3-53.1%). Branch `masks-long-programs` (NOTES 64 there): programs
#    of 64/128 tiles with the bits flushed every 32 (the panel loaded once): check out, GPU tests -k "masks", then
#    tune_filters.py --skip segment,bucket --m 65536,131072 --tiles --iters 10 (predicted +2-5% or nothing).
# 2. The sieve on the new defaults: --segment-filters tma-masks and DEFAULT_BUCKET_CONFIG at dimension 110
#    (3 seeds, --profile) against the pinned SIEVE_* configs; memory at 120 (bucket item buffer now <= id lists).
# 3. Issues 3 and 6 unchanged since the tenth session (product-bound; see their closing notes).
