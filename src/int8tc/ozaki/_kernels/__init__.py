"""Private Triton kernels of Ozaki scheme I (``@triton.jit`` code only; launchers live in ``..gemm``)."""
