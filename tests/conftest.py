"""Test setup: without a GPU, Triton kernels run under the interpreter on CPU tensors.

TRITON_INTERPRET must be set before any kernel module is imported, hence here, at collection.
GPU-marked tests run on the H200 (``pytest -m gpu``); they are skipped where CUDA is absent.
"""

import os
import zlib

import numpy as np
import pytest
import torch

HAS_CUDA = torch.cuda.is_available()
if not HAS_CUDA:
    os.environ.setdefault("TRITON_INTERPRET", "1")


def pytest_collection_modifyitems(config, items):
    if HAS_CUDA:
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU (run with -m gpu on the H200)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def dev() -> torch.device:
    """Where kernel tests run: the GPU if present, else CPU tensors under the Triton interpreter."""
    return torch.device("cuda" if HAS_CUDA else "cpu")


@pytest.fixture
def rng(request) -> np.random.Generator:
    """Fresh inputs per test, fixed seed per test name."""
    seed = zlib.crc32(request.node.name.encode())
    return np.random.default_rng(seed)


def poisoned(shape, dtype, device, value=float("nan")) -> torch.Tensor:
    """An output buffer filled with a sentinel, so unwritten elements fail comparisons."""
    return torch.full(shape, value, dtype=dtype, device=device)


def check_fork_b(plan, monkeypatch, fork: bool, dev, m: int) -> None:
    """A plan with deferred B (``_defer_b=True``) asked to fork B's passes for an m-row product: with
    ``fork`` the side-stream threshold is lowered so this small product forks too (on the CPU the passes
    run inline), else it stays deferred, run in order by the call."""
    if fork:
        import int8tc._streams as streams

        monkeypatch.setattr(streams, "SIDE_STREAM_MIN_MNK", 0)  # fork this small product too
        plan._fork_b(m)
        assert plan._b_ready is not None or dev.type == "cpu"  # on the CPU the passes ran inline
        assert not plan._b_deferred
    else:
        plan._fork_b(m)  # below SIDE_STREAM_MIN_MNK: still deferred, run in order by the call
        assert plan._b_deferred and plan._b_ready is None
