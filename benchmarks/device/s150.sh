# thirty-first session: where the 16384-vector search's tile loop waits (s149: fewer static instructions per tile,
# 313-318 against 345, were not faster, so the loop is not issue-bound by instruction count). Nsight Compute,
# full set, real clocks, on the search kernel: 16384 exact (balanced, default), 65536 bound (grid, default) and
# 16384 forced onto the bound path; the SASS source page with stall samples per instruction for the first two.
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src INT8TC_COMMIT=${INT8TC_COMMIT:-unknown}
S=$OUT/s150; mkdir -p $S
SECONDS=0
prof() {  # name, profile_filters args
  local name=$1; shift
  timeout 170 ncu --clock-control none -k regex:pair_search_tma --launch-skip 2 --launch-count 1 --set full \
    --import-source yes -o $S/$name python3 benchmarks/profile_filters.py --op pair --k 128 "$@" > $S/$name.log 2>&1
  echo "$name rc $? at $SECONDS s"
  ncu --import $S/$name.ncu-rep --page details > $S/$name.details.txt 2>&1
  ncu --import $S/$name.ncu-rep --page raw --csv > $S/$name.raw.csv 2>&1
}
prof p16384 --m 16384 --rate 1e-4
prof p65536 --m 65536 --rate 1e-4
prof p16384b --m 16384 --rate 1e-4 --norm-bound 1
for n in p16384 p65536; do
  ncu --import $S/$n.ncu-rep --page source --print-source sass --csv > $S/$n.sass.csv 2>$S/$n.sass.err
  echo "$n sass rc $? $(wc -l < $S/$n.sass.csv) lines"
done
for n in p16384 p65536 p16384b; do
  echo "== $n"; grep -E "^  *(Duration|SM Frequency|Elapsed Cycles|Compute \(SM\) Throughput|Issue Slots Busy|Issued Warp Per Scheduler|No Eligible|Active Warps Per Scheduler|Eligible Warps Per Scheduler|Executed Instructions  |Registers Per Thread|Achieved Occupancy|Warp Cycles Per Issued Instruction)" $S/$n.details.txt | head -20
done
cd $OUT && tar czf s150.tgz s150
