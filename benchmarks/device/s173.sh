# thirty-fifth session: Nsight Compute on the stream_regs search (branch stream-regs, commit 9f7c042: its src and
# profile_filters.py extracted to ab_stream/, untracked) at 16384 vectors, 1e-4 and 1e-6, and on the default search at
# 1e-4: where the stream kernel's time goes (s171: 51.6 us at 1e-4 against 46.4 at 1e-6, the default 52.9 / 50.8).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s173; mkdir -p $S
SECONDS=0
prof() {  # name, kernel regex, src dir, profile_filters args
  local name=$1 kern=$2 src=$3; shift 3
  PYTHONPATH=$PWD/$src timeout 150 ncu --clock-control none -k regex:$kern --launch-skip 2 --launch-count 1 --set full \
    --import-source yes -o $S/$name python3 ab_stream/profile_filters.py --op pair --k 128 --m 16384 "$@" > $S/$name.log 2>&1
  echo "$name rc $? at $SECONDS s"
  ncu --import $S/$name.ncu-rep --page details > $S/$name.details.txt 2>&1
  ncu --import $S/$name.ncu-rep --page source --print-source sass --csv > $S/$name.sass.csv 2>$S/$name.sass.err
}
prof stream4 pair_search_stream ab_stream/src --rate 1e-4 --stream-regs
prof stream6 pair_search_stream ab_stream/src --rate 1e-6 --stream-regs
prof default4 pair_search_tma src --rate 1e-4
for n in stream4 stream6 default4; do
  echo "== $n"; grep -E "^  *(Duration|SM Frequency|Issue Slots Busy|Issued Warp Per Scheduler|No Eligible|Active Warps Per Scheduler|Eligible Warps Per Scheduler|Executed Instructions  |Registers Per Thread|Warp Cycles Per Issued Instruction|Local Memory Spilling Requests  )" $S/$n.details.txt | head -14
done
rm -f $S/*.ncu-rep
cd $OUT && tar czf s173.tgz s173
