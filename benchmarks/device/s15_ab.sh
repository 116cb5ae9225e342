source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/ab; mkdir -p $S
q() {  # tag srcdir
  export PYTHONPATH=/tmp/site:$PWD/$2
  timeout 60 python3 benchmarks/profile_filters.py --op segment --segments 5000 --size 4300 --rate 3e-4 > $S/$1_seg.txt 2>&1
  timeout 60 python3 benchmarks/profile_filters.py --op segment --segments 5000 --size 4300 --rate 3e-2 >> $S/$1_seg.txt 2>&1
  mkdir -p $S/$1; timeout 200 python3 benchmarks/run_sieve.py --dims 120 --seeds 0 --timeout 190 --extra="--segment-filters tma-defer" --out $S/$1 > $S/$1/log.txt 2>&1
}
CUDA_VISIBLE_DEVICES=0 q old old49/src &
CUDA_VISIBLE_DEVICES=1 q new src &
wait
for t in old new; do echo "== $t"; grep -v "^\[int8tc\] context" $S/${t}_seg.txt | tail -4 | cut -c1-200; grep -E "context|Error" $S/$t/log.txt | tail -3 | cut -c1-160; cat $S/$t/summary.csv; done
tar czf $OUT/ab.tgz -C $S .
