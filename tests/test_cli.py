"""``int8tc bench`` from the command line (on CPU it runs the NumPy reference and says so)."""

import subprocess
import sys

import pytest

from int8tc.bench.gemm import CSV_HEADER, parse_ours, parse_sizes, parse_splits
from int8tc.cli import main


def test_bench_csv_header_exact_and_errors_reported(capsys):
    assert main(["bench", "48,20x30x40", "1,3", "1", "--csv", "--cpu", "--ours", "matrix:S,row:all"]) == 0
    out = capsys.readouterr()
    lines = out.out.strip().splitlines()
    assert lines[0] == "size_M,size_N,size_K,method,splits,time_ms,gflops,max_abs_err,l2_rel_err"
    rows = [dict(zip(CSV_HEADER, ln.split(","))) for ln in lines[1:]]
    assert {r["method"] for r in rows} == {"fp64_numpy", "seed_reference", "int8tc_ozaki1_reference",
                                          "int8tc_ozaki1_reference[row:all]"}
    assert "NumPy reference" in out.err
    errs = {(r["size_M"], r["method"], r["splits"]): float(r["l2_rel_err"]) for r in rows}
    # more splits -> far smaller error, as the scheme promises
    assert errs[("48", "seed_reference", "3")] < errs[("48", "seed_reference", "1")] / 1000


def test_bench_table_and_big_sizes_fall_back_on_cpu(capsys, tmp_path):
    out_csv = tmp_path / "r.csv"
    assert main(["bench", "8192", "2", "1", "--cpu", "--out", str(out_csv)]) == 0
    cap = capsys.readouterr()
    assert "too slow for the NumPy reference" in cap.err
    assert "seed_reference" in cap.out
    header = out_csv.read_text().splitlines()[0].split(",")
    assert header[:9] == CSV_HEADER and {"gpu", "torch", "triton", "commit", "date"} <= set(header)


@pytest.mark.parametrize("argv,msg", [
    (["bench", "0", "2", "1"], "bad size"),
    (["bench", "10x20", "2", "1"], "bad size"),
    (["bench", "64", "0", "1"], "splits must be in 1..16"),
    (["bench", "64", "2", "0"], "iters must be >= 1"),
    (["bench", "64", "2", "1", "--ours", "col"], "scaling must be matrix or row"),
])
def test_bench_bad_arguments(capsys, argv, msg):
    assert main(argv) == 2
    assert msg in capsys.readouterr().err


def test_bench_ozaki2_rows_on_cpu(capsys):
    assert main(["bench", "40", "2", "1", "--cpu", "--csv", "--moduli", "8,16"]) == 0
    rows = [ln.split(",") for ln in capsys.readouterr().out.strip().splitlines()[1:]]
    crt = {int(r[4]): float(r[8]) for r in rows if r[3] == "int8tc_ozaki2_reference"}
    assert set(crt) == {8, 16} and crt[16] < 1e-14 < crt[8]
    assert main(["bench", "40", "2", "1", "--cpu", "--moduli", "1"]) == 2


def test_parsers():
    assert parse_sizes("4096, 2x3x4") == [(4096, 4096, 4096), (2, 3, 4)]
    assert parse_splits("2,4") == [2, 4]
    assert parse_ours("matrix,row:S+1") == [("matrix", "default"), ("row", "S+1")]


def test_console_entry_point_runs():
    out = subprocess.run([sys.executable, "-m", "int8tc.cli", "bench", "16", "2", "1", "--cpu"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "int8tc_ozaki1_reference" in out.stdout


@pytest.mark.parametrize("argv,msg", [
    (["bench-filters", "--repeats", "0"], "--repeats must be >= 1, got 0"),
    (["bench-filters", "--iters", "0"], "--iters must be >= 1, got 0"),
    (["bench-filters", "--roof-seconds", "-1"], "--roof-seconds must be >= 0, got -1.0"),
    (["bench-filters", "--warmup-ms", "nan"], "--warmup-ms must be >= 0, got nan"),
])
def test_bench_filters_bad_timing_options(capsys, argv, msg):
    # checked before the CUDA check, so on CPU too (the timing itself needs a GPU)
    assert main(argv) == 2
    assert msg in capsys.readouterr().err
