import subprocess
import sys


def test_import_does_no_cuda_work():
    code = ("import torch, int8tc, int8tc.ozaki, int8tc.sieve, int8tc.cli; "
            "assert not torch.cuda.is_initialized(), 'import initialised CUDA'; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
