# thirty-fifth session: rega_probe with 128-bit loads from the 16-byte fragment order (4 loads per thread and tile)
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s168; mkdir -p $S
export PYTHONPATH=$PWD/src
timeout 400 python3 benchmarks/rega_probe.py --m 16384,65536 --out $S/rega_probe.csv 2>&1 | tee $S/rega_probe.txt | grep -v "^\s*$"
cd $OUT && tar czf s168.tgz s168
