# twenty-seventh session, third call: norm_bound's counting sort alone as a CUDA graph (benchmarks/ab_norm_sort.py):
# s128's profile had the three-launch sort slower on the GPU than the six-launch one (16384: 16 against 11 us of
# kernel time; 65536: 28 against 21): the bins kernel's 4096-norm programs and the last program's atomic reads,
# and the scatter's atomic_min; variants of block sizes, volatile reads and the minima kernel
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s129; mkdir -p $S
SECONDS=0
timeout 200 python3 benchmarks/ab_norm_sort.py --n 16384,65536,262144,1048576 > $S/ab_norm_sort.txt 2>&1
echo "rc $? at $SECONDS s"; cat $S/ab_norm_sort.txt
