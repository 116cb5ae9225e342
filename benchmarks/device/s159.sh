# thirty-fourth session, third call: bench-filters at K = 128 on the final item kernel (dp4a, 32 items x 4 warps by
# default; commit in INT8TC_COMMIT) with the 16384 breakdown first, as s154.
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s159; mkdir -p $S
SECONDS=0
export PYTHONPATH=$PWD/src
for r in 1e-4 1e-6; do
    timeout 60 python3 benchmarks/profile_filters.py --op pair --m 16384 --rate $r --plan --kernels \
        --trace $S/trace_16384_$r.json > $S/profile_16384_$r.txt 2>&1; sed -n '/^last call:/,$p' $S/profile_16384_$r.txt
    rm -f $S/trace_16384_$r.json
done
echo "profiles done at $SECONDS s"
timeout 330 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128.csv > $S/filters_k128.txt 2>&1
echo "bench-filters rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128.txt | cut -c1-60,100-190
cd $OUT && tar czf s159.tgz s159
