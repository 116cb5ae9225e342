# sixth session, last call (one H200, ~9.7 device minutes left): dimension 120 seed 0 (setsid), waited
# for in this call until it ends or 470 s pass. Run as: INT8TC_COMMIT=<hash> bash benchmarks/device/call_d6.sh
bash benchmarks/device/long_sieve.sh start 120 0 0
bash benchmarks/device/long_sieve.sh wait 470
