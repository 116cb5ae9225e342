# seventeenth session: host time of one-shot calls against their GPU time (host_overhead.py, cProfile)
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s76; mkdir -p $S
SECONDS=0
timeout 120 python3 benchmarks/host_overhead.py --size 4096 > $S/host.txt 2>&1
echo "host rc $? at $SECONDS s"; cat $S/host.txt | cut -c1-150
tar -C $S -czf $OUT/s76.tgz .
