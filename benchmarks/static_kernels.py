"""Static resource report of Triton kernels for sm_90a, without a GPU.

Compiles each filter kernel variant for Hopper with Triton (no GPU needed), then reads the
cubin with the CUDA tools Triton ships (cuobjdump, nvdisasm): registers per thread, stack
(spills), and counts of SASS instructions (all, global stores, shuffles, barriers). Registers
decide occupancy (65536 per SM: 255 registers x 128 threads allow 2 blocks of 4 warps, <= 168
allow 3, <= 128 allow 4), and the TMA segment kernel measured register-bound on the H200
(ncu, NOTES.md 44). A proxy, not a timing: the GPU decides (NOTES.md 49, 51). The builds here
carry no launch specialisations (16-divisible pointers and sizes, unit strides), which the GPU's
builds do; they can allocate registers differently (NOTES.md 51, 84). ``--divisible`` marks every pointer
argument and every integer argument named ``stride*`` divisible by 16, as the launches of the filters' padded
rows specialise them (e.g. the old int8 item kernel: 5248 bytes of stack without, none with).

    python benchmarks/static_kernels.py [--out FILE.csv]           # the filter variants
    python benchmarks/static_kernels.py --all [--out FILE.csv]     # every kernel of tests/test_compile_sm90.py,
                                                                    # at the configurations listed there
    python benchmarks/static_kernels.py --match "default g16" --set NUM_STAGES=4 --maxnreg 160   # variants
    python benchmarks/static_kernels.py --match mask_items --divisible   # as the GPU's launches specialise them

``loop_path`` is the instructions per warp on the shortest trip round the innermost loop that holds the kernel's
first tensor-core product (HGMMA/IGMMA): in the filters' hot loops a tile with no hit (NOTES.md 81); -1 if the
first product is in no loop.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))


def _compile(fn, signature: dict, constexprs: dict, divisible: bool = False, **options):
    import triton
    from triton.backends.compiler import GPUTarget

    # constexprs left out take their defaults (a partial set is misbound: tests/test_compile_sm90.py)
    constexprs = {**{p.name: p.default for p in fn.params if p.is_constexpr and p.has_default}, **constexprs}
    sig = dict(signature)
    for k in constexprs:
        sig[k] = "constexpr"
    names = [p.name for p in fn.params]
    attrs = {(names.index(k),): [["tt.divisibility", 16]] for k, t in signature.items()
             if divisible and (t.startswith("*") or (k.startswith("stride") and t in ("i32", "i64")))}
    src = triton.compiler.ASTSource(fn=fn, signature=sig, constexprs=constexprs, attrs=attrs)
    return triton.compile(src, target=GPUTarget("cuda", 90, 32), options=options)


def resources(kernel) -> dict:
    """Registers, stack bytes and SASS instruction counts of a compiled kernel."""
    import triton

    tools = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "k.cubin")
        with open(path, "wb") as fh:
            fh.write(kernel.asm["cubin"])
        usage = subprocess.run([os.path.join(tools, "cuobjdump"), "--dump-resource-usage", path],
                               capture_output=True, text=True, check=True).stdout
        sass = subprocess.run([os.path.join(tools, "nvdisasm"), "-c", path],
                              capture_output=True, text=True, check=True).stdout
    ins = [line for line in sass.splitlines() if re.match(r"\s+/\*[0-9a-f]{4,}\*/", line)]

    def field(name):
        m = re.search(name + r":(\d+)", usage)
        return int(m.group(1)) if m else -1

    return {"registers": field("REG"), "stack_bytes": field("STACK"), "sass_instructions": len(ins),
            "global_stores": sum(" STG" in line for line in ins), "shuffles": sum("SHFL" in line for line in ins),
            "barriers": sum(" BAR" in line for line in ins), "loop_path": loop_path(sass)}


def loop_path(sass: str) -> int:
    """Instructions on the shortest cycle through the first tensor-core product's innermost loop, from
    ``nvdisasm -c`` output: basic blocks split at labels and after branches, edges to branch targets and (for
    predicated branches) the next block; the cycle is the shortest way from the product's block back to it."""
    import heapq

    blocks, cur = [], {"label": None, "ops": []}
    for line in sass.splitlines():
        m = re.match(r"^(\.L_x_\d+):", line)
        if m:
            if cur["ops"] or cur["label"]:
                blocks.append(cur)
            cur = {"label": m.group(1), "ops": []}
            continue
        m = re.match(r"\s*/\*[0-9a-f]+\*/\s*(@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)(.*)", line)
        if m:
            cur["ops"].append((bool(m.group(1)), m.group(2), m.group(3)))
            if m.group(2) in ("BRA", "EXIT", "RET"):
                blocks.append(cur)
                cur = {"label": None, "ops": []}
    blocks.append(cur)
    where = {b["label"]: i for i, b in enumerate(blocks) if b["label"]}

    def successors(i):
        if not blocks[i]["ops"]:
            return [i + 1] if i + 1 < len(blocks) else []
        pred, op, rest = blocks[i]["ops"][-1]
        if op == "BRA":
            target = re.search(r"\((\.L_x_\d+)\)", rest)
            out = [where[target.group(1)]] if target and target.group(1) in where else []
            if pred or re.match(r"\s*!?U?P\d", rest):  # a predicated branch also falls through
                out.append(i + 1)
            return out
        if op in ("EXIT", "RET") and not pred:
            return []
        return [i + 1] if i + 1 < len(blocks) else []

    start = next((i for i, b in enumerate(blocks) if any(op in ("HGMMA", "IGMMA") for _, op, _ in b["ops"])), None)
    if start is None:
        return -1
    dist, queue = {}, []
    for v in successors(start):  # shortest way back to the product's block, Dijkstra on block lengths
        if len(blocks[start]["ops"]) < dist.get(v, 1 << 30):
            dist[v] = len(blocks[start]["ops"])
            heapq.heappush(queue, (dist[v], v))
    while queue:
        d, u = heapq.heappop(queue)
        if d > dist.get(u, 1 << 30) or u == start:
            continue
        for v in successors(u):
            if d + len(blocks[u]["ops"]) < dist.get(v, 1 << 30):
                dist[v] = d + len(blocks[u]["ops"])
                heapq.heappush(queue, (dist[v], v))
    return dist.get(start, -1)


