# seventeenth session, first call (diagnostics): (1) where a one-shot dgemm("fp64") and an Ozaki-I call spend
# their time, kernel by kernel (profile_dgemm.py); (2) the 4096^3 S = 2 order effect (order_effect.py);
# (3) SM clock and power under INT8 / FP64 GEMMs and INT8 data of different widths (power_clocks.py).
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s73; mkdir -p $S
SECONDS=0
timeout 150 python3 benchmarks/profile_dgemm.py --sizes 4096,8192 --splits 4 --reps 3 --trace $S/traces > $S/profile.txt 2>&1
echo "profile rc $? at $SECONDS s"; grep -E "^==|span" $S/profile.txt
timeout 120 python3 benchmarks/order_effect.py --size 4096 --splits 2 --reps 3 > $S/order.txt 2>&1
echo "order rc $? at $SECONDS s"; tail -7 $S/order.txt
timeout 60 python3 benchmarks/power_clocks.py --n 8192 --seconds 2 > $S/power.txt 2>&1
echo "power rc $? at $SECONDS s"; cat $S/power.txt | tail -8
tar -C $S -czf $OUT/s73.tgz .
echo "total $SECONDS s"
