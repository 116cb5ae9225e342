# forty-fourth session (NOTES.md 93): search-side knobs of the default not measured since dump_bits became the default
# (8 column groups: half the dump's words, 16 columns per item; 2 / 4 pipeline stages; norm_bound's sorted search at
# 16384), plans at 16384 (K = 128, same process, records checked). Not run in the forty-fourth session (no device
# came after s196).
export PYTHONUNBUFFERED=1 INT8TC_COMMIT=${INT8TC_COMMIT:-unknown} PYTHONPATH=$PWD/src
S=$OUT/s197; mkdir -p $S
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader | tee $S/gpu.txt
timeout 200 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4,1e-6 --rounds 3 --roof-seconds 2 --regs \
    --variants "g8:column_groups=8" "st2:num_stages=2" "st4:num_stages=4" "nb:norm_bound=1" \
    --csv $S/ab.csv > $S/ab.txt 2>&1
echo "ab rc $?"; grep -A12 "^     M" $S/ab.txt; grep -E "Error|error|SystemExit|roof measured" $S/ab.txt | head -5
grep "^build" $S/ab.txt | sort | uniq -c | head -20
