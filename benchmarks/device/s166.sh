# thirty-fifth session: the hot loop with the streamed tile in registers (benchmarks/rega_probe.py) against the
# library's loop, at 16384 and 65536 vectors, nothing hitting; checks of its products and bits first.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s166; mkdir -p $S
export PYTHONPATH=$PWD/src
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
timeout 400 python3 benchmarks/rega_probe.py --m 16384,65536 --out $S/rega_probe.csv 2>&1 | tee $S/rega_probe.txt | grep -v "^\s*$"
cd $OUT && tar czf s166.tgz s166
