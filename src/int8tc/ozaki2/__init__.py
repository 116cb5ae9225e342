"""Ozaki scheme II: FP64 GEMM from one INT8 product per modulus and a CRT reconstruction.

``gemm_fp64_crt`` / ``OzakiIIGemm``: Triton kernels on CUDA ("fast" scaling), the NumPy
reference on CPU tensors (both scalings).
"""

from .gemm import OzakiIIGemm, gemm_fp64_crt
from .moduli import MODULI, crt_constants
from .reference import gemm as gemm_reference

__all__ = ["OzakiIIGemm", "gemm_fp64_crt", "MODULI", "crt_constants", "gemm_reference"]
