"""Ozaki scheme II: FP64 GEMM from one INT8 product per modulus and a CRT reconstruction.

NumPy reference only so far (``reference.gemm``); the GPU path is issue 6's next step.
"""

from .moduli import MODULI, crt_constants
from .reference import gemm as gemm_reference

__all__ = ["MODULI", "crt_constants", "gemm_reference"]
