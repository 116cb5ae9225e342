"""Sieve defaults shared by the library and the CLI (no heavy imports here)."""

#: BGJ1 bucket membership |cos(x, centre)| >= BGJ1_ALPHA, and buckets per vector and epoch on
#: average (the number of centres follows). 0.35 / 4 ran dimension 100 in 16.9 / 15.8 / 14.4 s
#: against 30.3 / 16.9 / 26.7 s for the earlier 0.3 / 1.5, same run, seeds 0-2 (H200, fourth
#: session, benchmarks/NOTES.md 36).
BGJ1_ALPHA = 0.35
BGJ1_MEMBERSHIP = 4.0
#: at most this many buckets (centres) per BGJ1 epoch. From context ~89 on it binds (4 / P(|cos| >=
#: 0.35) exceeds it), so at dimension 120 a vector sits in ~1.3 buckets by the formula instead of 4
#: (sixth session); the balance of bucketing (43 s) against in-bucket search (218 s) there suggests
#: more, smaller buckets (NOTES.md 44): not yet measured.
BGJ1_MAX_BUCKETS = 4096
#: kernels for BGJ1's in-bucket search alone (``segment_filters``, ``--segment-filters``):
#: "tma-rounds" (the sieve's default with --filters tma: ops.SIEVE_SEGMENT_CONFIG, hits written in
#: per-row rounds, 128 registers), "tma-defer" (the pair searches' default: multi-hit rows
#: deferred, 1.5x record buffer), "tma" (TMA without a write-path option, the default up to the
#: seventh session), "plain", "-rowhits" with the per-row write path (FilterConfig.row_hits), and
#: "tma-masks" (per-row tile bits in the hot loop, hits written by the item kernel: FilterConfig.tile_masks,
#: 2x record buffer; NOTES.md 57)
SEGMENT_FILTERS = ("tma-rounds", "tma-defer", "tma", "plain", "tma-rowhits", "plain-rowhits", "tma-masks")
