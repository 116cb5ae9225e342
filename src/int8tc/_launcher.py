"""Kernel launches with less host time than ``kernel[grid](...)`` (private).

``kernel[grid](*args, **kw)`` costs ~38 us of host time per launch of a compiled Triton kernel on the
H200's host and ~65 us for the Gluon GEMM with its two descriptors (eighteenth session,
``benchmarks/host_phases.py``); a one-shot 4096^3 Ozaki-I product at S = 2 is six launches in
~0.53 ms of GPU time, so the host sits at ~70% of the GPU and any stall of the Python thread
starves the GPU. Most of that time is spent outside what decides *which* compiled kernel runs:
knob and environment reads, the current-device and current-stream lookups through torch, a cache
key built as a string of the options, the global-value check and the launch-metadata call.

``launch(kernel, grid, *args, **kw)`` keeps what decides the compiled variant: Triton's own binder
(the same argument specialisation ``JITFunction.run`` computes: dtypes, 16-byte alignment of
pointers, integers equal to 1 or divisible by 16, descriptor block shapes and layouts, constexpr
values) and the keyword options, and keys its own table of compiled kernels on exactly those. A key
it has not seen goes through ``kernel[grid](...)`` (which compiles or finds the kernel and launches
it) and records the compiled kernel; a key it has seen launches that compiled kernel directly, with
the arguments ``JITFunction.run`` would pass and the launch hooks Triton has installed. So the
kernel variant, its arguments and the stream are the same as on Triton's path; what is skipped is
the check that global variables a kernel reads have not changed since compilation (ours read only
``tl.constexpr`` globals), and a ``TRITON_DEBUG`` switched on after a kernel's first launch (Triton
reads that variable once, at import).

The table of compiled kernels lives on the kernel object (like Triton's own cache), keyed per
device. Under the interpreter (``TRITON_INTERPRET=1``) every call goes through ``kernel[grid]``.
"""

from __future__ import annotations

import os

_ATTR = "_int8tc_launch_table"


def _interpreting() -> bool:
    return os.environ.get("TRITON_INTERPRET", "0") not in ("", "0")


def launch(kernel, grid: tuple, *args, **kwargs) -> None:
    """``kernel[grid](*args, **kwargs)`` (grid: a tuple of 1-3 ints), with less host time once the
    same specialisation has been launched before on this device (module docstring)."""
    if _interpreting():
        kernel[grid](*args, **kwargs)
        return
    from triton import knobs
    from triton.runtime import driver

    drv = driver.active
    device = drv.get_current_device()
    binder = kernel.device_caches[device][4]
    # the binder splits the keywords: kernel arguments (tensors among them) go into the
    # specialisation, the rest (num_warps, num_stages, ...: plain values) are the launch options
    bound, specialization, options = binder(*args, **kwargs)
    key = (device, tuple(specialization), tuple(options.items()))
    table = kernel.__dict__.get(_ATTR)
    if table is None:
        table = {}
        setattr(kernel, _ATTR, table)
    compiled = table.get(key)
    if compiled is None:
        table[key] = kernel[grid](*args, **kwargs)
        return
    stream = drv.get_current_stream(device)
    g1 = grid[1] if len(grid) > 1 else 1
    g2 = grid[2] if len(grid) > 2 else 1
    values = bound.values()
    compiled.run(grid[0], g1, g2, stream, compiled.function, compiled.packed_metadata,
                 compiled.launch_metadata(grid, stream, *values), knobs.runtime.launch_enter_hook,
                 knobs.runtime.launch_exit_hook, *values)
