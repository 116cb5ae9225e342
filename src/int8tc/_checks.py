"""Input checks shared by the public functions: typed errors that name the offending value."""

from __future__ import annotations

import functools
import sys

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


def _from_dlpack(x):
    """A DLPack array (CuPy, NumPy, ...) as a torch tensor sharing its memory; anything else as is
    (the caller's checks then name what is wrong with it)."""
    if isinstance(x, torch.Tensor) or not hasattr(x, "__dlpack__"):
        return x
    return torch.from_dlpack(x)


def accepts_dlpack(fn):
    """Let a one-shot product ``fn(a, b, ..., out=None)`` take DLPack arrays (a CuPy or NumPy array,
    ...) for a, b and out without a copy; its result then comes back as the type of ``a`` (through
    that library's ``from_dlpack``, again without a copy), or as ``out`` itself if one was given. A
    tuple result (``dgemm(..., return_choice=True)``) has its first element converted."""

    @functools.wraps(fn)
    def wrapper(a, b, *args, **kwargs):
        foreign = not isinstance(a, torch.Tensor) and hasattr(a, "__dlpack__")
        out = kwargs.get("out")
        if out is not None:
            kwargs["out"] = _from_dlpack(out)
        result = fn(_from_dlpack(a), _from_dlpack(b), *args, **kwargs)
        if not foreign:
            return result
        first = result[0] if isinstance(result, tuple) else result
        if out is not None and not isinstance(out, torch.Tensor):
            first = out
        else:
            first = sys.modules[type(a).__module__.split(".")[0]].from_dlpack(first)
        return (first, *result[1:]) if isinstance(result, tuple) else first

    return wrapper


@functools.lru_cache(maxsize=64)
def sm_count(device: torch.device) -> int:
    """The CUDA device's multiprocessor count, read once per device (a device property query costs
    a few microseconds of host time per call; the count never changes)."""
    return torch.cuda.get_device_properties(device).multi_processor_count


@functools.lru_cache(maxsize=64)
def capability(device: torch.device) -> tuple[int, int]:
    """The CUDA device's compute capability, read once per device."""
    return torch.cuda.get_device_capability(device)
