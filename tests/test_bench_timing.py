"""``time_cuda`` and ``time_windows`` (the benchmarks' timing) against a fake CUDA clock, on CPU.

The fake: every call of the timed function advances a GPU clock by its duration (and a host clock by
its enqueue cost); events read the GPU clock; ``synchronize`` brings the host up to the GPU. So the
tests see what the timing functions enqueue, when they wait, and what they report.
"""

import pytest
import torch

from int8tc.bench import common


class FakeCuda:
    def __init__(self, monkeypatch, call_ms: float, host_ms: float = 0.01):
        self.gpu = 0.0  # ms: when the GPU finishes what is enqueued
        self.host = 0.0  # ms
        self.call_ms, self.host_ms = call_ms, host_ms
        self.calls = 0
        self.syncs = 0
        self.durations = []  # per call, to vary it
        fake = self

        class Event:
            def __init__(self, enable_timing=False):
                self.t = None

            def record(self):
                self.t = max(fake.gpu, fake.host)

            def synchronize(self):
                fake.host = max(fake.host, self.t)

            def elapsed_time(self, other):
                return other.t - self.t

        def synchronize():
            fake.syncs += 1
            fake.host = max(fake.host, fake.gpu)

        monkeypatch.setattr(torch.cuda, "Event", Event)
        monkeypatch.setattr(torch.cuda, "synchronize", synchronize)
        monkeypatch.setattr(common.time, "perf_counter", lambda: fake.host / 1e3)

    def fn(self):
        self.host += self.host_ms
        d = self.durations[self.calls] if self.calls < len(self.durations) else self.call_ms
        self.gpu = max(self.gpu, self.host) + d
        self.calls += 1


def test_time_cuda_mean_median_and_primer(monkeypatch):
    f = FakeCuda(monkeypatch, call_ms=2.0)
    # windows of 4 calls; the third window's calls are slow (a stall): the median window ignores it
    f.durations = [2.0] * 2 + [2.0] + [2.0] * 4 + [2.0] + [2.0] * 4 + [2.0] + [50.0] * 4
    ms = common.time_cuda(f.fn, 4, warmup=2, repeats=3)
    assert ms == pytest.approx(2.0)
    assert f.calls == 2 + 3 * (1 + 4)  # warm-up, then a primer and 4 calls per window


@pytest.mark.parametrize("call_ms,batch", [(0.05, 16), (2.0, 7), (50.0, 1)])  # ~16 ms per batch, <= 16 calls
def test_time_cuda_warmup_batches(monkeypatch, call_ms, batch):
    f = FakeCuda(monkeypatch, call_ms=call_ms)
    common.time_cuda(f.fn, 1, warmup=1, warmup_ms=30.0, repeats=1)
    warm = f.calls - 1 - 2  # less the warm-up call, the window's primer and its call
    # one sizing call, then whole batches until 30 ms have passed: at most one batch (or one call) beyond
    assert warm >= 1
    assert (warm - 1) % batch == 0
    assert (warm - 1 - batch) * call_ms < 30.0
    assert f.syncs <= 2 + (warm - 1) // batch + 1  # the warm-up's, the sizing call's, one per batch, the window's


def test_time_cuda_warmup_keeps_the_gpu_busy(monkeypatch):
    # a multi-launch call whose host time (0.4 ms) is a sixth of its GPU time: synced after every call the GPU
    # would idle 0.4 ms per call; in batches it idles once per batch
    f = FakeCuda(monkeypatch, call_ms=2.4, host_ms=0.4)
    common.time_cuda(f.fn, 1, warmup=1, warmup_ms=100.0, repeats=1)
    assert f.syncs < f.calls / 4


def test_time_windows_reports_each_window(monkeypatch):
    f = FakeCuda(monkeypatch, call_ms=1.0)
    windows = common.time_windows(f.fn, 0.1, window_ms=10.0)
    assert len(windows) >= 9
    assert all(ms == pytest.approx(1.0, rel=0.02) for _, ms in windows)  # (+ one host enqueue per window)
    times = [t for t, _ in windows]
    assert times == sorted(times) and times[-1] >= 0.1