def cases():
    """(name, kernel, signature, constexprs, options) of the filter variants the sieve can run."""
    from int8tc.sieve._kernels.filters import (bucket_tma_kernel, pair_search_tma_kernel, segment_pair_search_kernel,
                                               segment_pair_search_tma_kernel)

    seg_tma = {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32", "work_ptr": "*i32", "goal": "i32",
               "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"}
    seg = {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "work_ptr": "*i32", "goal": "i32", "out_ptr": "*i32",
           "count_ptr": "*i64", "capacity": "i64"}
    ps_tma = {"x_desc": "tensordesc<i8[64, 128]>", "hx_ptr": "*i32", "y_desc": "tensordesc<i8[64, 128]>",
              "hy_desc": "tensordesc<i32[64]>", "M": "i32", "N": "i32", "goal": "i32", "out_ptr": "*i32",
              "count_ptr": "*i64", "capacity": "i64"}
    b_tma = {"x_desc": "tensordesc<i8[64, 128]>", "c_desc": "tensordesc<i8[64, 128]>", "thr_ptr": "*i32", "M": "i32",
             "N": "i32", "ids_ptr": "*i32", "signs_ptr": "*i8", "counts_ptr": "*i32", "capacity": "i32"}
    out = []
    for mode in ("", "rowhits", "defer", "rounds"):
        rh, df, ro = mode == "rowhits", mode == "defer", mode == "rounds"
        tag = f" {mode}" if mode else ""
        for st in (2, 3, 4):
            out.append((f"segment_pair_search tma 64x64x128 s{st}{tag}", segment_pair_search_tma_kernel, seg_tma,
                        {"KP": 128, "TILES_PER_PROGRAM": 16, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128,
                         "NUM_STAGES": st, "ROW_HITS": rh, "DEFER": df, "ROUNDS": ro, "MASKS": False}, {"num_warps": 4}))
        out.append((f"segment_pair_search plain 64x64x32 s2{tag}", segment_pair_search_kernel, seg,
                    {"KP": 128, "TILES_PER_PROGRAM": 16, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32, "ROW_HITS": rh,
                     "DEFER": df, "ROUNDS": ro},
                    {"num_warps": 4, "num_stages": 2}))
        out.append((f"pair_search tma 64x64x128 s3{tag}", pair_search_tma_kernel, ps_tma,
                    {"KP": 128, "GRAM": True, "TILES_PER_PROGRAM": 16, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128,
                     "NUM_STAGES": 3, "ROW_HITS": rh, "DEFER": df, "ROUNDS": ro, "MASKS": False}, {"num_warps": 4}))
        if df:
            continue
        out.append((f"bucket tma 64x64x128 s3{tag}", bucket_tma_kernel, b_tma,
                    {"KP": 128, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128, "NUM_STAGES": 3, "ROW_HITS": rh,
                     "ROUNDS": ro, "MASKS": False},
                    {"num_warps": 4}))
    for st in (2, 3):
        out.append((f"pair_search tma 64x64x128 s{st} t32 masks cap128", pair_search_tma_kernel, ps_tma,
                    {"KP": 128, "GRAM": True, "TILES_PER_PROGRAM": 32, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128,
                     "NUM_STAGES": st, "ROW_HITS": False, "DEFER": False, "ROUNDS": False, "MASKS": True, "GROUPS": 8},
                    {"num_warps": 4, "maxnreg": 128}))
    for groups in (8, 16):  # FilterConfig.column_groups (NOTES 60)
        out.append((f"pair_search tma 64x128x128 s3 t32 masks cap168 g{groups}", pair_search_tma_kernel,
                    dict(ps_tma, y_desc="tensordesc<i8[128, 128]>", hy_desc="tensordesc<i32[128]>"),
                    {"KP": 128, "GRAM": False, "TILES_PER_PROGRAM": 32, "BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 128,
                     "NUM_STAGES": 3, "ROW_HITS": False, "DEFER": False, "ROUNDS": False, "MASKS": True,
                     "GROUPS": groups},
                    {"num_warps": 4, "maxnreg": 168}))
    # the pair search default (DEFAULT_FILTER_CONFIG) with and without norm_bound (NOTES 72)
    ps128 = dict(ps_tma, y_desc="tensordesc<i8[128, 128]>", hy_desc="tensordesc<i32[128]>")
    for bound in (False, True):
        out.append((f"pair_search default g16 t64{' bound' if bound else ''}", pair_search_tma_kernel,
                    dict(ps128, hmin_ptr="*i32", perm_ptr="*i64") if bound else ps128,
                    {"KP": 128, "GRAM": True, "TILES_PER_PROGRAM": 64, "BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 128,
                     "NUM_STAGES": 3, "ROW_HITS": False, "DEFER": False, "ROUNDS": False, "MASKS": True,
                     "GROUPS": 16, "NORM_BOUND": bound, **({} if bound else {"hmin_ptr": None, "perm_ptr": None})},
                    {"num_warps": 4, "maxnreg": 168}))
    out.append(("pair_search default g16 t64 balanced", pair_search_tma_kernel, ps128,
                {**out[-2][3], "BALANCED": True, "PANEL_COST": 4}, {"num_warps": 4, "maxnreg": 168}))
    out.append(("pair_search default g16 t64 balanced hy_ptr", pair_search_tma_kernel, dict(ps128, hy_ptr="*i32"),
                {**out[-3][3], "BALANCED": True, "PANEL_COST": 4}, {"num_warps": 4, "maxnreg": 168}))
    base = out[-1][3]
    for dump in (1,):  # the dumped bits (FilterConfig.dump_bits)
        out.append(("pair_search default g16 t64 balanced hy_ptr dump_bits", pair_search_tma_kernel,
                    dict(ps128, hy_ptr="*i32", dump_ptr="*i32", slots_ptr="*i64"),
                    {**base, "DUMP": dump}, {"num_warps": 4, "maxnreg": 168}))
    out.append(("pair_search default g16 t64 balanced hy_ptr dump_bits one-shot (slots taken by an atomic)",
                pair_search_tma_kernel, dict(ps128, hy_ptr="*i32", dump_ptr="*i32"), {**base, "DUMP": 1},
                {"num_warps": 4, "maxnreg": 168}))
    out.append(("bucket tma 64x64x128 s3 masks cap128", bucket_tma_kernel,
                dict(b_tma, items_ptr="*i32", item_count_ptr="*i64", item_cap="i64"),
                {"KP": 128, "BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 128, "NUM_STAGES": 3, "ROW_HITS": False,
                 "ROUNDS": False, "MASKS": True, "GROUPS": 8}, {"num_warps": 4, "maxnreg": 128}))
    from int8tc.sieve._kernels.filters import deferred_rows_kernel

    out.append(("deferred_rows (the defer mode's second kernel)", deferred_rows_kernel,
                {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8", "stride_y": "i32", "hy_ptr": "*i32",
                 "goal": "i32", "out_ptr": "*i32", "count_ptr": "*i64", "capacity": "i64"},
                {"KP": 128, "BLOCK_N": 64, "BLOCK_K": 32, "TRI": True}, {"num_warps": 4}))
    from int8tc.sieve._kernels.filters import mask_items_kernel

    out.append(("mask_items (the masks mode's second kernel)", mask_items_kernel,
{"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8", "stride_y": "i32", "hy_ptr": "*i32",
                 "goal": "i32", "items_ptr": "*i32", "item_count_ptr": "*i64", "item_cap": "i64", "out_ptr": "*i32",
                 "count_ptr": "*i64", "capacity": "i64"},
                {"KP": 128, "BLOCK_N": 64, "BLOCK_K": 128, "TRI": True, "BLOCK_I": 16, "signs_ptr": None, "BUCKET": False, "GROUPS": 8,
                 "DP4A": True}, {"num_warps": 4}))
    out.append(("mask_items, one atomic per 16 items (item_reserve='batch')", mask_items_kernel, out[-1][2],
                dict(out[-1][3], BLOCK_N=128, BATCH_RESERVE=True), {"num_warps": 4}))
    out.append(("mask_items batch, 16 column groups", mask_items_kernel, out[-1][2], dict(out[-1][3], GROUPS=16),
                {"num_warps": 4}))
    out.append(("mask_items default (32 items, 4 warps)", mask_items_kernel, out[-1][2],
                dict(out[-1][3], BLOCK_I=32), {"num_warps": 4}))
    from int8tc.sieve._kernels.filters import dump_items_kernel

    out.append(("dump_items default (32 items, 4 warps)", dump_items_kernel,
                {"x_ptr": "*i8", "stride_x": "i32", "hx_ptr": "*i32", "y_ptr": "*i8", "stride_y": "i32", "hy_ptr": "*i32",
                 "goal": "i32", "dump_ptr": "*i32", "n_slots": "i32", "col_end": "i32", "out_ptr": "*i32",
                 "count_ptr": "*i64", "capacity": "i64"},
                {"KP": 128, "BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 128, "TRI": True, "BLOCK_I": 32, "GROUPS": 16,
                 "perm_ptr": None, "UNSORT": False, "DP4A": True, "ROWS": 0}, {"num_warps": 4}))
    out.append(("dump_items list (32 items, 4 warps)", dump_items_kernel, {**out[-1][2], "list_ptr": "*i32"},
                {**out[-1][3], "LIST": True}, {"num_warps": 4}))
    return out


