"""Private Triton kernels of the sieve filters (``@triton.jit`` code only; launchers in ``..ops``)."""
