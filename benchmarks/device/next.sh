# planned device work of the ninth session (written at the end of the eighth; device time spent).
# Not a runnable queue: copy s12.sh (start / q0 / q1 / wait) and put these in its queues.
# Everything committed is GPU-run except the last refactor (record-store and scale/slice helpers),
# whose default-path kernels compile to SASS identical to 13cd286's (NOTES.md 53).
#
# 1. The GPU suite first (the eighth session's final suite had 9 failures, all in
#    test_gpu_tma_bucket: the test combined row_hits/rounds with the new defer default and raised
#    ValueError before launching; fixed to start from TMA_FILTER_CONFIG, not re-run on the GPU).
# 2. The sieve's in-bucket search on tma-defer at dimension 120 (seeds 0-2, --profile): at 110 it
#    searched 1.4-1.8x more pairs per second than tma-rounds (the default); at 120 the question is
#    memory (1.5x record buffer, ~1.3 GB more at context 107):
#      python3 benchmarks/run_sieve.py --dims 120 --seeds 0,1,2 --timeout 420 \
#          --extra="--segment-filters tma-defer --profile" --out /tmp/x/d120_defer
#    If it holds, make tma-defer the sieve's default (solve.py segment_config) and re-time 100/110.
#    The branch int32-coeffs (rebased onto this main, CPU-tested; its NOTES.md 54) cuts the database's
#    coefficient bytes by half: run the same 120 seeds from a checkout of it (carry it as a folder)
#    beside main, with and without tma-defer; merge if it holds.
# 3. Pair search tiles per program 16 vs 32 (+6% at c632a05, -30% at 13cd286 at K = 128 only):
#      PYTHONPATH=src python3 benchmarks/tune_filters.py --rates 3e-4,1e-4,1e-6
#    twice, alone on the GPU.
# 4. The in-bucket search on row_hits under the 128-register cap (no extra buffer; single-hit rows
#    as records, busy tiles through the [64, 64] store, which spills 520 bytes for sm_90a at the
#    cap but runs rarely): replace(TMA_FILTER_CONFIG, row_hits=True, num_stages=2, maxnreg=128)
#    in tune_filters and as the sieve's segment config at 110.
# 5. Issue 4 (50% of the roof at <= 1e-4; pair search 26.4%, bucketing 33.8%): a hybrid write path
#    for the pair searches (rounds for rows with at most two hits, defer beyond), and the
#    per-element filter cost (NOTES.md 53: at 1e-6 bucketing reaches 68%, so the hit path is
#    what is left at 1e-4).
