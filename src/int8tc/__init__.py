"""int8tc: INT8 tensor cores doing work they were not sold for.

- ``int8tc.gemm_fp64`` / ``int8tc.OzakiGemm``: FP64 GEMM emulated with INT8 slices (Ozaki scheme I).

Importing the package does no CUDA work.
"""

from .ozaki import Config, OzakiGemm, gemm_fp64

__version__ = "0.1.0"
__all__ = ["gemm_fp64", "OzakiGemm", "Config", "__version__"]
