# thirty-third session, second call. s155: loading the first items with the count changed nothing (reverted), but
# the item kernel's shape did at 16384: 16 items x 4 warps 0.0562-0.0564 ms against the default's (32 x 2)
# 0.0578-0.0582 at 1e-6 in all four processes, 0.0635-0.0638 against 0.0629-0.0632 at 1e-4; 528 programs 0.0623-0.0626
# at 1e-4. With few items each block's own arithmetic is on the critical path (32 items x 8 columns x K on 64
# threads). Item shapes for the balanced (small) searches, 16384 and 32768 at 1e-2, 1e-4, 1e-6, two processes.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s156; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
for r in 1 2; do
  timeout 250 python3 benchmarks/ab_plans.py --m 16384,32768 --rates 1e-2,1e-4,1e-6 --rounds 3 --roof 1261 \
      --variants "p528:item_programs=528" "b16w4:item_block=16;item_warps=4" \
      "b16w4p1024:item_block=16;item_warps=4;item_programs=1024" "b16w8:item_block=16;item_warps=8" \
      "b16w8p528:item_block=16;item_warps=8;item_programs=528" "b32w4:item_warps=4" \
      "b32w8p528:item_warps=8;item_programs=528" --csv $S/ab_items_$r.csv > $S/ab_items_$r.txt 2>&1
  echo "round $r rc $? at $SECONDS s"
done
paste <(grep -E '^ +[0-9]+ ' $S/ab_items_1.txt) <(grep -E '^ +[0-9]+ ' $S/ab_items_2.txt | awk '{print $4, $6}')
cd $OUT && tar czf s156.tgz s156
