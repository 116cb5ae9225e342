"""Every Triton (and the Gluon) kernel builds for sm_90a (H100/H200) without a GPU: catches lowering errors in CI.

The build runs in a subprocess without TRITON_INTERPRET (under the interpreter ``@triton.jit``
functions cannot be compiled). ``python tests/test_compile_sm90.py`` prints the same report.
"""

import json
import re
import os
import subprocess
import sys

import pytest

if __name__ == "__main__":
    import triton
    from triton.backends.compiler import GPUTarget

    from int8tc.ozaki._kernels.gemm import (diagonal_gemm_kernel, diagonal_gemm_persistent_kernel, diagonal_gemm_recon_kernel,
                                           diagonals_gemm_persistent_kernel)
    from int8tc.ozaki._kernels.scales import absmax_rows_kernel, row_scales_kernel
    from int8tc.ozaki._kernels.recon import reconstruct_kernel
    from int8tc.ozaki._kernels.split import split_kernel, split_rows_kernel, split_rows_once_kernel, split_scaled_kernel
    from int8tc.ozaki.gemm import DEFAULT_CONFIG as C
    from int8tc.ozaki2._kernels.kernels import (crt_kernel, cs_scale_kernel, modular_gemm_kernel, norm_bound_kernel,
                                                residue_split_kernel, row_scales_kernel as ozaki2_row_scales_kernel,
                                                scale_split_rows_kernel)
    from int8tc.ozaki2._kernels.guard import guard_kernel
    from int8tc.ozaki2._kernels.accurate import accurate_scale_kernel, bound_plane_kernel, bound_product_kernel
    from int8tc.sieve._kernels.filters import (bucket_kernel, bucket_tma_kernel, deferred_rows_kernel, mask_items_kernel, pair_search_kernel,
                                               pair_search_tma_kernel, segment_pair_search_kernel,
                                               segment_pair_search_tma_kernel)
    from int8tc.sieve._kernels import filters as FK
    from int8tc.sieve.ops import PLAIN_FILTER_CONFIG as F

    HOPPER = GPUTarget("cuda", 90, 32)


    def _compile(fn, signature, constexprs, **options):
        # constexprs left out take their defaults (a partial set is misbound: see CASES)
        constexprs = {**{p.name: p.default for p in fn.params if p.is_constexpr and p.has_default}, **constexprs}
        sig = dict(signature)
        for k in constexprs:
            sig[k] = "constexpr"
        src = triton.compiler.ASTSource(fn=fn, signature=sig, constexprs=constexprs)
        return triton.compile(src, target=HOPPER, options=options)


    # every constexpr that has a default is spelled out from the first one given: with a partial set
    # (e.g. only "ROUNDS": True) this Triton bound the value to ROW_HITS (eighth session, NOTES.md 53)
    CASES = {
        "split": (split_kernel,
                  {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "pre_ptr": "*fp64", "c_ptr": "*fp64",
                   "q_ptr": "*i8", "R": "i32", "K": "i32", "Rp": "i32", "Kp": "i32"},
                  {"SPLITS": 8, "BLOCK_R": 8, "BLOCK_K": 128}, {"num_warps": 4, "enable_fp_fusion": False}),
        "split_rows_once": (split_rows_once_kernel,
                            {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "pre_ptr": "*fp64",
                             "c_ptr": "*fp64", "q_ptr": "*i8", "R": "i32", "K": "i32", "Rp": "i32",
                             "Kp": "i32"},
                            {"SPLITS": 8, "EXP_MIN": -1000, "EXP_MAX": 1022, "BLOCK_R": 1, "BLOCK_K": 4096},
                            {"num_warps": 8, "enable_fp_fusion": False}),
        "split_scaled": (split_scaled_kernel,
                         {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "rowmax_ptr": "*i64",
                          "pre_ptr": "*fp64", "c_ptr": "*fp64", "q_ptr": "*i8", "R": "i32", "K": "i32",
                          "Rp": "i32", "Kp": "i32"},
                         {"SPLITS": 8, "EXP_MIN": -1000, "EXP_MAX": 1022, "BLOCK_R": 8, "BLOCK_K": 128},
                         {"num_warps": 4, "enable_fp_fusion": False}),
        "split_rows": (split_rows_kernel,
                       {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "pre_ptr": "*fp64", "c_ptr": "*fp64",
                        "q_ptr": "*i8", "R": "i32", "K": "i32", "Rp": "i32", "Kp": "i32"},
                       {"SPLITS": 8, "EXP_MIN": -1000, "EXP_MAX": 1022, "BLOCK_R": 16, "BLOCK_K": 128},
                       {"num_warps": 8, "enable_fp_fusion": False}),
        "diagonal_gemm": (diagonal_gemm_kernel,
                          {"qa_ptr": "*i8", "qb_ptr": "*i8", "w_ptr": "*i32", "Mp": "i32", "Np": "i32", "Kp": "i32",
                           "k0": "i32", "k_len": "i32"},
                          {"SPLITS": 4, "DIAG": 3, "BLOCK_M": C.block_m, "BLOCK_N": C.block_n, "BLOCK_K": C.block_k,
                           "GROUP_M": C.group_m},
                          {"num_warps": C.num_warps, "num_stages": C.num_stages}),
        "diagonal_gemm_persistent": (
            diagonal_gemm_persistent_kernel,
            {"qa_desc": f"tensordesc<i8[{C.block_m}, {C.block_k}]>", "qb_desc": f"tensordesc<i8[{C.block_n}, {C.block_k}]>",
             "w_ptr": "*i32", "Mp": "i32", "Np": "i32", "k0": "i32", "k_len": "i32"},
            {"SPLITS": 4, "DIAG": 3, "BLOCK_M": C.block_m, "BLOCK_N": C.block_n, "BLOCK_K": C.block_k,
             "GROUP_M": C.group_m, "NUM_PROGRAMS": 132},
            {"num_warps": C.num_warps, "num_stages": C.num_stages}),
        "diagonals_gemm_persistent": (
            diagonals_gemm_persistent_kernel,
            {"qa_desc": f"tensordesc<i8[{C.block_m}, {C.block_k}]>", "qb_desc": f"tensordesc<i8[{C.block_n}, {C.block_k}]>",
             "order_ptr": "*i32", "w_ptr": "*i32", "Mp": "i32", "Np": "i32", "k0": "i32", "k_len": "i32"},
            {"SPLITS": 4, "D": 4, "BLOCK_M": C.block_m, "BLOCK_N": C.block_n, "BLOCK_K": C.block_k,
             "GROUP_M": C.group_m, "NUM_PROGRAMS": 132},
            {"num_warps": C.num_warps, "num_stages": C.num_stages}),
        "diagonal_gemm_recon": (
            diagonal_gemm_recon_kernel,
            {"qa_desc": "tensordesc<i8[128, 128]>", "qb_desc": "tensordesc<i8[128, 128]>", "ca_ptr": "*fp64",
             "prea_ptr": "*fp64", "cb_ptr": "*fp64", "preb_ptr": "*fp64", "wt_ptr": "*fp64", "c_ptr": "*fp64", "stride_cm": "i32", "stride_cn": "i32", "M": "i32",
             "N": "i32", "Mp": "i32", "Np": "i32", "k0": "i32", "k_len": "i32"},
            {"SPLITS": 4, "D": 4, "ACCUMULATE": True, "BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 128, "GROUP_M": 8,
             "NUM_PROGRAMS": 132},
            {"num_warps": 8, "num_stages": 3, "enable_fp_fusion": False}),
        "absmax_rows": (absmax_rows_kernel,
                        {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "rowmax_ptr": "*i64", "R": "i32",
                         "K": "i32"}, {"CHUNK_K": 1024, "BLOCK_R": 32, "BLOCK_K": 128}, {"num_warps": 4}),
        "row_scales_matrix": (row_scales_kernel,
                              {"rowmax_ptr": "*i64", "pre_ptr": "*fp64", "c_ptr": "*fp64", "R": "i32"},
                              {"MATRIX": True, "EXP_MIN": -1000, "EXP_MAX": 1022, "BLOCK": 1024},
                              {"num_warps": 4, "enable_fp_fusion": False}),
        "row_scales_row": (row_scales_kernel,
                           {"rowmax_ptr": "*i64", "pre_ptr": "*fp64", "c_ptr": "*fp64", "R": "i32"},
                           {"MATRIX": False, "EXP_MIN": -1000, "EXP_MAX": 1022, "BLOCK": 1024},
                           {"num_warps": 4, "enable_fp_fusion": False}),
        "pair_search_gram": (pair_search_kernel,
                             {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8", "stride_y": "i32",
                              "hy_ptr": "*i32", "M": "i32", "N": "i32", "goal": "i32", "out_ptr": "*i32",
                              "count_ptr": "*i64", "capacity": "i64"},
                             {"KP": 160, "GRAM": True, "TILES_PER_PROGRAM": F.tiles_per_program, "BLOCK_M": F.block_m,
                              "BLOCK_N": F.block_n, "BLOCK_K": F.block_k},
                             {"num_warps": F.num_warps, "num_stages": F.num_stages}),
        "pair_search_tma": (pair_search_tma_kernel,
                            {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32", "y_desc": "tensordesc<i8[64, 128]>",
                             "hy_desc": "tensordesc<i32[64]>", "M": "i32", "N": "i32", "goal": "i32", "out_ptr": "*i32",
                             "count_ptr": "*i64", "capacity": "i64"},
                            {"KP": 128, "GRAM": True, "TILES_PER_PROGRAM": 16, "BLOCK_M": 64, "BLOCK_N": 64,
                             "BLOCK_K": 128, "NUM_STAGES": 3},
                            {"num_warps": 4}),
        "bucket_tma": (bucket_tma_kernel,
                       {"x_desc": "tensordesc<i8[64, 128]>", "c_desc": "tensordesc<i8[64, 128]>", "thr_ptr": "*i32",
                        "M": "i32", "N": "i32", "ids_ptr": "*i32", "signs_ptr": "*i8", "counts_ptr": "*i32",
                        "capacity": "i32"},
                       {"KP": 128, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128, "NUM_STAGES": 3},
                       {"num_warps": 4}),
        "pair_search_tma_norm_bound": (pair_search_tma_kernel,
                                       {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32",
                                        "y_desc": "tensordesc<i8[128, 128]>", "hy_desc": "tensordesc<i32[128]>",
                                        "M": "i32", "N": "i32", "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64",
                                        "capacity": "i64", "hmin_ptr": "*i32", "perm_ptr": "*i64"},
                                       {"KP": 128, "GRAM": True, "TILES_PER_PROGRAM": 64, "BLOCK_M": 64,
                                        "BLOCK_N": 128, "BLOCK_K": 128, "NUM_STAGES": 3, "MASKS": True, "GROUPS": 16,
                                        "BALANCED": True, "PANEL_COST": 4, "NORM_BOUND": True},
                                       {"num_warps": 4, "maxnreg": 168}),
        "norm_order": (FK.norm_scatter_kernel,
                       {"y_ptr": "*i8", "stride_y": "i32", "h_ptr": "*i32", "n": "i32", "bin_ptr": "*i32",
                        "cursor_ptr": "*i32", "ys_ptr": "*i8", "hs_ptr": "*i32", "perm_ptr": "*i64"},
                       {"KP": 160, "BLOCK_K": 256, "BLOCK": 64}, {"num_warps": 4}),
        "norm_stats": (FK.norm_stats_kernel,
                       {"h_ptr": "*i32", "n": "i32", "span": "i32", "parts_ptr": "*fp64", "bins_ptr": "*i32"},
                       {"NB": 4096, "BLOCK": 1024}, {"num_warps": 4}),
        "norm_bins": (FK.norm_bins_kernel,
                      {"h_ptr": "*i32", "n": "i32", "parts_ptr": "*fp64", "n_parts": "i32", "bin_ptr": "*i32",
                       "bins_ptr": "*i32", "cursor_ptr": "*i32"},
                      {"NB": 4096, "BLOCK": 1024, "PARTS": 256}, {"num_warps": 4}),
        "mask_items_unsort": (mask_items_kernel,
                              {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8", "stride_y": "i32",
                               "hy_ptr": "*i32", "goal": "i32", "items_ptr": "*i32", "item_count_ptr": "*i64",
                               "item_cap": "i64", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64",
                               "perm_ptr": "*i64"},
                              {"KP": 128, "BLOCK_N": 128, "BLOCK_K": 128, "TRI": True, "BLOCK_I": 32, "signs_ptr": None,
                               "BUCKET": False, "BATCH_RESERVE": True, "GROUPS": 16, "UNSORT": True, "DP4A": True},
                              {"num_warps": 4}),
        "segment_pair_search_tma": (segment_pair_search_tma_kernel,
                                    {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32", "work_ptr": "*i32",
                                     "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                                    {"KP": 128, "TILES_PER_PROGRAM": 16, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128,
                                     "NUM_STAGES": 3},
                                    {"num_warps": 4}),
        "segment_pair_search": (segment_pair_search_kernel,
                                {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "work_ptr": "*i32", "goal": "i32",
                                 "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                                {"KP": 128, "TILES_PER_PROGRAM": F.tiles_per_program, "BLOCK_M": F.block_m,
                                 "BLOCK_N": F.block_n, "BLOCK_K": F.block_k},
                                {"num_warps": F.num_warps, "num_stages": F.num_stages}),
        "bucket": (bucket_kernel,
                   {"x_ptr": "*i8", "stride_x": "i32", "c_ptr": "*i8", "stride_c": "i32", "thr_ptr": "*i32",
                    "M": "i32", "N": "i32", "ids_ptr": "*i32", "signs_ptr": "*i8", "counts_ptr": "*i32",
                    "capacity": "i32"},
                   {"KP": 128, "BLOCK_M": F.block_m, "BLOCK_N": F.block_n, "BLOCK_K": F.block_k},
                   {"num_warps": F.num_warps, "num_stages": F.num_stages}),
        # the per-row write path (FilterConfig.row_hits, NOTES.md 45, 47)
        "bucket_tma_rowhits": (bucket_tma_kernel,
                               {"x_desc": "tensordesc<i8[64, 128]>", "c_desc": "tensordesc<i8[64, 128]>",
                                "thr_ptr": "*i32", "M": "i32", "N": "i32", "ids_ptr": "*i32", "signs_ptr": "*i8",
                                "counts_ptr": "*i32", "capacity": "i32"},
                               {"KP": 128, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128, "NUM_STAGES": 3,
                                "ROW_HITS": True},
                               {"num_warps": 4}),
        "bucket_rowhits": (bucket_kernel,
                           {"x_ptr": "*i8", "stride_x": "i32", "c_ptr": "*i8", "stride_c": "i32", "thr_ptr": "*i32",
                            "M": "i32", "N": "i32", "ids_ptr": "*i32", "signs_ptr": "*i8", "counts_ptr": "*i32",
                            "capacity": "i32"},
                           {"KP": 128, "BLOCK_M": F.block_m, "BLOCK_N": F.block_n, "BLOCK_K": F.block_k,
                            "ROW_HITS": True},
                           {"num_warps": F.num_warps, "num_stages": F.num_stages}),
        "pair_search_tma_rowhits": (pair_search_tma_kernel,
                                    {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32",
                                     "y_desc": "tensordesc<i8[64, 128]>", "hy_desc": "tensordesc<i32[64]>", "M": "i32",
                                     "N": "i32", "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64",
                                     "capacity": "i64"},
                                    {"KP": 128, "GRAM": True, "TILES_PER_PROGRAM": 16, "BLOCK_M": 64, "BLOCK_N": 64,
                                     "BLOCK_K": 128, "NUM_STAGES": 3, "ROW_HITS": True},
                                    {"num_warps": 4}),
        "segment_pair_search_rowhits": (segment_pair_search_kernel,
                                        {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "work_ptr": "*i32",
                                         "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                                        {"KP": 128, "TILES_PER_PROGRAM": F.tiles_per_program, "BLOCK_M": F.block_m,
                                         "BLOCK_N": F.block_n, "BLOCK_K": F.block_k, "ROW_HITS": True},
                                        {"num_warps": F.num_warps, "num_stages": F.num_stages}),
        "segment_pair_search_tma_defer": (segment_pair_search_tma_kernel,
                                          {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32", "work_ptr": "*i32",
                                           "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                                          {"KP": 128, "TILES_PER_PROGRAM": 16, "BLOCK_M": 64, "BLOCK_N": 64,
                                           "BLOCK_K": 128, "NUM_STAGES": 2, "ROW_HITS": False, "DEFER": True},
                                          {"num_warps": 4}),
        "segment_pair_search_tma_rounds": (segment_pair_search_tma_kernel,
                                           {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32", "work_ptr": "*i32",
                                            "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                                           {"KP": 128, "TILES_PER_PROGRAM": 16, "BLOCK_M": 64, "BLOCK_N": 64,
                                            "BLOCK_K": 128, "NUM_STAGES": 2, "ROW_HITS": False, "DEFER": False,
                                            "ROUNDS": True},
                                           {"num_warps": 4, "maxnreg": 128}),
        "pair_search_tma_rounds": (pair_search_tma_kernel,
                                   {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32",
                                    "y_desc": "tensordesc<i8[64, 128]>", "hy_desc": "tensordesc<i32[64]>", "M": "i32",
                                    "N": "i32", "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                                   {"KP": 128, "GRAM": True, "TILES_PER_PROGRAM": 16, "BLOCK_M": 64, "BLOCK_N": 64,
                                    "BLOCK_K": 128, "NUM_STAGES": 3, "ROW_HITS": False, "DEFER": False,
                                    "ROUNDS": True},
                                   {"num_warps": 4, "maxnreg": 128}),
        "bucket_tma_rounds": (bucket_tma_kernel,
                              {"x_desc": "tensordesc<i8[64, 128]>", "c_desc": "tensordesc<i8[64, 128]>",
                               "thr_ptr": "*i32", "M": "i32", "N": "i32", "ids_ptr": "*i32", "signs_ptr": "*i8",
                               "counts_ptr": "*i32", "capacity": "i32"},
                              {"KP": 128, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128, "NUM_STAGES": 3,
                               "ROW_HITS": False, "ROUNDS": True},
                              {"num_warps": 4, "maxnreg": 128}),
        "pair_search_defer": (pair_search_kernel,
                              {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8", "stride_y": "i32",
                               "hy_ptr": "*i32", "M": "i32", "N": "i32", "goal": "i32", "out_ptr": "*i32",
                               "count_ptr": "*i64", "capacity": "i64"},
                              {"KP": 160, "GRAM": False, "TILES_PER_PROGRAM": F.tiles_per_program, "BLOCK_M": F.block_m,
                               "BLOCK_N": F.block_n, "BLOCK_K": F.block_k, "ROW_HITS": False, "DEFER": True},
                              {"num_warps": F.num_warps, "num_stages": F.num_stages}),
        "pair_search_tma_masks": (pair_search_tma_kernel,
                                  {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32",
                                   "y_desc": "tensordesc<i8[64, 128]>", "hy_desc": "tensordesc<i32[64]>", "M": "i32",
                                   "N": "i32", "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                                  {"KP": 128, "GRAM": True, "TILES_PER_PROGRAM": 32, "BLOCK_M": 64, "BLOCK_N": 64,
                                   "BLOCK_K": 128, "NUM_STAGES": 2, "ROW_HITS": False, "DEFER": False,
                                   "ROUNDS": False, "MASKS": True, "GROUPS": 8},
                                  {"num_warps": 4, "maxnreg": 128}),
        "pair_search_tma_masks_t64": (pair_search_tma_kernel,
                                      {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32",
                                       "y_desc": "tensordesc<i8[128, 128]>", "hy_desc": "tensordesc<i32[128]>",
                                       "M": "i32", "N": "i32", "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64",
                                       "capacity": "i64"},
                                      {"KP": 128, "GRAM": True, "TILES_PER_PROGRAM": 64, "BLOCK_M": 64, "BLOCK_N": 128,
                                       "BLOCK_K": 128, "NUM_STAGES": 3, "ROW_HITS": False, "DEFER": False,
                                       "ROUNDS": False, "MASKS": True, "GROUPS": 16},
                                      {"num_warps": 4, "maxnreg": 168}),
        "segment_pair_search_tma_masks": (segment_pair_search_tma_kernel,
                                          {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32", "work_ptr": "*i32",
                                           "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                                          {"KP": 128, "TILES_PER_PROGRAM": 32, "BLOCK_M": 64, "BLOCK_N": 64,
                                           "BLOCK_K": 128, "NUM_STAGES": 2, "ROW_HITS": False, "DEFER": False,
                                           "ROUNDS": False, "MASKS": True, "GROUPS": 8},
                                          {"num_warps": 4, "maxnreg": 128}),
        "bucket_tma_masks": (bucket_tma_kernel,
                             {"x_desc": "tensordesc<i8[64, 128]>", "c_desc": "tensordesc<i8[64, 128]>",
                              "thr_ptr": "*i32", "M": "i32", "N": "i32", "ids_ptr": "*i32", "signs_ptr": "*i8",
                              "counts_ptr": "*i32", "capacity": "i32", "items_ptr": "*i32", "item_count_ptr": "*i64",
                              "item_cap": "i64"},
                             {"KP": 128, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128, "NUM_STAGES": 3,
                              "ROW_HITS": False, "ROUNDS": False, "MASKS": True, "GROUPS": 8},
                             {"num_warps": 4, "maxnreg": 128}),
        "bucket_tma_tile_items": (bucket_tma_kernel,
                                  {"x_desc": "tensordesc<i8[64, 128]>", "c_desc": "tensordesc<i8[128, 128]>",
                                   "thr_ptr": "*i32", "M": "i32", "N": "i32", "ids_ptr": "*i32", "signs_ptr": "*i8",
                                   "counts_ptr": "*i32", "capacity": "i32", "items_ptr": "*i32",
                                   "item_count_ptr": "*i32", "item_cap": "i32", "item_stride": "i32"},
                                  {"KP": 128, "BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 128, "NUM_STAGES": 3,
                                   "ROW_HITS": False, "ROUNDS": False, "MASKS": True, "GROUPS": 8, "TILE_ITEMS": True,
                                   "ITEM_SUBS": 32},
                                  {"num_warps": 4, "maxnreg": 168}),
        # FilterConfig.tensor_items' offsets of the binned items and tensor-core item kernel
        "item_tiles_offsets": (FK.item_tiles_offsets_kernel,
                               {"bins_ptr": "*i32", "n_tiles": "i32", "stride": "i32", "region": "i32",
                                "offs_ptr": "*i32", "toffs_ptr": "*i32", "boffs_ptr": "*i32"},
                               {"SUB": 32, "BLOCK_I": 64, "BLOCK_T": 32}, {"num_warps": 4}),
        "tile_items": (FK.tile_items_kernel,
                       {"x_ptr": "*i8", "stride_x": "i32", "thr_ptr": "*i32", "c_ptr": "*i8", "stride_c": "i32",
                        "N": "i32", "regions_ptr": "*i32", "stride": "i32", "region": "i32", "offs_ptr": "*i32",
                        "toffs_ptr": "*i32", "boffs_ptr": "*i32", "n_tiles": "i32",
                        "ids_ptr": "*i32", "signs_ptr": "*i8", "counts_ptr": "*i32", "capacity": "i32"},
                       {"KP": 128, "BLOCK_I": 64, "BLOCK_N": 128, "BLOCK_K": 128, "SUB": 32},
                       {"num_warps": 4, "maxnreg": 128}),
        "mask_items": (mask_items_kernel,
                       {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8", "stride_y": "i32",
                        "hy_ptr": "*i32", "goal": "i32", "items_ptr": "*i32", "item_count_ptr": "*i64",
                        "item_cap": "i64", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                       {"KP": 128, "BLOCK_N": 64, "BLOCK_K": 128, "TRI": True, "BLOCK_I": 16, "signs_ptr": None,
                        "BUCKET": False, "GROUPS": 8, "DP4A": True}, {"num_warps": 4}),
        "mask_items_batch_reserve": (mask_items_kernel,
                                     {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8",
                                      "stride_y": "i32", "hy_ptr": "*i32", "goal": "i32", "items_ptr": "*i32",
                                      "item_count_ptr": "*i64", "item_cap": "i64", "out_ptr": "*i32",
                                      "count_ptr": "*i64", "capacity": "i64"},
                                     {"KP": 192, "BLOCK_N": 128, "BLOCK_K": 64, "TRI": True, "BLOCK_I": 16,
                                      "signs_ptr": None, "BUCKET": False, "BATCH_RESERVE": True, "GROUPS": 8,
                                      "DP4A": True}, {"num_warps": 4}),
        "deferred_rows": (deferred_rows_kernel,
                          {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8", "stride_y": "i32",
                           "hy_ptr": "*i32", "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                          {"KP": 160, "BLOCK_N": 64, "BLOCK_K": 32, "TRI": True}, {"num_warps": 4}),
        "ozaki2_residue_split": (residue_split_kernel,
                                 {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "s_ptr": "*i64",
                                  "p_ptr": "*i64", "pf_ptr": "*fp64", "r_ptr": "*i8", "rowmax_ptr": "*i64", "fs_ptr": "*i8", "R": "i32",
                                  "K": "i32", "Rp": "i32", "Kp": "i32", "Kps": "i32"},
                                 {"NMOD": 16, "FLOORS": True, "SUB": 8, "BLOCK_R": 8, "BLOCK_K": 128},
                                 {"num_warps": 4, "enable_fp_fusion": False}),
        "ozaki2_scale_split": (scale_split_rows_kernel,
                               {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "rowmax_ptr": "*i64",
                                "n_ptr": "*i64", "l1_ptr": "*fp64", "s_ptr": "*i64", "p_ptr": "*i64", "pf_ptr": "*fp64",
                                "r_ptr": "*i8", "fs_ptr": "*i8", "R": "i32", "K": "i32", "Rp": "i32", "Kp": "i32",
                                "Kps": "i32", "G": "i32"},
                               {"NMOD": 16, "FLOORS": True, "SUB": 8, "WITH_L1": True, "L1_BITS": 20, "BLOCK_R": 2,
                                "BLOCK_K": 512}, {"num_warps": 4, "enable_fp_fusion": False}),
        "ozaki2_norm_bound": (norm_bound_kernel,
                              {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "rowmax_ptr": "*i64",
                               "n_ptr": "*i64", "l1_ptr": "*fp64", "R": "i32", "K": "i32"},
                              {"WITH_L1": True, "L1_BITS": 20, "CHUNK_K": 1024, "BLOCK_R": 32, "BLOCK_K": 128},
                              {"num_warps": 4, "enable_fp_fusion": False}),
        "ozaki2_row_scales": (ozaki2_row_scales_kernel,
                              {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "rowmax_ptr": "*i64",
                               "n_ptr": "*i64", "l1_ptr": "*fp64", "s_ptr": "*i64", "R": "i32", "K": "i32", "G": "i32"},
                              {"WITH_L1": True, "L1_BITS": 20, "BLOCK_R": 8, "BLOCK_K": 128},
                              {"num_warps": 4, "enable_fp_fusion": False}),
        "ozaki2_cs_scale": (cs_scale_kernel, {"rowmax_ptr": "*i64", "n_ptr": "*i64", "s_ptr": "*i64", "R": "i32",
                                              "G": "i32"}, {"BLOCK": 1024}, {"num_warps": 4}),
        "ozaki2_modular_gemm": (modular_gemm_kernel,
                                {"ra_desc": "tensordesc<i8[256, 128]>", "rb_desc": "tensordesc<i8[128, 128]>",
                                 "p_ptr": "*i64", "pf_ptr": "*fp64", "out_ptr": "*u8", "Mp": "i32", "Np": "i32", "k0": "i32",
                                 "k_len": "i32"},
                                {"NMOD": 16, "ACCUMULATE": False, "BLOCK_M": 256, "BLOCK_N": 128, "BLOCK_K": 128,
                                 "GROUP_M": 8, "NUM_PROGRAMS": 132},
                                {"num_warps": 8, "num_stages": 3}),
        "ozaki2_crt": (crt_kernel,
                       {"res_ptr": "*u8", "const_ptr": "*fp64", "sa_ptr": "*i64", "sb_ptr": "*i64", "c_ptr": "*fp64",
                        "stride_cm": "i32", "stride_cn": "i32", "M": "i32", "N": "i32", "Mp": "i32", "Np": "i32"},
                       {"NMOD": 16, "NCHUNK": 4, "CHUNK_BITS": 40, "BLOCK_M": 16, "BLOCK_N": 64},
                       {"num_warps": 4, "enable_fp_fusion": False}),
        "guard": (guard_kernel,
                  {"la_desc": "tensordesc<i8[128, 128]>", "lb_desc": "tensordesc<i8[64, 128]>", "sa_ptr": "*i64",
                   "rowmax_a_ptr": "*i64", "l1a_ptr": "*fp64", "sb_ptr": "*i64", "rowmax_b_ptr": "*i64",
                   "l1b_ptr": "*fp64", "count_ptr": "*i64", "M": "i32", "N": "i32", "Mp": "i32", "Np": "i32",
                   "Kp": "i32", "kq": "fp64", "thr_bits": "i64"},
                  {"L1_BITS": 20, "K_CHUNK": 131072, "BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 128, "GROUP_M": 8,
                   "NUM_PROGRAMS": 264},  # ozaki2.gemm.GUARD_TILES, GUARD_PROGRAMS_PER_SM
                  {"num_warps": 4, "num_stages": 3, "enable_fp_fusion": False}),
        "ozaki2_bound_plane": (bound_plane_kernel,
                               {"x_ptr": "*fp64", "stride_xr": "i32", "stride_xk": "i32", "rowmax_ptr": "*i64",
                                "out_ptr": "*i8", "rowsum_ptr": "*i64", "R": "i32", "K": "i32", "Rp": "i32", "Kp": "i32"},
                               {"BLOCK_R": 32, "BLOCK_K": 128}, {"num_warps": 4, "enable_fp_fusion": False}),
        "ozaki2_bound_product": (bound_product_kernel,
                                 {"ua_desc": "tensordesc<i8[128, 128]>", "ub_desc": "tensordesc<i8[128, 128]>",
                                  "t_ptr": "*i64", "mmax_ptr": "*i64", "M": "i32", "N": "i32", "Mp": "i32", "Np": "i32",
                                  "Kp": "i32"},
                                 {"K_CHUNK": 131072, "BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 128, "GROUP_M": 8,
                                  "NUM_PROGRAMS": 132},
                                 {"num_warps": 8, "num_stages": 3, "enable_fp_fusion": False}),
        "ozaki2_accurate_scale": (accurate_scale_kernel,
                                  {"rowmax_ptr": "*i64", "rowsum_ptr": "*i64", "mmax_ptr": "*i64", "s_ptr": "*i64",
                                   "R": "i32", "qd_bits": "i64"},
                                  {"MAX_BITS": 62, "BLOCK": 1024}, {"num_warps": 4, "enable_fp_fusion": False}),
        "reconstruct": (reconstruct_kernel,
                        {"w_ptr": "*i32", "ca_ptr": "*fp64", "prea_ptr": "*fp64", "cb_ptr": "*fp64", "preb_ptr": "*fp64",
                         "c_ptr": "*fp64", "stride_cm": "i32",
                         "stride_cn": "i32", "M": "i32", "N": "i32", "Mp": "i32", "Np": "i32", "wt_ptr": "*fp64"},
                        {"D": 4, "ACCUMULATE": True, "BLOCK_M": 32, "BLOCK_N": 128},
                        {"num_warps": 4, "enable_fp_fusion": False}),
    }


    # the default's balanced schedule (NOTES.md 65): the t64 case with BALANCED and a panel cost, h_j by plain
    # loads as the launcher passes it (NOTES.md 82)
    fn, sig, consts, opts = CASES["pair_search_tma_masks_t64"]
    CASES["pair_search_tma_masks_balanced"] = (fn, {**sig, "hy_ptr": "*i32"},
                                               {**consts, "BALANCED": True, "PANEL_COST": 4}, opts)
    # FilterConfig.dump_bits (NOTES.md 88): the balanced search dumping its bits and doing a plan's input pass, and
    # its item kernel with a slot's rows over two programs and the goal read from device memory
    CASES["pair_search_tma_masks_dump"] = (fn, {**sig, "hy_ptr": "*i32", "dump_ptr": "*i32", "slots_ptr": "*i64",
                                                "goal_ptr": "*i32", "status_ptr": "*i64"},
                                           {**consts, "BALANCED": True, "PANEL_COST": 4, "DUMP": 1}, opts)
    from int8tc.sieve._kernels.filters import dump_items_kernel

    CASES["dump_items"] = (dump_items_kernel,
                           {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8", "stride_y": "i32",
                            "hy_ptr": "*i32", "goal": "i32", "dump_ptr": "*i32", "n_slots": "i32", "col_end": "i32",
                            "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64", "goal_ptr": "*i32"},
                           {"KP": 128, "BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 128, "TRI": True, "BLOCK_I": 16,
                            "GROUPS": 16, "perm_ptr": None, "UNSORT": False, "DP4A": True, "ROWS": 32},
                           {"num_warps": 4})
    # FilterConfig.dump_list: a slot's items listed (in the dump's second half), then read back a block at a time
    CASES["dump_items_list"] = (dump_items_kernel, {**CASES["dump_items"][1], "list_ptr": "*i32"},
                                {**CASES["dump_items"][2], "BLOCK_I": 32, "ROWS": 0, "LIST": True}, {"num_warps": 4})

    # the warp-specialised Gluon GEMM (ozaki/_kernels/gemm_ws.py), both epilogues, default tiles
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon._runtime import GluonASTSource

    from int8tc.ozaki._kernels.gemm_ws import ws_int8_gemm_kernel
    from int8tc.ozaki._ws import WS_TILES as T

    def _compile_gluon(fn, signature, constexprs, **options):
        sig = {**signature, **{k: "constexpr" for k in constexprs}}
        return triton.compile(GluonASTSource(fn=fn, signature=sig, constexprs=constexprs), target=HOPPER,
                              options=options)

    def _ws_case(mode):
        la = gl.NVMMASharedLayout.get_default_for([T.block_m, T.block_k], gl.int8)
        lb = gl.NVMMASharedLayout.get_default_for([T.block_n, T.block_k], gl.int8)
        piece, wt = (T.block_n // 2, "u8") if mode == 1 else (T.block_n // 8, "i32")  # as ws_gemm launches it
        lw = gl.NVMMASharedLayout.get_default_for([T.block_m, piece], gl.uint8 if mode == 1 else gl.int32)
        tma_store = T.tma_store
        sig = {"a_desc": f"tensordesc<i8[{T.block_m}, {T.block_k}],{la!r}>",
               "b_desc": f"tensordesc<i8[{T.block_n}, {T.block_k}],{lb!r}>",
               "out_ptr": "*u8" if mode == 1 else "*i32",
               "w_desc": (f"tensordesc<{wt}[{T.block_m}, {piece}],{lw!r}>" if tma_store
                          else f"tensordesc<i8[{T.block_m}, {T.block_k}],{la!r}>"),
               "p_ptr": "*i64", "pf_ptr": "*fp64", "order_ptr": "*i32",
               "Mp": "i32", "Np": "i32", "k0": "i32", "k_len": "i32", "diag": "i32", "i_lo": "i32", "n_sub": "i32",
               "splits": "i32", "n_groups": "i32"}
        consts = {"MODE": mode, "ACCUMULATE": mode == 1, "GROUP_M": T.group_m, "NUM_PROGRAMS": 132,
                  "STAGES": T.stages, "LOADER_REGS": T.loader_regs, "TMA_STORE": tma_store, "num_warps": T.num_warps}
        return _compile_gluon(ws_int8_gemm_kernel, sig, consts, num_warps=T.num_warps, maxnreg=T.maxnreg)

    report = {}
    WS_MODES = {"ws_gemm_diag": 0, "ws_gemm_mod": 1, "ws_gemm_diagonals": 2}
    for name, (fn, sig, consts, opts) in list(CASES.items()) + [(n, (None,) * 4) for n in WS_MODES]:
        ptx = (_ws_case(WS_MODES[name]) if fn is None else _compile(fn, sig, consts, **opts)).asm["ptx"]
        report[name] = {"target": ".target sm_90a" in ptx, "wgmma_s8": "wgmma.mma_async" in ptx and ".s32.s8.s8" in ptx,
                        "div_rn": "div.rn.f64" in ptx, "tma": "cp.async.bulk.tensor" in ptx,
                        "int64_div": any(op in ptx for op in ("rem.s64", "div.s64", "rem.u64", "div.u64")),
                        "int_div": sum(ptx.count(op) for op in ("rem.s32", "div.s32", "rem.u32", "div.u32")),
                        "tma_store": "cp.async.bulk.tensor.2d.global.shared" in ptx, "dp4a": "dp4a.s32.s32" in ptx,
                        "f64_int_cvt": len(re.findall(r"cvt\.r\w*\.[su]\d+\.f64|cvt\.rn?\.f64\.[su]\d+", ptx))}
    print(json.dumps(report))


@pytest.fixture(scope="module")
def report():
    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    out = subprocess.run([sys.executable, __file__], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-4000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", ["split", "split_rows", "split_rows_once", "split_scaled", "diagonal_gemm", "diagonal_gemm_persistent", "diagonals_gemm_persistent",
                                  "diagonal_gemm_recon", "absmax_rows",
                                  "row_scales_matrix", "row_scales_row", "reconstruct", "pair_search_gram", "pair_search_tma", "pair_search_tma_norm_bound", "norm_order", "norm_stats", "norm_bins", "mask_items_unsort", "segment_pair_search_tma", "bucket_tma",
                                  "bucket", "segment_pair_search", "bucket_tma_rowhits", "bucket_rowhits",
                                  "pair_search_tma_rowhits", "segment_pair_search_rowhits",
                                  "segment_pair_search_tma_defer", "pair_search_defer", "deferred_rows",
                                  "segment_pair_search_tma_rounds", "pair_search_tma_rounds", "bucket_tma_rounds",
                                  "ozaki2_residue_split", "ozaki2_scale_split", "ozaki2_norm_bound", "ozaki2_modular_gemm",
                                  "ozaki2_crt", "ozaki2_cs_scale", "ozaki2_row_scales", "guard", "ozaki2_bound_plane",
                                  "ozaki2_bound_product", "ozaki2_accurate_scale", "pair_search_tma_masks",
                                  "segment_pair_search_tma_masks", "bucket_tma_masks", "mask_items", "pair_search_tma_masks_t64",
                                  "bucket_tma_tile_items", "item_tiles_offsets",
                                  "tile_items",
                                  "pair_search_tma_masks_balanced", "pair_search_tma_masks_dump", "dump_items",
                                  "dump_items_list",
                                  "mask_items_batch_reserve", "ws_gemm_diag", "ws_gemm_mod", "ws_gemm_diagonals"])
def test_kernel_compiles_for_sm90a(report, name):
    assert report[name]["target"]


def test_item_kernel_uses_dp4a(report):
    # the item kernel's dots: one dp4a per 4 bytes of K on CUDA (NOTES.md 84)
    assert report["mask_items"]["dp4a"] and report["mask_items_unsort"]["dp4a"]
    assert report["mask_items_batch_reserve"]["dp4a"] and report["dump_items"]["dp4a"]
    assert report["dump_items_list"]["dp4a"]


def test_int8_products_use_wgmma(report):
    # the INT8 products must run on Hopper's warpgroup MMA with INT32 accumulation
    assert report["diagonal_gemm"]["wgmma_s8"]
    assert report["diagonal_gemm_persistent"]["wgmma_s8"]
    assert report["diagonal_gemm_persistent"]["tma"]  # tiles loaded by the tensor memory accelerator
    assert report["diagonals_gemm_persistent"]["wgmma_s8"] and report["diagonals_gemm_persistent"]["tma"]
    assert report["diagonal_gemm_recon"]["wgmma_s8"] and report["diagonal_gemm_recon"]["tma"]
    assert report["pair_search_gram"]["wgmma_s8"] and report["bucket"]["wgmma_s8"]
    assert report["segment_pair_search"]["wgmma_s8"]
    assert report["pair_search_tma"]["wgmma_s8"] and report["pair_search_tma"]["tma"]
    assert report["segment_pair_search_tma"]["wgmma_s8"] and report["segment_pair_search_tma"]["tma"]
    assert report["bucket_tma"]["wgmma_s8"] and report["bucket_tma"]["tma"]
    assert report["bucket_tma_rowhits"]["wgmma_s8"] and report["bucket_tma_rowhits"]["tma"]
    assert report["bucket_rowhits"]["wgmma_s8"] and report["pair_search_tma_rowhits"]["tma"]
    assert report["tile_items"]["wgmma_s8"]  # FilterConfig.tensor_items: the items' products on tensor cores
    assert report["bucket_tma_tile_items"]["wgmma_s8"] and report["bucket_tma_tile_items"]["tma"]
    for name in ("segment_pair_search_tma_rounds", "pair_search_tma_rounds", "bucket_tma_rounds"):
        assert report[name]["wgmma_s8"] and report[name]["tma"], name
    assert report["guard"]["wgmma_s8"] and report["guard"]["tma"]
    assert report["ozaki2_modular_gemm"]["wgmma_s8"] and report["ozaki2_modular_gemm"]["tma"]
    assert report["ozaki2_bound_product"]["wgmma_s8"] and report["ozaki2_bound_product"]["tma"]
    for name in ("ws_gemm_diag", "ws_gemm_mod", "ws_gemm_diagonals"):  # the warp-specialised Gluon kernel
        assert report[name]["wgmma_s8"] and report[name]["tma"], name
    # its output tiles leave by TMA stores (twentieth session, benchmarks/NOTES.md 71)
    for name in ("ws_gemm_diag", "ws_gemm_mod", "ws_gemm_diagonals"):
        assert report[name]["tma_store"], name


def test_split_uses_correctly_rounded_division(report):
    for name in ("split", "split_rows", "split_rows_once", "split_scaled"):
        assert report[name]["div_rn"], name  # as the NumPy reference's division
    assert report["ozaki2_accurate_scale"]["div_rn"]


def test_ozaki2_element_passes_avoid_int64_division(report):
    # measured 2026-11-30: int64 % in the residue split cost ~4 ms at 4096^2 (16 moduli)
    for name in ("ozaki2_residue_split", "ozaki2_scale_split", "ozaki2_norm_bound", "ozaki2_row_scales", "ozaki2_crt"):
        assert not report[name]["int64_div"], name


def test_per_element_per_modulus_passes_avoid_slow_instructions(report):
    # NOTES 38: no integer division per element in the modular GEMM's epilogue (a few scalar ones
    # place the persistent work items; `acc % p` put one per element there), no float<->int
    # conversion per element and modulus in the residue split and the CRT (a quarter of FP64's rate)
    assert report["ozaki2_modular_gemm"]["int_div"] <= 16, report["ozaki2_modular_gemm"]["int_div"]  # was 142
    assert report["ws_gemm_mod"]["int_div"] <= 16, report["ws_gemm_mod"]["int_div"]
    for name in ("ozaki2_residue_split", "ozaki2_scale_split", "ozaki2_crt"):
        assert not report[name]["int_div"], name
    assert report["ozaki2_scale_split"]["f64_int_cvt"] <= 64
    assert report["ozaki2_residue_split"]["f64_int_cvt"] <= 64  # the guard's floors, once per element (was >= 480)
    for name in ("ozaki2_crt", "reconstruct"):
        assert not report[name]["f64_int_cvt"], name
