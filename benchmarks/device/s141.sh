# twenty-ninth session, third call: the 16384 (and 12288) search's raw TRACE stamps (per program: chunks, SM) for the
# imbalance analysis on the CPU (NOTES 80): is a program's end set by its own units or by its SM's total tiles?
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s141; mkdir -p $S
export PYTHONPATH=$PWD/src
for m in 16384 12288; do
  timeout 90 python3 benchmarks/trace_balanced.py --m $m --rates 1e-4,1e-6 --out $S/trace_$m.csv > $S/trace_$m.txt 2>&1
  echo "trace $m rc $?"; grep -E "kernel|span|tile loop|flush|per SM" $S/trace_$m.txt
done
nvidia-smi --query-gpu=name,clocks.sm,power.draw --format=csv > $S/smi.txt
cd $OUT && tar czf s141.tgz s141 && rm -rf s141
