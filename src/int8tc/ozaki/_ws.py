"""Launcher of the warp-specialised INT8 GEMM (``_kernels/gemm_ws.py``, Gluon, sm_90 only)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import torch

from .._checks import capability, sm_count
from .._launcher import launch


@dataclass(frozen=True)
class WsTiles:
    """Tile, ring depth and warps of the warp-specialised GEMM."""

    block_m: int = 128
    block_n: int = 256
    block_k: int = 128
    group_m: int = 8
    num_warps: int = 8
    stages: int = 4
    loader_regs: int = 40
    maxnreg: int = 168  # 12 warps (8 + the loader's group) x 32 x 168 <= 65536 registers
    #: the output tile goes out by asynchronous TMA stores of 16 KB column pieces through two shared-memory
    #: buffers (instead of st.global): 32 KB more shared memory, ~229.6 KB of the 232448 bytes an sm_90
    #: block may have at these tiles
    tma_store: bool = True


WS_TILES = WsTiles()


@functools.lru_cache(maxsize=16)
def _smem_layout(rows: int, cols: int, dtype: str = "int8"):
    """The NVMMA shared layout of a [rows, cols] TMA block (built once per shape: a call's host time)."""
    from triton.experimental.gluon import language as gl

    return gl.NVMMASharedLayout.get_default_for([rows, cols], getattr(gl, dtype))


def ws_supported(device: torch.device) -> bool:
    """The Gluon kernel is built for Hopper (sm_90) only."""
    return device.type == "cuda" and capability(device) == (9, 0)


def ws_gemm(a_planes: torch.Tensor, b_planes: torch.Tensor, out: torch.Tensor, *, mode: int, k0: int, k_len: int,
            diag: int = 0, i_lo: int = 0, n_sub: int = 1, n_groups: int = 1, p: torch.Tensor | None = None,
            pf: torch.Tensor | None = None, order: torch.Tensor | None = None, splits: int = 1,
            accumulate: bool = False, tiles: WsTiles = WS_TILES, num_programs: int | None = None) -> None:
    """One launch of ``ws_int8_gemm_kernel`` (see its module docstring for ``mode``).

    a_planes [P, Mp, Kp], b_planes [Q, Np, Kp] int8 contiguous, Mp / Np / k0 / k_len multiples of the
    tile; out [D, Mp, Np] int32 (mode 0: diagonal ``diag``; mode 2: the ``n_groups`` diagonals of
    ``order`` [n_groups] int32 for ``splits`` slices) or uint8 (mode 1, ``p`` [Q] int64 moduli and
    ``pf`` [Q, 2] float64 as ``modular_gemm_kernel`` takes them).
    """
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor

    from ._kernels.gemm_ws import ws_int8_gemm_kernel

    t = tiles
    pa, mp, kp = a_planes.shape
    pb, np_, kpb = b_planes.shape
    if (kpb != kp or mp % t.block_m or np_ % t.block_n or k0 % t.block_k or k_len % t.block_k
            or k0 + k_len > kp or not a_planes.is_contiguous() or not b_planes.is_contiguous()):
        raise ValueError(f"planes {tuple(a_planes.shape)}, {tuple(b_planes.shape)} (k0={k0}, k_len={k_len}) "
                         f"not contiguous or not padded for {t}")
    if mode == 1 and (p is None or pf is None):
        raise ValueError("mode 1 (modular) needs p and pf")
    if mode == 2 and (order is None or order.numel() != n_groups or order.dtype != torch.int32):
        raise ValueError(f"mode 2 (diagonals) needs order [{n_groups}] int32")
    da = TensorDescriptor(a_planes, [pa * mp, kp], [kp, 1], [t.block_m, t.block_k], _smem_layout(t.block_m, t.block_k))
    db = TensorDescriptor(b_planes, [pb * np_, kp], [kp, 1], [t.block_n, t.block_k], _smem_layout(t.block_n, t.block_k))
    tma_store = t.tma_store
    if tma_store:
        dtype = torch.uint8 if mode == 1 else torch.int32
        if out.dtype != dtype or not out.is_contiguous() or out.shape[1:] != (mp, np_):
            raise ValueError(f"out {tuple(out.shape)} {out.dtype} is not a contiguous {dtype} [planes, {mp}, {np_}]")
        piece = t.block_n // (2 if mode == 1 else 8)  # 16 KB pieces
        dw = TensorDescriptor(out, [out.shape[0] * mp, np_], [np_, 1], [t.block_m, piece],
                              _smem_layout(t.block_m, piece, "uint8" if mode == 1 else "int32"))
    else:
        dw = da  # unused
    items = n_groups * (mp // t.block_m) * (np_ // t.block_n)
    if num_programs is None:
        num_programs = sm_count(a_planes.device)
    nprog = max(1, min(num_programs, items))
    launch(ws_int8_gemm_kernel, (nprog,), da, db, out, dw, p if p is not None else out, pf if pf is not None else out,
           order if order is not None else out, mp, np_, k0, k_len, diag, i_lo, n_sub, splits, n_groups, MODE=mode,
           ACCUMULATE=accumulate, GROUP_M=t.group_m, NUM_PROGRAMS=nprog, STAGES=t.stages, LOADER_REGS=t.loader_regs,
           TMA_STORE=tma_store, num_warps=t.num_warps, maxnreg=t.maxnreg)
