# thirty-eighth session: the dump probe (benchmarks/dump_probe.py): the balanced search's flush against dumped bit words
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD/src
S=$OUT/s181; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 400 python3 benchmarks/dump_probe.py --m 16384,12288,8192 --rates 1e-4,1e-6 2>&1 | tee $S/dump_probe.txt
cd $OUT && tar czf s181.tgz s181
