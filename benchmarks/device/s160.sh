# thirty-fourth session, fourth call. With the item kernel's dots by dp4a (s157) its own arithmetic is no longer
# the long pole at 16384 vectors (item kernel 7.8 -> 5.9 us at 1e-4, 5.5 -> 4.4 at 1e-6), so the chain of round
# trips may be: the new tree reads each program's first block of items before the count (s155 tried this when the
# arithmetic dominated: no change). Old tree (ab_old: HEAD's src, 9acf5f4's kernel) against new, alternated in
# separate processes, plans at 16384 (1e-2, 1e-4, 1e-6) with fewer item programs as variants, 65536 once.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s160; mkdir -p $S
SECONDS=0
for r in 1 2; do
  for v in old new; do
    P=$PWD/src; [ $v = old ] && P=$PWD/ab_old/src
    PYTHONPATH=$P timeout 150 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-2,1e-4,1e-6 --rounds 3 --roof 1287 \
        --variants "p1024:item_programs=1024" "p528:item_programs=528" --csv $S/ab16_${v}_$r.csv > $S/ab16_${v}_$r.txt 2>&1
    echo "16384 $v $r rc $? at $SECONDS s"; grep -E '^ +[0-9]+ ' $S/ab16_${v}_$r.txt
    [ $r = 2 ] && continue
    PYTHONPATH=$P timeout 80 python3 benchmarks/ab_plans.py --m 65536 --rates 1e-4,1e-6 --rounds 2 --roof 1287 \
        --variants "p1024:item_programs=1024" --csv $S/ab64_${v}_$r.csv > $S/ab64_${v}_$r.txt 2>&1
    echo "65536 $v $r rc $? at $SECONDS s"; grep -E '^ +[0-9]+ ' $S/ab64_${v}_$r.txt
  done
done
for v in old new; do
  P=$PWD/src; [ $v = old ] && P=$PWD/ab_old/src
  PYTHONPATH=$P timeout 60 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate 1e-4 --plan --kernels \
      --trace $S/trace_${v}.json > $S/profile_${v}_16384_1e-4.txt 2>&1
  echo "profile $v:"; sed -n '/^last call:/,$p' $S/profile_${v}_16384_1e-4.txt | head -5; rm -f $S/trace_${v}.json
done
echo "done at $SECONDS s"
cd $OUT && tar czf s160.tgz s160
