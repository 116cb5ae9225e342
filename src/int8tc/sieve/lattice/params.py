"""Sieve defaults shared by the library and the CLI (no heavy imports here)."""

#: BGJ1 bucket membership |cos(x, centre)| >= BGJ1_ALPHA, and buckets per vector and epoch on
#: average (the number of centres follows). 0.35 / 4 ran dimension 100 in 16.9 / 15.8 / 14.4 s
#: against 30.3 / 16.9 / 26.7 s for the earlier 0.3 / 1.5, same run, seeds 0-2 (H200, fourth
#: session, benchmarks/NOTES.md 36).
BGJ1_ALPHA = 0.35
BGJ1_MEMBERSHIP = 4.0
