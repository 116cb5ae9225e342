"""Fused INT8 short-K dot-product filters for lattice sieving (pair search, bucketing)."""

from .ops import (
    DEFAULT_BUCKET_CONFIG,
    DEFAULT_FILTER_CONFIG,
    DEFAULT_SEGMENT_CONFIG,
    MASK_ITEMS_BUCKET_CONFIG,
    PLAIN_FILTER_CONFIG,
    SIEVE_BUCKET_CONFIG,
    SIEVE_PAIR_CONFIG,
    SIEVE_SEGMENT_CONFIG,
    SMALL_FILTER_CONFIG,
    TENSOR_ITEMS_BUCKET_CONFIG,
    TMA_FILTER_CONFIG,
    BucketHits,
    FilterConfig,
    PairHits,
    bucket,
    half_norms,
    pair_norms,
    pair_search,
    segment_pair_search,
)
from .plan import BucketPlan, PairSearchPlan

__all__ = ["pair_search", "PairSearchPlan", "BucketPlan", "pair_norms", "segment_pair_search", "bucket", "half_norms", "PairHits", "BucketHits", "FilterConfig",
           "DEFAULT_BUCKET_CONFIG", "DEFAULT_FILTER_CONFIG", "PLAIN_FILTER_CONFIG", "SMALL_FILTER_CONFIG",
           "TMA_FILTER_CONFIG", "SIEVE_SEGMENT_CONFIG", "DEFAULT_SEGMENT_CONFIG", "SIEVE_PAIR_CONFIG",
           "SIEVE_BUCKET_CONFIG", "TENSOR_ITEMS_BUCKET_CONFIG", "MASK_ITEMS_BUCKET_CONFIG"]
