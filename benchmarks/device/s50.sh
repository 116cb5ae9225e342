# (run on branch pair-pdl: main has no FilterConfig.pdl or tune_filters --pdl)
# fourteenth session, fifth call (branch pair-pdl): the pair search's item kernel as a programmatic dependent of the
# search kernel (FilterConfig.pdl: the search lets it launch once every program has begun, the item kernel waits
# with griddepcontrol.wait). Prediction: at 16384 the item kernel's launch and ramp (~3-5 us of ~80) hidden behind
# the search's last wave (plan -4%); nothing at 65536 / 131072. GPU tests: the balanced/pdl test, the plan file.
source benchmarks/device/setup.sh > /dev/null || exit 1
S=/tmp/s50; mkdir -p $S
SECONDS=0
timeout 120 python3 -m pytest -q -p no:cacheprovider -m gpu tests/test_sieve_filters.py tests/test_pair_search_plan.py \
    -k "balanced_pair_search or plan" > $S/gpu_tests.log 2>&1
tail -1 $S/gpu_tests.log; grep -E "^FAILED|^ERROR" $S/gpu_tests.log | head -8; echo "tests took $SECONDS s"
cp $S/* $OUT/ 2>/dev/null
timeout 150 python3 benchmarks/tune_filters.py --skip segment,bucket --m 16384,65536,131072 --pdl --plan \
    --rates 1e-4 --iters 20 --out $S/tune_pdl.csv > $S/tune.txt 2>&1
echo "tune done at $SECONDS s"
python3 - $S/tune_pdl.csv <<'P'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r["op"][:34].ljust(34), r["config"][-12:].ljust(12), r["time_ms"], r["gpairs_s"], r["tops"], r["same_hits"])
P
cp $S/* $OUT/ 2>/dev/null
