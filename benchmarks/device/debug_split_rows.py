"""GPU-only failure of the fused row split at S=2 (fifth session): which stage is wrong?

Runs the library's scale_and_split (fused and three-kernel) for S = 1..5 on row scaling and
compares slices and scales with the NumPy reference; then two copies of the fused kernel that
differ only in how a slice's int8 is taken (float-to-int conversion vs low bits of the rounding add).
"""
import numpy as np
import torch
import triton
import triton.language as tl

from int8tc._jit_helpers import RNE, load_rows, low_word_biased
from int8tc.ozaki import reference as ref
from int8tc.ozaki._kernels.scales import ABS_MASK, scale_from_bits
from int8tc.ozaki._launch import FUSED_BLOCK_K, FUSED_BLOCK_R, ScaleBuffers, scale_and_split
from int8tc.ozaki.scheme import EXP_MAX, EXP_MIN


@triton.jit
def _rows_variant(x_ptr, sxr, sxk, pre_ptr, c_ptr, f_ptr, q_ptr, R, K, Rp, Kp,
                  SPLITS: tl.constexpr, BITS: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    rmask = rows < R
    best = tl.zeros((BLOCK_R,), dtype=tl.int64)
    for k0 in range(0, K, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        x = load_rows(x_ptr, sxr, sxk, rows, cols, rmask[:, None] & (cols < K)[None, :])
        best = tl.maximum(best, tl.max(x.to(tl.int64, bitcast=True) & ABS_MASK, axis=1))
    pre, c, f = scale_from_bits(best, False, EXP_MIN, EXP_MAX)
    tl.store(pre_ptr + rows, pre, mask=rmask)
    tl.store(c_ptr + rows, c, mask=rmask)
    tl.store(f_ptr + rows, f, mask=rmask)
    pre = tl.where(rmask, pre, 1.0)
    s = tl.where(rmask, c, 1.0)[:, None]
    sstride = Rp.to(tl.int64) * Kp
    for k0 in range(0, Kp, BLOCK_K):
        cols = k0 + tl.arange(0, BLOCK_K)
        x = load_rows(x_ptr, sxr, sxk, rows, cols, rmask[:, None] & (cols < K)[None, :])
        t = (x * pre[:, None]) / s
        offs = rows[:, None].to(tl.int64) * Kp + cols[None, :]
        om = (rows < Rp)[:, None] & (cols < Kp)[None, :]
        for i in tl.static_range(SPLITS):
            y = tl.where(t == t, t, 0.0)
            y = tl.minimum(tl.maximum(y, -127.0), 127.0)
            yr = y + RNE
            qf = yr - RNE
            if BITS:
                tl.store(q_ptr + i * sstride + offs, low_word_biased(yr).to(tl.int8), mask=om)
            else:
                tl.store(q_ptr + i * sstride + offs, qf.to(tl.int8), mask=om)
            t = (t - qf) * 254.0


def main():
    rng = np.random.default_rng(5)
    print("shape splits path q_bad c_bad f_bad")
    for (m, k) in [(7, 3), (1000, 131), (33, 300)]:
        x_np = rng.standard_normal((m, k)) * np.ldexp(1.0, rng.integers(-20, 21, m))[:, None]
        x = torch.from_numpy(x_np).cuda()
        for s in range(1, 6):
            q_ref, e_ref, c_ref = ref.split(x_np, s, "row")
            f_ref = ref.post_factor(e_ref, c_ref)
            rp, kp = -(-m // 16) * 16, -(-k // 128) * 128
            runs = {}
            for fused in (True, False):
                buf, q = ScaleBuffers(m, x.device), torch.full((s, rp, kp), 99, dtype=torch.int8, device="cuda")
                scale_and_split(x, "row", buf, q, s, fused)
                runs["lib_fused" if fused else "lib_3k"] = (buf, q)
            for bits in (True, False):
                buf, q = ScaleBuffers(m, x.device), torch.full((s, rp, kp), 99, dtype=torch.int8, device="cuda")
                _rows_variant[(triton.cdiv(rp, FUSED_BLOCK_R),)](x, x.stride(0), x.stride(1), buf.pre, buf.c, buf.f, q,
                                                                m, k, rp, kp, SPLITS=s, BITS=bits, BLOCK_R=FUSED_BLOCK_R,
                                                                BLOCK_K=FUSED_BLOCK_K, num_warps=8, enable_fp_fusion=False)
                runs["copy_bits" if bits else "copy_cvt"] = (buf, q)
            torch.cuda.synchronize()
            for name, (buf, q) in runs.items():
                qn = q[:, :m, :k].cpu().numpy()
                qbad = int((qn != q_ref).sum())
                cbad = int((buf.c.cpu().numpy() != c_ref).sum())
                fbad = int((buf.f.cpu().numpy() != f_ref).sum())
                extra = ""
                if qbad:
                    bad_slices = [i for i in range(s) if (qn[i] != q_ref[i]).any()]
                    i0 = bad_slices[0]
                    idx = np.argwhere(qn[i0] != q_ref[i0])[0]
                    extra = f" slices {bad_slices} e.g. [{i0},{idx[0]},{idx[1]}] got {qn[i0][tuple(idx)]} want {q_ref[i0][tuple(idx)]}"
                print(f"{m}x{k} {s} {name} {qbad} {cbad} {fbad}{extra}")


if __name__ == "__main__":
    main()
