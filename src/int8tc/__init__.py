"""int8tc: INT8 tensor cores doing work they were not sold for.

- ``int8tc.dgemm(a, b, accuracy="fp64")``: FP64 GEMM at a target accuracy; picks Ozaki-I or II.
- ``int8tc.gemm_fp64`` / ``int8tc.OzakiGemm``: FP64 GEMM emulated with INT8 slices (Ozaki scheme I).
- ``int8tc.gemm_fp64_crt`` / ``int8tc.OzakiIIGemm``: Ozaki scheme II (INT8 residues, CRT).

Importing the package does no CUDA work.
"""

from .dgemm import Choice, DgemmPlan, dgemm
from .ozaki import Config, OzakiGemm, gemm_fp64
from .ozaki2 import OzakiIIGemm, gemm_fp64_crt

__version__ = "0.1.0"
__all__ = ["dgemm", "DgemmPlan", "Choice", "gemm_fp64", "OzakiGemm", "Config", "gemm_fp64_crt", "OzakiIIGemm",
           "__version__"]
