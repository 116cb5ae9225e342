"""Where the GPU's accurate-scaling exponents part from the reference (device debug, one shot)."""
import numpy as np
import torch

from int8tc.ozaki2 import OzakiIIGemm, reference as r2

rng = np.random.default_rng(0)
m, k, n = 13, 70, 9
a, b = rng.standard_normal((m, k)), rng.standard_normal((k, n))
for dev in ("cuda",):
    ta, tb = torch.from_numpy(a).to(dev), torch.from_numpy(b).to(dev)
    plan = OzakiIIGemm(tb, 15, scaling="accurate")
    ra, res, sa, rows, fs, ua = plan._workspace(m)
    plan._accurate_scales(ta, sa, rows, ua)
    torch.cuda.synchronize()
    bits, rowsum, mmax = (x.cpu() for x in rows)
    _, gb = r2.half_bits(15)
    sb = r2.cs_exponents(b.T, gb)
    ea, eb = r2.row_exponents(a), r2.row_exponents(b.T)
    rua, rub = r2.bound_int8(a, ea), r2.bound_int8(b.T, eb)
    print("sb gpu", plan._sb.cpu().numpy(), "ref", sb)
    print("tb gpu", plan._tb.cpu().numpy(), "ref", eb + sb)
    print("ub plane equal (first K cols):", np.array_equal(plan._ub.cpu().numpy()[:n, :k], rub), "pad", plan._ub.cpu().numpy()[:n, k:].max() if plan.kp > k else None)
    print("ua plane equal:", np.array_equal(ua.cpu().numpy()[:m, :k], rua))
    print("rowsum gpu", rowsum.numpy(), "ref", rua.sum(axis=1))
    u = rua @ rub.T
    ref_m = np.ldexp(u.astype(np.float64), (eb + sb)[None, :]).max(axis=1)
    print("mmax gpu", mmax.view(torch.float64).numpy(), "ref", ref_m)
    # the product alone through torch on the GPU planes
    up = (plan._ub.cpu().numpy().astype(np.int64) @ ua.cpu().numpy().astype(np.int64).T)
    print("U from gpu planes row0", up[:n, 0], "ref", u[0])
    print("sa gpu", sa.cpu().numpy(), "ref", r2.accurate_exponents(a, b, 15)[0])
    print("guard tiles", plan.guard_tiles, "kp", plan.kp, "np", plan.np_, "ua", tuple(ua.shape), "kchunk", plan._kchunk)
