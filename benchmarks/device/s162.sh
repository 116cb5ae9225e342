# thirty-fourth session, sixth call. FilterConfig.item_pdl: the item kernel as a programmatic dependent launch of
# the balanced search (the search signals at its start; the item kernel's programs take SM slots as the search's
# programs end and wait in griddepcontrol.wait). NOTES 66 measured this slower on the fourteenth session's grid
# schedule (2048 waiting programs crowding the search's last wave); the balanced search's 3 programs per SM fill the
# register file, so waiting item programs can only take the slots of finished search programs. Plans, default
# against item_pdl (also with 528 item programs), 16384 at 1e-2, 1e-4, 1e-6 and 65536 at 1e-4, 1e-6, records
# checked equal, two processes.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s162; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
for r in 1 2; do
  timeout 200 python3 benchmarks/ab_plans.py --m 16384,65536 --rates 1e-2,1e-4,1e-6 --rounds 3 --roof 1287 \
      --variants "pdl:item_pdl=true" "pdl528:item_pdl=true;item_programs=528" --csv $S/ab_pdl_$r.csv > $S/ab_pdl_$r.txt 2>&1
  echo "round $r rc $? at $SECONDS s"; grep -E '^ +[0-9]+ ' $S/ab_pdl_$r.txt
done
echo "done at $SECONDS s"
cd $OUT && tar czf s162.tgz s162
