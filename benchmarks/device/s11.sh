# eighth session, third call (nvidia-h200-x2; carry .whl): short exploration before the final run.
#   INT8TC_COMMIT=<hash> bash benchmarks/device/s11.sh
# GPU 0: benchmarks/tune_filters.py (tiles and register caps around the new defaults).
# GPU 1: benchmarks/tune_ozaki2.py at 8192 (norm tiles of A's scales).
set -u
source benchmarks/device/setup.sh || exit 1
S=/tmp/s11; mkdir -p $S
CUDA_VISIBLE_DEVICES=0 timeout 200 python3 benchmarks/tune_filters.py --out $S/tune_filters.csv > $S/tune_filters.txt 2>&1 &
CUDA_VISIBLE_DEVICES=1 timeout 200 python3 benchmarks/tune_ozaki2.py --sizes 8192 --moduli 15 --out $S/tune_ozaki2.csv > $S/tune_ozaki2.txt 2>&1 &
wait
grep -v "^{" $S/tune_filters.txt | tail -40
tail -4 $S/tune_ozaki2.txt | cut -c1-300
tar czf $OUT/s11.tgz -C $S .
