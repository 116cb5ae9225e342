# twenty-ninth session, fifth and sixth calls (run inline on the warm machine after s142, commit 4b633e3's tree with
# rank_weights; results/ab_panel_cost*_session29_s143.csv): the balanced schedule's knobs at 16384, 1e-4.
export PYTHONPATH=$PWD/src; mkdir -p $OUT/s143
timeout 100 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4 --rounds 4 --csv $OUT/s143/ab_panel_cost.csv \
    --variants "c0:panel_cost=0" "c2:panel_cost=2" "c6:panel_cost=6" "b2:balanced=2" 2>&1 | tail -7
timeout 100 python3 benchmarks/ab_plans.py --m 16384 --rates 1e-4 --rounds 4 --csv $OUT/s143/ab_panel_cost2.csv \
    --variants "c3:panel_cost=3" "c5:panel_cost=5" "inv:rank_weights=875,968,1000" "w2:rank_weights=1000,1000,900" \
    2>&1 | tail -7
