# thirty-fifth session: rega_probe again with the fragment-ordered copy (each warp's 32-bit load one 128-byte line),
# ld.global against ld.global.nc, and a control without loads in the loop.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s167; mkdir -p $S
export PYTHONPATH=$PWD/src
timeout 400 python3 benchmarks/rega_probe.py --m 16384,65536 --out $S/rega_probe.csv 2>&1 | tee $S/rega_probe.txt | grep -v "^\s*$"
cd $OUT && tar czf s167.tgz s167
