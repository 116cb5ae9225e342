# source me on the device: installs the carried fpylll/cysignals wheels, sets PYTHONPATH
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || return 1
export PYTHONPATH=/tmp/site:$PWD/src PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
# the device's .git is the snapshot of the session's start (CSV commits then read "<old>-dirty"): pass the commit being measured,
# e.g. run "INT8TC_COMMIT=$(git rev-parse --short=12 HEAD) bash benchmarks/device/callN.sh" with the hash
# filled in here, or the CSVs record a stale commit (seen 2026-11-30, corrected by hand)
