# thirty-fifth session: rega_probe, test forms (abs-sub-max, add-max with add-min, the bound by group least h) and two panels per load
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s169; mkdir -p $S
export PYTHONPATH=$PWD/src
timeout 400 python3 benchmarks/rega_probe.py --m 16384,65536 --out $S/rega_probe.csv 2>&1 | tee $S/rega_probe.txt | grep -v "^\s*$"
cd $OUT && tar czf s169.tgz s169
