"""Private Triton kernels of Ozaki scheme II (``@triton.jit`` code only; launchers in ``.._launch``)."""
