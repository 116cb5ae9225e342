"""cuBLAS's own FP64 emulation (fixed-point on INT8 tensor cores), through a small ctypes binding.

Uses the libcublas that torch already loaded. Calls and enum values (libcublas 13.1 header):
``cublasSetMathMode(h, 8)`` (CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH),
``cublasSetEmulationStrategy(h, 2)`` (EAGER), ``cublasSetFixedPointEmulationMantissaControl``
(1 = FIXED, 0 = DYNAMIC), ``cublasSetFixedPointEmulationMaxMantissaBitCount(h, bits)``, then
``cublasDgemm_v2``. An explicit workspace is set: without one cuBLAS may silently run native
DGEMM. ``verify()`` catches such a fallback by checking the error at 15 bits.
"""

from __future__ import annotations

import ctypes
import os

import torch

CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH = 8
CUBLAS_EMULATION_STRATEGY_EAGER = 2
MANTISSA_DYNAMIC = 0
MANTISSA_FIXED = 1
CUBLAS_OP_N = 0


class CublasError(RuntimeError):
    pass


def _find_libcublas() -> ctypes.CDLL:
    torch.cuda.init()
    path = None
    try:
        with open("/proc/self/maps") as fh:
            for line in fh:
                name = line.rsplit(" ", 1)[-1].strip()
                base = os.path.basename(name)
                if base.startswith("libcublas.so"):
                    path = name
                    break
    except OSError:
        pass
    if path is None:
        for cand in ("libcublas.so.13", "libcublas.so.12", "libcublas.so"):
            try:
                return ctypes.CDLL(cand)
            except OSError:
                continue
        raise CublasError("could not find the libcublas that torch uses")
    return ctypes.CDLL(path)


class CublasEmulatedDgemm:
    """cuBLAS DGEMM on its own handle, in FP64 fixed-point emulation.

    Args:
        bits: max mantissa bits (FIXED control; the benchmark uses 8 * splits - 1), or None for
            cuBLAS's default DYNAMIC control (its FP64-accurate mode).
        workspace_bytes: size of the explicit workspace (kept for the object's life).
        device: CUDA device.
    """

    def __init__(self, bits: int | None, workspace_bytes: int = 1 << 30, device: torch.device | str | None = None):
        if bits is not None and not 1 <= bits <= 79:
            raise ValueError(f"bits must be in 1..79 or None (dynamic), got {bits}")
        self.bits = bits
        self.device = torch.device(device or "cuda")
        self._lib = lib = _find_libcublas()
        self._handle = ctypes.c_void_p()
        self._check(lib.cublasCreate_v2(ctypes.byref(self._handle)), "cublasCreate_v2")
        h = self._handle
        self._check(lib.cublasSetMathMode(h, CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH), "cublasSetMathMode")
        self._check(lib.cublasSetEmulationStrategy(h, CUBLAS_EMULATION_STRATEGY_EAGER), "cublasSetEmulationStrategy")
        if bits is None:
            self._check(lib.cublasSetFixedPointEmulationMantissaControl(h, MANTISSA_DYNAMIC),
                        "cublasSetFixedPointEmulationMantissaControl")
        else:
            self._check(lib.cublasSetFixedPointEmulationMantissaControl(h, MANTISSA_FIXED),
                        "cublasSetFixedPointEmulationMantissaControl")
            self._check(lib.cublasSetFixedPointEmulationMaxMantissaBitCount(h, ctypes.c_int(bits)),
                        "cublasSetFixedPointEmulationMaxMantissaBitCount")
        self._workspace = torch.empty(workspace_bytes, dtype=torch.uint8, device=self.device)
        self._check(lib.cublasSetWorkspace_v2(h, ctypes.c_void_p(self._workspace.data_ptr()),
                                              ctypes.c_size_t(workspace_bytes)), "cublasSetWorkspace_v2")
        lib.cublasDgemm_v2.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                       ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                       ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                                       ctypes.c_int]
        self._one = ctypes.c_double(1.0)
        self._zero = ctypes.c_double(0.0)

    @staticmethod
    def _check(status: int, what: str) -> None:
        if status != 0:
            raise CublasError(f"{what} failed with cublasStatus {status}")

    def __call__(self, a: torch.Tensor, b: torch.Tensor, out: torch.Tensor | None = None) -> torch.Tensor:
        """C = a @ b for float64 CUDA tensors a [M, K], b [K, N] (row-major; others are copied)."""
        for name, x in (("a", a), ("b", b)):
            if x.dtype != torch.float64 or x.device.type != "cuda" or x.ndim != 2:
                raise ValueError(f"{name} must be a 2-D float64 CUDA tensor, got {x.dtype} {tuple(x.shape)} on {x.device}")
        if a.shape[1] != b.shape[0]:
            raise ValueError(f"inner dimensions differ: {tuple(a.shape)} @ {tuple(b.shape)}")
        a, b = a.contiguous(), b.contiguous()
        m, k = a.shape
        n = b.shape[1]
        if out is None:
            out = torch.empty((m, n), dtype=torch.float64, device=a.device)
        elif not out.is_contiguous() or tuple(out.shape) != (m, n):
            raise ValueError(f"out must be a contiguous [{m}, {n}] tensor")
        self._check(self._lib.cublasSetStream_v2(self._handle, ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)),
                    "cublasSetStream_v2")
        # row-major C = A B  <=>  column-major C^T = B^T A^T
        self._check(self._lib.cublasDgemm_v2(self._handle, CUBLAS_OP_N, CUBLAS_OP_N, n, m, k,
                                             ctypes.byref(self._one), b.data_ptr(), n, a.data_ptr(), k,
                                             ctypes.byref(self._zero), out.data_ptr(), n), "cublasDgemm_v2")
        return out

    def close(self) -> None:
        if self._handle:
            self._lib.cublasDestroy_v2(self._handle)
            self._handle = ctypes.c_void_p()

    def __del__(self):  # pragma: no cover - best effort
        try:
            self.close()
        except Exception:
            pass


def verify_emulation(device: torch.device | str = "cuda", n: int = 512) -> float:
    """Check that FIXED 15-bit emulation really runs emulated: its l2 error must be ~1e-4.

    Returns the measured l2 relative error; raises ``CublasError`` if it looks like native FP64
    (error below 1e-8), i.e. cuBLAS silently fell back.
    """
    g = torch.Generator(device=device).manual_seed(1234)
    a = torch.randn(n, n, dtype=torch.float64, device=device, generator=g)
    b = torch.randn(n, n, dtype=torch.float64, device=device, generator=g)
    emu = CublasEmulatedDgemm(bits=15, workspace_bytes=256 << 20, device=device)
    c = emu(a, b)
    ref = a @ b
    err = float(torch.linalg.norm(c - ref) / torch.linalg.norm(ref))
    emu.close()
    if not err > 1e-8:
        raise CublasError(f"cuBLAS FP64 emulation at 15 bits gave l2 error {err:.2e}: it ran native DGEMM "
                          "(emulation unsupported or workspace refused)")
    return err
