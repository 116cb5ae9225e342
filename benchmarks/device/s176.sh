# thirty-sixth session: the warp-specialised Gluon control whose consumers share each streamed column tile
# (benchmarks/gram_ws_probe.py) against the library loop's Triton control, 16384 and 65536 vectors.
export PYTHONUNBUFFERED=1
S=$OUT/s176; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
cd benchmarks
timeout 300 python3 gram_ws_probe.py --m 16384,65536 --out $S/gram_ws_probe.csv 2>&1 | tee $S/gram_ws_probe.txt | grep -v "^  "
echo "probe rc ${PIPESTATUS[0]} at $SECONDS s"
cd $OUT && tar czf s176.tgz s176
