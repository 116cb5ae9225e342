"""Input checks shared by the public functions: typed errors that name the offending value."""

from __future__ import annotations

import functools

import torch


def check_2d(name: str, x, dtype: torch.dtype, device: torch.device | None = None) -> None:
    """x must be a 2-D torch tensor of ``dtype`` (on ``device`` if given)."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"{name} must be a torch.Tensor, got {type(x).__name__}")
    if x.dtype != dtype:
        raise ValueError(f"{name} must be {str(dtype).replace('torch.', '')}, got {x.dtype}")
    if x.ndim != 2:
        raise ValueError(f"{name} must be 2-D, got shape {tuple(x.shape)}")
    if device is not None and x.device != device:
        raise ValueError(f"{name} is on {x.device} but the other operand is on {device}")


@functools.lru_cache(maxsize=256)
def _constant(values: tuple, dtype: torch.dtype, device: str) -> torch.Tensor:
    return torch.tensor(values, dtype=dtype, device=device)


def device_constant(values, dtype: torch.dtype, device: torch.device) -> torch.Tensor:
    """A read-only device tensor of small constants (moduli, CRT weights, diagonal weights).

    Copying a Python list to the GPU waits for the stream (a pageable copy), which would put a host
    synchronisation into every one-shot call; the tensors are built once per (values, device) and
    kept. Callers must never write to them.
    """
    return _constant(tuple(values), dtype, str(device))
