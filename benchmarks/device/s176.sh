# thirty-sixth session (written without a device; to be run by a later session): the warp-specialised Gluon
# probe whose consumers own their panels and share each streamed column tile (benchmarks/gram_ws_probe.py):
# the grid form against the library loop's Triton control, then the Gram triangle (persistent, items written,
# the library's item kernel after it) checked against PairSearchPlan's records and timed against it as graphs.
# A small smoke run first (8000 vectors: the columns past M masked; a hang there costs 150 s, not the whole call), then 16384 and 65536 vectors.
export PYTHONUNBUFFERED=1
S=$OUT/s176; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
cd benchmarks
timeout 150 python3 gram_ws_probe.py --m 8000 --rates 1e-4 --iters 5 > $S/smoke.txt 2>&1
rc=$?
echo "smoke rc $rc at $SECONDS s"; grep -v "^    kernel" $S/smoke.txt | tail -12
if [ $rc -eq 0 ]; then
  timeout 420 python3 gram_ws_probe.py --m 16384,65536 --rates 1e-4,1e-6 --out $S/gram_ws_probe.csv > $S/gram_ws_probe.txt 2>&1
  echo "probe rc $? at $SECONDS s"
  grep -v "^    kernel" $S/gram_ws_probe.txt | tail -40
  grep -A4 "^m 16384 rate" $S/gram_ws_probe.txt | grep "kernel" | head -24
fi
cd $OUT && tar czf s176.tgz s176
