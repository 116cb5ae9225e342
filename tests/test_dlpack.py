"""The one-shot products take DLPack arrays (NumPy here, CuPy on the GPU) without a copy and give the
result back as the same type, bit for bit what the torch path gives."""

import numpy as np
import pytest
import torch

import int8tc


@pytest.mark.parametrize("call", [lambda a, b, **kw: int8tc.gemm_fp64(a, b, 4, **kw),
                                  lambda a, b, **kw: int8tc.gemm_fp64_crt(a, b, 16, **kw),
                                  lambda a, b, **kw: int8tc.dgemm(a, b, "fp64", **kw)],
                         ids=["gemm_fp64", "gemm_fp64_crt", "dgemm"])
def test_numpy_arrays_in_and_out(rng, call):
    a, b = rng.standard_normal((13, 21)), rng.standard_normal((21, 9))
    c = call(a, b)
    assert isinstance(c, np.ndarray) and c.shape == (13, 9)
    np.testing.assert_array_equal(c, call(torch.from_numpy(a), torch.from_numpy(b)).numpy())
    out = np.full((13, 9), np.nan)
    assert call(a, b, out=out) is out  # written in place, through the shared memory
    np.testing.assert_array_equal(out, c)


def test_dgemm_choice_tuple_and_bad_input(rng):
    a, b = rng.standard_normal((5, 6)), rng.standard_normal((6, 4))
    c, choice = int8tc.dgemm(a, b, "fp64", return_choice=True)
    assert isinstance(c, np.ndarray) and choice.scheme == "ozaki2"
    with pytest.raises(TypeError, match="a must be a torch.Tensor, got list"):
        int8tc.gemm_fp64([[1.0]], b, 2)
    with pytest.raises(ValueError, match="float64"):
        int8tc.gemm_fp64(a.astype(np.float32), b, 2)


@pytest.mark.gpu
def test_gpu_cupy_arrays_in_and_out(rng):
    cp = pytest.importorskip("cupy")
    a, b = rng.standard_normal((300, 257)), rng.standard_normal((257, 131))
    ca, cb = cp.asarray(a), cp.asarray(b)
    for call in (lambda x, y, **kw: int8tc.gemm_fp64(x, y, 4, **kw), lambda x, y, **kw: int8tc.dgemm(x, y, **kw)):
        c = call(ca, cb)
        assert isinstance(c, cp.ndarray)
        ref = call(torch.from_numpy(a).cuda(), torch.from_numpy(b).cuda())
        np.testing.assert_array_equal(cp.asnumpy(c), ref.cpu().numpy())
        out = cp.full((300, 131), cp.nan)
        assert call(ca, cb, out=out) is out
        np.testing.assert_array_equal(cp.asnumpy(out), ref.cpu().numpy())
