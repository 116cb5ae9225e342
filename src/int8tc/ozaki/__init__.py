"""Ozaki scheme I: FP64 GEMM from INT8 slice products (see ``scheme`` for the math)."""

from .gemm import DEFAULT_CONFIG, SMALL_CONFIG, OzakiGemm, gemm_fp64
from .scheme import Config

__all__ = ["OzakiGemm", "gemm_fp64", "Config", "DEFAULT_CONFIG", "SMALL_CONFIG"]
