"""``_launcher.launch``: the same kernel variant and results as ``kernel[grid](...)``, with a table hit
only for a specialisation it has launched before (alignment, integers equal to 1 or divisible by 16,
constexprs, options)."""

import pytest
import torch
import triton
import triton.language as tl

from int8tc._launcher import _ATTR, launch


@triton.jit
def _axpy_kernel(x_ptr, y_ptr, n, c, BLOCK: tl.constexpr, SQUARE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    if SQUARE:
        x = x * x
    tl.store(y_ptr + offs, x + c, mask=m)


def _run(x, y, n, c, square, block=64):
    launch(_axpy_kernel, (triton.cdiv(n, block),), x, y, n, c, BLOCK=block, SQUARE=square, num_warps=1)


def test_launch_matches_the_reference(dev):
    """On the CPU (interpreter) every call goes through kernel[grid]; on the GPU through the table."""
    g = torch.Generator().manual_seed(0)
    x = torch.randint(-1000, 1000, (300,), generator=g, dtype=torch.int32).to(dev)
    for n, c, square in [(300, 5, False), (300, 5, False), (17, 1, True), (1, 16, False), (256, 7, True)]:
        y = torch.full((300,), -(2**31), dtype=torch.int32, device=dev)
        _run(x, y, n, c, square)
        want = (x[:n] * x[:n] if square else x[:n]) + c
        assert torch.equal(y[:n], want), (n, c, square)
        assert (y[n:] == -(2**31)).all()  # nothing written past n


@pytest.mark.gpu
def test_gpu_launch_keys_every_specialisation():
    """Misaligned pointers, n = 1 / 16 / 17, constexprs and options each get their own compiled kernel,
    and a repeated call reuses its entry: results stay exact throughout."""
    dev = torch.device("cuda")
    base = torch.arange(1, 1025, dtype=torch.int32, device=dev)
    out = torch.empty(1100, dtype=torch.int32, device=dev)
    table = lambda: len(_axpy_kernel.__dict__.get(_ATTR, {}))  # noqa: E731
    cases = [(0, 0, 512, 3, False), (0, 0, 512, 3, False), (1, 3, 512, 3, False), (0, 0, 1, 3, False),
             (0, 0, 16, 3, False), (0, 0, 17, 1, False), (0, 0, 512, 3, True), (2, 1, 100, -4, True),
             (1, 3, 512, 3, False)]
    sizes = []
    for xo, yo, n, c, square in cases:
        x, y = base[xo:], out[yo:]
        out.fill_(-7)
        _run(x, y, n, c, square)
        torch.cuda.synchronize()
        want = (x[:n] * x[:n] if square else x[:n]) + c
        assert torch.equal(y[:n], want), (xo, yo, n, c, square)
        assert (out[:yo] == -7).all() and (out[yo + n:] == -7).all()
        sizes.append(table())
    assert sizes[1] == sizes[0]  # the same call again: a table hit
    assert sizes[2] == sizes[1] + 1  # misaligned pointers: a new entry
    assert sizes[-1] == sizes[-2]  # the misaligned case again: a hit
    before = table()
    _run(base, out, 64, 0, False, block=32)  # another constexpr: another entry
    assert table() == before + 1
    torch.cuda.synchronize()
    assert torch.equal(out[:64], base[:64])


@pytest.mark.gpu
def test_gpu_launch_tensor_keywords_share_an_entry():
    """Kernel arguments passed by keyword (fresh tensors each call) are keyed by their specialisation,
    not their identity: one table entry, however many calls (c avoids 1 and multiples of 16, which
    Triton specialises on: the first run of this test saw c = 0, 1, 2 take three entries)."""
    dev = torch.device("cuda")
    x = torch.arange(64, dtype=torch.int32, device=dev)
    table = lambda: len(_axpy_kernel.__dict__.get(_ATTR, {}))  # noqa: E731
    sizes = []
    for c in (2, 3, 5, 7):
        y = torch.full((64,), -1, dtype=torch.int32, device=dev)
        launch(_axpy_kernel, (1,), x, y_ptr=y, n=64, c=c, BLOCK=64, SQUARE=False, num_warps=2)
        torch.cuda.synchronize()
        assert torch.equal(y, x + c)
        sizes.append(table())
    assert sizes[1:] == sizes[:1] * 3
