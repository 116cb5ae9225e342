"""The exact-product reference used by benchmarks and tests: checked against rational arithmetic."""

from fractions import Fraction

import numpy as np
import pytest
import torch

from int8tc.exact import error_stats, exact_gemm


def _fractions(a, b):
    return [[sum(Fraction(x) * Fraction(y) for x, y in zip(row, col)) for col in b.T.tolist()] for row in a.tolist()]


@pytest.mark.parametrize("case", ["randn", "wide_rows", "in_row_span", "cancel", "zeros"])
def test_exact_gemm_matches_rationals(rng, case):
    m, k, n = 5, 37, 4
    a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
    if case == "wide_rows":
        a *= np.ldexp(1.0, rng.integers(-300, 301, m))[:, None]
        b *= np.ldexp(1.0, rng.integers(-300, 301, n))[None, :]
    elif case == "in_row_span":
        a *= np.ldexp(1.0, rng.integers(-80, 81, (m, k)))
    elif case == "cancel":
        b[:, 0] = 0.0
        a[1] = a[0]
        b[:, 1] = b[:, 2]
        a[2, :] = 3.0
        b[:, 3] = 0.0
        b[0, 3], b[1, 3] = 1.0, -1.0  # row 2 times column 3 is exactly 0
    elif case == "zeros":
        a[:] = 0.0
    hi, lo = exact_gemm(torch.from_numpy(a), torch.from_numpy(b))
    exact = _fractions(a, b)
    for i in range(m):
        for j in range(n):
            got = Fraction(float(hi[i, j])) + Fraction(float(lo[i, j]))
            assert abs(got - exact[i][j]) <= abs(exact[i][j]) * Fraction(2) ** -100, (case, i, j)
            assert float(hi[i, j]) == float(exact[i][j]), (case, i, j)  # hi is the rounded exact value


def test_error_stats_and_bad_input(rng):
    a, b = torch.from_numpy(rng.standard_normal((6, 9))), torch.from_numpy(rng.standard_normal((9, 3)))
    hi, lo = exact_gemm(a, b)
    s = error_stats(a @ b, hi, lo)
    assert 0 < s["max_rel_err"] < 1e-14 and s["wrong_zeros"] == 0
    assert error_stats(hi, hi, torch.zeros_like(lo))["max_abs_err"] == 0.0
    with pytest.raises(ValueError, match="finite"):
        exact_gemm(a * float("inf"), b)
    with pytest.raises(ValueError, match="inner"):
        exact_gemm(a, a)
    with pytest.raises(TypeError, match="torch tensors, got ndarray"):
        exact_gemm(a.numpy(), b.numpy())
