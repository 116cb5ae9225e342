# thirty-fourth session, first call. The item kernel (mask_items_kernel) at the default 32 items x 2 warps built
# its dots from int8 elements, which ptxas compiled to 32 registers and 5.2 KB of stack per thread (2978 LDL, 2595
# STL, 13024 SASS instructions; static, sm_90a); the new tree reads the rows as int32 words and takes one dp4a per
# word (255 registers, 40 bytes of stack, 3464 instructions; 32 x 4: 153 registers, no stack). Old tree (ab_old:
# the previous commit's src) against new, alternated in separate processes, plans at 16384 (1e-2, 1e-4, 1e-6) and
# 65536 (1e-4, 1e-6) with four item shapes as variants (65536 in the first round only); the 16384 breakdown in both
# trees. The GPU tests follow in s158.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s157; mkdir -p $S
SECONDS=0
V=("b32w4:item_warps=4" "b16w4:item_block=16;item_warps=4" "b16w8:item_block=16;item_warps=8" "b64w8:item_block=64;item_warps=8")
for r in 1 2; do
  for v in old new; do
    P=$PWD/src; [ $v = old ] && P=$PWD/ab_old/src
    PYTHONPATH=$P timeout 150 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-2,1e-4,1e-6 --rounds 3 --roof 1321 \
        --variants "${V[@]}" --csv $S/ab16_${v}_$r.csv > $S/ab16_${v}_$r.txt 2>&1
    echo "16384 $v $r rc $? at $SECONDS s"; grep -E '^ +[0-9]+ ' $S/ab16_${v}_$r.txt
    [ $r = 2 ] && continue
    PYTHONPATH=$P timeout 80 python3 benchmarks/ab_plans.py --m 65536 --rates 1e-4,1e-6 --rounds 2 --roof 1321 \
        --variants "b32w4:item_warps=4" --csv $S/ab64_${v}_$r.csv > $S/ab64_${v}_$r.txt 2>&1
    echo "65536 $v $r rc $? at $SECONDS s"; grep -E '^ +[0-9]+ ' $S/ab64_${v}_$r.txt
  done
done
for v in old new; do
  P=$PWD/src; [ $v = old ] && P=$PWD/ab_old/src
  for r in 1e-4 1e-6; do
    PYTHONPATH=$P timeout 60 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate $r --plan --kernels \
        --trace $S/trace_${v}_16384_$r.json > $S/profile_${v}_16384_$r.txt 2>&1
    echo "profile $v $r:"; sed -n '/^last call:/,$p' $S/profile_${v}_16384_$r.txt | head -8
    rm -f $S/trace_${v}_16384_$r.json
  done
done
echo "A/B done at $SECONDS s"
cd $OUT && tar czf s157.tgz s157