def compile_test_kernels():
    """(name, compiled kernel) for every case of tests/test_compile_sm90.py, at its configuration:
    that script is run as it is, with triton.compile wrapped to keep what it builds."""
    import contextlib
    import io
    import runpy

    import triton

    built, real = [], triton.compile

    def keep(src, target=None, options=None):
        k = real(src, target=target, options=options)
        consts = ", ".join(f"{v}" for v in getattr(src, "constants", {}).values())
        built.append((f"{src.fn.__name__} [{consts}] {options}", k))
        return k

    triton.compile = keep
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests",
                                        "test_compile_sm90.py"), run_name="__main__")
    finally:
        triton.compile = real
    return built


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", help="write the table as CSV here")
    p.add_argument("--all", action="store_true", help="every kernel of tests/test_compile_sm90.py instead")
    p.add_argument("--match", default="", help="only the cases whose name holds this text")
    p.add_argument("--set", action="append", default=[], metavar="NAME=INT",
                   help="override this constexpr in every case that has it (not with --all)")
    p.add_argument("--maxnreg", type=int, help="this register cap for every case (not with --all)")
    p.add_argument("--num-warps", type=int, help="this num_warps for every case (not with --all)")
    p.add_argument("--divisible", action="store_true",
                   help="pointers and stride* ints divisible by 16, as the GPU's launches (not with --all)")
    args = p.parse_args(argv)
    if args.all and (args.set or args.maxnreg or args.divisible or args.num_warps):
        p.error("--set, --maxnreg, --num-warps and --divisible apply to the filter variants, not to --all")
    sets = {}
    for item in args.set:
        key, eq, val = item.partition("=")
        if not eq or not val.lstrip("-").isdigit():
            p.error(f"--set wants NAME=INT, got {item!r}")
        sets[key] = int(val)
    os.environ.pop("TRITON_INTERPRET", None)
    rows = []
    if args.all:
        built = compile_test_kernels()
    else:
        built = ((name, _compile(fn, sig, {**consts, **{k: v for k, v in sets.items() if k in consts}},
                                 divisible=args.divisible,
                                 **dict(opts, **({"maxnreg": args.maxnreg} if args.maxnreg else {}),
                                        **({"num_warps": args.num_warps} if args.num_warps else {}))))
                 for name, fn, sig, consts, opts in cases() if args.match in name)
    width = 110 if args.all else 48
    for name, kernel in built:
        r = {"kernel": name, **resources(kernel)}
        rows.append(r)
        print(f"{name[:width]:{width}s} regs {r['registers']:3d}  stack {r['stack_bytes']:4d}  SASS {r['sass_instructions']:5d}  "
              f"STG {r['global_stores']:3d}  SHFL {r['shuffles']:3d}  BAR {r['barriers']:3d}  loop {r['loop_path']:4d}",
              flush=True)
    if args.out:
        with open(args.out, "w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
