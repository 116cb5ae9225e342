# twenty-eighth session, second call: (1) s135's 17.4 ms one-shot row at 65536: every window of one-shot calls with
# the garbage collections inside it, and bench-filters' pair rows in their old form (one window per point);
# (2) burst against sustained rates of the roof GEMMs and the two at-the-line filter shapes (issue 4 defines the
# roof "at the card's power limit"); (3) bench-filters at K = 128 with 3 windows per point, then with 300 ms of
# warm-up per point (each point in its own steady state)
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src INT8TC_COMMIT=f8fba4fcd39b
S=$OUT/s136; mkdir -p $S
SECONDS=0
timeout 60 python3 benchmarks/oneshot_windows.py --m 16384,65536 --windows 9 > $S/oneshot_windows.txt 2>&1
echo "windows rc $? at $SECONDS s"; cut -c1-150 $S/oneshot_windows.txt | grep -v Warn
timeout 60 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4 --bucket-m "" --repeats 1 \
    --out $S/filters_k128_pair_r1.csv > $S/filters_k128_pair_r1.txt 2>&1
echo "bench-filters r1 rc $? at $SECONDS s"; grep -E "^ +(roof: gluon|pair_search)" $S/filters_k128_pair_r1.txt | cut -c1-60,100-175
timeout 150 python3 benchmarks/sustained.py --seconds 3 --rounds 2 > $S/sustained.txt 2>&1
echo "sustained rc $? at $SECONDS s"; cat $S/sustained.txt | grep -v Warn
timeout 120 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4,1e-6 --out $S/filters_k128_r3.csv > $S/filters_k128_r3.txt 2>&1
echo "bench-filters r3 rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128_r3.txt | cut -c1-60,100-175
timeout 150 python3 -m int8tc.cli bench-filters --ks 128 --rates 1e-4 --warmup-ms 300 --out $S/filters_k128_w300.csv > $S/filters_k128_w300.txt 2>&1
echo "bench-filters w300 rc $? at $SECONDS s"; grep -E "^ +(roof|pair|bucket)" $S/filters_k128_w300.txt | cut -c1-60,100-175
