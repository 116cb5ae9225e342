# thirteenth session, last call: the plan file once more with its new GPU test (graph=False on CUDA, capacity 0)
source benchmarks/device/setup.sh > /dev/null || exit 1
timeout 90 python3 -m pytest -q tests/test_pair_search_plan.py 2>&1 | tail -3
