# thirty-first session, third call. s150's ncu on the 16384 search kernel: tensor pipe 34% of active cycles, issue
# slots 50%; of the loop's stall samples 17% wait on the wgmma, 24% sit in the per-tile TMA issue (the h_j TMA's
# proxy fence, MEMBAR and block barriers). The new tree loads h_j with plain loads issued before the product (the
# pipeliner turns them into cp.async; static loop path 345 -> 299). Old tree (ab_old: HEAD's src) against new,
# alternated in separate processes, plans at 16384 (balanced) and 40000 (grid, exact), each with the default and
# four blocks per SM (128 registers, 2 stages: no spill in the loop at that cap now).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s151; mkdir -p $S
SECONDS=0
for r in 1 2; do
  for v in old new; do
    P=$PWD/src; [ $v = old ] && P=$PWD/ab_old/src
    PYTHONPATH=$P timeout 140 python3 benchmarks/ab_plans.py --m 16384,40000 --rates 1e-4,1e-6 --rounds 3 \
        --variants "same:panel_cost=4" "b4:balanced=4;maxnreg=128;num_stages=2" --csv $S/ab_${v}_$r.csv > $S/ab_${v}_$r.txt 2>&1
    echo "$v $r rc $? at $SECONDS s"; grep -E '^ +[0-9]+ ' $S/ab_${v}_$r.txt
  done
done
cd $OUT && tar czf s151.tgz s151
