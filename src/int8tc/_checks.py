"""Input checks shared by the public functions: typed errors that name the offending value."""

from __future__ import annotations

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
