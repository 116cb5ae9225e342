# twelfth session, last call (~250 s of device time left): where the 0.25 ms of host time per pair_search call goes
# (it bounds M = 16384 and 65536: s33), cProfile of 300 small calls with their count reads, top entries by own time
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s34; mkdir -p $S
timeout 90 python3 - <<'P' 2>&1 | tee $S/host_profile.txt
import cProfile, pstats, time, torch
from int8tc.sieve import half_norms, pair_search
x = torch.randint(-64, 64, (256, 128), dtype=torch.int8, device="cuda"); h = half_norms(x)
for _ in range(5): pair_search(x, h, 0, 1 << 20).total
torch.cuda.synchronize(); t = time.perf_counter()
for _ in range(300): pair_search(x, h, 0, 1 << 20).total
print(f"{(time.perf_counter() - t) / 300 * 1e3:.3f} ms per call + count read")
pr = cProfile.Profile(); pr.enable()
for _ in range(300): pair_search(x, h, 0, 1 << 20).total
pr.disable(); pstats.Stats(pr).sort_stats("tottime").print_stats(22)
P
cp $S/* $OUT/ 2>/dev/null
