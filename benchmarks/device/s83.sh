# eighteenth session candidate (written in the seventeenth, not yet run): the Gluon ping-pong control of the pair
# search's hot loop against the Triton controls (filter_roofs_ws.py), 131072 and 32768 vectors, K = 128
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s83; mkdir -p $S
SECONDS=0
for m in 131072 32768; do
    (cd benchmarks && timeout 120 python3 filter_roofs_ws.py --m $m > $S/ws_$m.txt 2>&1); echo "m $m rc $?"; tail -8 $S/ws_$m.txt
done
tar -C $S -czf $OUT/s83.tgz .
echo "total $SECONDS s"
