"""GPU-only: the cuBLAS-based baselines the benchmark compares against."""

import numpy as np
import pytest
import torch

from int8tc.ozaki import reference as ref

pytestmark = pytest.mark.gpu


@pytest.mark.parametrize("dims", [(17, 8, 16), (100, 37, 53), (1024, 512, 777)])
@pytest.mark.parametrize("splits", [1, 2, 4])
def test_int8_cublas_baseline_equals_seed_pairwise(rng, dims, splits):
    from int8tc.ozaki.baseline import int8_cublas_baseline

    m, n, k = dims
    a_np, b_np = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    c = int8_cublas_baseline(torch.from_numpy(a_np).cuda(), torch.from_numpy(b_np).cuda(), splits).cpu().numpy()
    expect = ref.gemm_pairwise(a_np, b_np, splits, "all")
    # same slices and pairs; torch's elementwise FP64 kernels may round the scale-and-add
    # differently by a few ulps (seen: 4 ulps), while one differing slice digit would move an
    # entry by ~s_{S-1} |B| >> 1e-12 |C|
    np.testing.assert_allclose(c, expect, rtol=0, atol=1e-13 * np.abs(expect).max())


def test_cublas_emulation_really_emulates():
    from int8tc.ozaki.cublas_emulation import verify_emulation

    err = verify_emulation()
    assert 1e-6 < err < 1e-2


def test_cublas_emulation_error_falls_with_bits(rng):
    from int8tc.ozaki.cublas_emulation import CublasEmulatedDgemm

    a = torch.randn(512, 512, dtype=torch.float64, device="cuda")
    b = torch.randn(512, 512, dtype=torch.float64, device="cuda")
    ref_c = a @ b
    errs = []
    for s in (2, 4, 6):
        emu = CublasEmulatedDgemm(bits=8 * s - 1, workspace_bytes=256 << 20)
        errs.append(float(torch.linalg.norm(emu(a, b) - ref_c) / torch.linalg.norm(ref_c)))
        emu.close()
    assert errs[0] > 1e3 * errs[1] > 1e6 * errs[2], errs


def test_bench_gpu_small_run(capsys):
    from int8tc.cli import main

    assert main(["bench", "256,100x200x300", "2,4", "2", "--csv"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    methods = {ln.split(",")[3] for ln in lines[1:]}
    assert methods == {"fp64_cublas", "int8_cublas_baseline", "cublas_emulated", "int8tc_ozaki1",
                       "int8tc_ozaki1[matrix]"}
