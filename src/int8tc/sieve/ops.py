"""Fused INT8 short-K filters for lattice sieving: pair search and bucketing (public API).

Both ops compute dot products of INT8 vectors on tensor cores and write only the hits; the
full dot-product matrix is never stored. Vectors are rows of length K <= 192 (exact in INT32);
the launcher pads K to a multiple of 32 with zeros (a copy, also made for inputs whose rows are
not contiguous).

Overflow is never silent: every op returns the true number of hits; below capacity nothing is
lost, above it exactly ``capacity`` hits are kept and ``dropped`` says how many were not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np
import torch
import triton

from .._checks import check_2d
from .._launcher import launch
from . import reference

K_MAX = 192
K_ALIGN = 32
GOAL_MAX = 2**30


@dataclass(frozen=True)
class FilterConfig:
    block_m: int = 64
    block_n: int = 64
    block_k: int = 32
    #: pair searches: column tiles one program walks with its row panel (tile_masks: <= 32, or for
    #: pair_search a multiple of 32, its bits flushed every 32; under ``balanced``, the chunk length
    #: min(tiles_per_program, 32))
    tiles_per_program: int = 16
    num_warps: int = 4
    num_stages: int = 2
    #: all three filters: TMA tile loads, the row panel kept when K fits one block_k (the
    #: default of all three since the fifth session; NOTES.md 35, 37).
    #: With tma, block_k (a power of two) is the largest K block; the launcher picks the block
    #: (``_block_k``: K = 96 one 128-wide block, 160 and 192 three of 64; the TMA unit reads zeros
    #: past K).
    tma: bool = False
    #: all three filters: tiles whose rows hold at most one hit each write them as per-row records
    #: (a max and a sum along the row) instead of per-element predicated stores; other tiles keep
    #: those stores (NOTES.md 45, 47; 1.3-1.5x over none, superseded by defer_rows / row_rounds)
    row_hits: bool = False
    #: pair searches: every tile writes its rows with one hit as per-row records (as row_hits)
    #: and defers rows with two or more to a second, small kernel that recomputes them, so the hot
    #: kernel has no [block_m, block_n] store path (its registers: 255 -> ~150-190 for sm_90a,
    #: NOTES.md 49). Needs capacity < 2^31 - 1; the record buffer grows by capacity / 2 + 1 items.
    #: The pair searches' default (DEFAULT_FILTER_CONFIG); slow where many rows hold two hits
    #: (rate ~1e-2: 2x slower than row_rounds; NOTES.md 53).
    defer_rows: bool = False
    #: all three filters: tiles with hits write them in rounds: round r writes each row's r-th
    #: hit (ascending columns) as [block_m]-long stores, the hit test recomputed from the
    #: accumulator, so the hot kernel holds no [block_m, block_n] mask or offsets and needs no
    #: second kernel (NOTES.md 53). As many rounds as the tile's busiest row has hits. Bucketing's
    #: and the sieve's in-bucket default. Exclusive with row_hits and defer_rows.
    row_rounds: bool = False
    #: all three filters (TMA kernels): the hot loop only marks, per row, which of the program's column
    #: tiles hold hits (one bit per tile from the row maximum: no tile-wide reduction, branch,
    #: atomic or store per tile; the bits are kept per column group, 8 groups of block_n / 8 columns,
    #: without a shuffle); after the loop every (row, tile) with a hit becomes an item and
    #: ``mask_items_kernel`` recomputes that row against the group's columns on CUDA cores (16
    #: items at a time), reserves and writes its hits (NOTES.md 57). Needs tma and tiles_per_program <= 32 or, for pair_search, a multiple of 32 (the bits flushed every 32 tiles); the record buffer is
    #: 2x capacity (capacity items after the records; each holds >= 1 hit, so items past it mean
    #: hits past capacity: the hot kernel then recomputes the tiles of the rows whose items did not
    #: fit and writes them in rounds, so the total stays exact). Bucketing: an item buffer of
    #: min(capacity_per_row, max(4, capacity_per_row / 4)) items per row (``_bucket_item_cap``; rows
    #: past it are appended by the hot kernel), hits appended to the row lists by per-row atomics (unordered;
    #: ``bucket(..., deterministic=True)`` sorts them). Exclusive with the others.
    tile_masks: bool = False
    #: programs of the second kernel of defer_rows / tile_masks (they stride over the items) and
    #: their warps
    item_programs: int = 512
    item_warps: int = 4
    #: tile_masks: items the item kernel takes per iteration (a power of two, 16..64)
    item_block: int = 16
    #: tensor_items: register cap of ``tile_items_kernel`` (None: ptxas free; 128 lets 4 programs of 4 warps
    #: share an SM, without spills at 64 x 128 items x centres, K <= 128, in the sm_90a builds); dump_bits: of
    #: ``dump_items_kernel``
    item_maxnreg: int | None = None
    #: tile_masks: column groups per tile (8 or 16; block_n >= 2 x groups): an item is a row against
    #: one group's block_n / column_groups columns, so 16 groups halve the rows the item kernel
    #: gathers per item, for one more bit word per row in the hot loop (NOTES.md 60)
    column_groups: int = 8
    #: tile_masks pair searches: how the item kernel reserves its records: "item" (one relaxed
    #: atomic per item with hits, on the one counter) or "batch" (one per item_block items and a
    #: prefix sum: 16x fewer atomics on that address; item kernel 0.91 -> 0.56 ms at 1e-4, the
    #: pair searches' default since the twelfth session, NOTES.md 59)
    item_reserve: str = "item"
    #: pair_search with tile_masks (bucket and segment_pair_search keep their own schedules and do not
    #: read this or the next two): 0 = one program per (row panel, tiles_per_program column tiles),
    #: a 2-D grid (in a Gram search its triangle leaves empty programs and a tail of short ones);
    #: b > 0 = b programs per SM (one on the CPU interpreter), each taking an equal contiguous
    #: range of the (panel, tile) units and walking it in chunks of min(tiles_per_program, 32) tiles
    #: (NOTES.md 65)
    balanced: int = 0
    #: the balanced schedule: what entering a panel costs, in column tiles (its row panel, pipeline fill
    #: and flush), so a range over many short panels (a Gram triangle's tail) holds fewer tiles
    panel_cost: int = 0
    #: with balanced > 0: 0 = always the balanced schedule; w > 0 = only for searches whose (panel,
    #: chunk) grid would fill fewer than w waves of balanced x SMs programs (larger ones keep the grid,
    #: which measured faster there: NOTES.md 65)
    balanced_waves: int = 0
    #: register cap per thread passed to the compiler (Triton's ``maxnreg``): 128 allows 4 blocks
    #: of 4 warps per SM, 168 three; None leaves ptxas free (it takes up to 255). Spills are
    #: reported by benchmarks/static_kernels.py (NOTES.md 53).
    maxnreg: int | None = None
    #: pair_search with tile_masks: searches of at least this many pairs (M(M-1)/2 in a Gram search, else
    #: M N) order the columns (a Gram search: the vectors) by half norm and test inner tiles by each
    #: column group's max and min of the dot (one 3-input max or min per two elements, ``_bound_any``)
    #: against h_i - goal + the tile's least h_j, instead of abs, subtraction and max per element: every
    #: hit passes, the item kernel keeps the exact ones, and ordered columns make the bound tight (a
    #: tile's 128 norms are neighbours in the order); the records are mapped back to the caller's
    #: indices (NOTES.md 72). 0 = never; read only with tile_masks (bucket and segment_pair_search do
    #: not read it: on bucketing, exact there, the max/min test measured no faster).
    norm_bound: int = 0
    #: bucket with tile_masks (the pair searches do not read it): an item is a (row, centre tile) pair (the
    #: column groups' bits ORed at the flush), binned by tile as the hot kernel writes it (its row id, 4
    #: bytes, in the region of bin (program % sub-bins, tile): ``_tile_bins``; an item past its region is
    #: appended by the hot kernel itself), and ``tile_items_kernel`` tests item_block-row blocks of one
    #: tile's items against its block_n centres as one tensor-core product each (the rows gathered),
    #: instead of ``mask_items_kernel``'s per-item gathers of one column group on CUDA cores. The regions
    #: hold 4x the default path's items in the same bytes
    tensor_items: bool = False
    #: norm_bound's ordering of the vectors (``sort_by_norm``): "bins" (a counting sort into NORM_BINS norm bins)
    #: or "sort" (torch.sort and a gather, the twenty-second session's first version)
    norm_order: str = "bins"
    #: pair searches that run the balanced schedule (tile_masks, balanced > 0, within balanced_waves; other
    #: searches, and configs without tile_masks or balanced, ignore it and flush items as tile_masks describes):
    #: each chunk's bits go to a slot of their own in a dump (``_dump_slots``: 64 B of header + block_m x
    #: column_groups words per chunk, ~4 KB per 32 tiles at the default), stored as they are (no atomic, no
    #: reduction, no item buffer, so no late rows), and ``dump_items_kernel`` turns every set bit into an item and
    #: writes its hits. The dump is allocated per call by ``pair_search`` and once by ``PairSearchPlan``. On in
    #: DEFAULT_FILTER_CONFIG since the fortieth session
    dump_bits: bool = False
    #: dump_bits: the dump's rows per program of ``dump_items_kernel`` (0: block_m, one slot; else a power of two
    #: up to 1024: below block_m a part of a slot, above it dump_rows / block_m whole slots)
    dump_rows: int = 0
    #: dump_bits: each ``dump_items_kernel`` program lists its piece's items (in the dump's second half), then reads
    #: them back a block at a time (``_dump_list_items``), instead of finding each item from the words by a search of
    #: the rows' counts; needs dump_rows <= block_m (a piece within one slot) and twice the dump. Measured (NOTES.md
    #: 92, H100): 22% faster plans at hit rate 1e-2 (16384 vectors), 3-4% slower at 1e-4 and 1e-6, so off by default
    dump_list: bool = False

    def __post_init__(self):
        for name in ("block_m", "block_n", "block_k"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < (32 if name == "block_k" else 16) or v & (v - 1):
                raise ValueError(f"{name} must be a power of two >= {32 if name == 'block_k' else 16}, got {v!r}")
        modes = [n for n in ("row_hits", "defer_rows", "row_rounds", "tile_masks") if getattr(self, n)]
        if len(modes) > 1:
            raise ValueError(f"row_hits, defer_rows, row_rounds and tile_masks are exclusive, got {modes}")
        if self.tile_masks and (not self.tma or not (1 <= self.tiles_per_program <= 32
                                                     or self.tiles_per_program % 32 == 0)):
            raise ValueError(f"tile_masks needs tma=True and tiles_per_program <= 32 or a multiple of 32 (one int32 of "
                             f"bits per row and column group, flushed every 32 tiles), got tma={self.tma}, "
                             f"tiles_per_program={self.tiles_per_program}")
        if (isinstance(self.dump_rows, bool) or not isinstance(self.dump_rows, int) or self.dump_rows < 0
                or self.dump_rows > 1024 or self.dump_rows & (self.dump_rows - 1)):
            raise ValueError(f"dump_rows must be 0 or a power of two up to 1024, got {self.dump_rows!r}")
        if self.dump_list and self.dump_rows > self.block_m:
            raise ValueError(f"dump_list needs dump_rows <= block_m (a program's piece within one dump slot), got "
                             f"dump_rows={self.dump_rows}, block_m={self.block_m}")
        if isinstance(self.item_programs, bool) or not isinstance(self.item_programs, int) or self.item_programs < 1:
            raise ValueError(f"item_programs must be a positive int, got {self.item_programs!r}")
        if isinstance(self.balanced, bool) or not isinstance(self.balanced, int) or not 0 <= self.balanced <= 64:
            raise ValueError(f"balanced must be an int in 0..64 (programs per SM; 0 = off), got {self.balanced!r}")
        if isinstance(self.panel_cost, bool) or not isinstance(self.panel_cost, int) or not 0 <= self.panel_cost <= 64:
            raise ValueError(f"panel_cost must be an int in 0..64 (column tiles), got {self.panel_cost!r}")
        if isinstance(self.balanced_waves, bool) or not isinstance(self.balanced_waves, int) or self.balanced_waves < 0:
            raise ValueError(f"balanced_waves must be an int >= 0, got {self.balanced_waves!r}")
        if self.balanced and not self.tile_masks:
            raise ValueError(f"balanced={self.balanced} needs tile_masks=True (the balanced schedule walks its range in "
                             f"chunks whose bits are flushed to items)")
        if self.column_groups not in (8, 16) or (self.tile_masks and self.block_n < 2 * self.column_groups):
            raise ValueError(f"column_groups must be 8 or 16 with block_n >= 2 x column_groups, got "
                             f"column_groups={self.column_groups!r}, block_n={self.block_n}")
        if self.item_reserve not in ("item", "batch"):
            raise ValueError(f"item_reserve must be 'item' or 'batch', got {self.item_reserve!r}")
        if self.item_block not in (16, 32, 64):
            raise ValueError(f"item_block must be 16, 32 or 64, got {self.item_block!r}")
        if self.item_warps not in (1, 2, 4, 8):
            raise ValueError(f"item_warps must be 1, 2, 4 or 8, got {self.item_warps!r}")
        if isinstance(self.norm_bound, bool) or not isinstance(self.norm_bound, int) or self.norm_bound < 0:
            raise ValueError(f"norm_bound must be an int >= 0 (pairs; 0 = off), got {self.norm_bound!r}")
        if self.tensor_items and not self.tile_masks:
            raise ValueError("tensor_items needs tile_masks=True (its items come from the tile bits)")
        if self.norm_order not in ("bins", "sort"):
            raise ValueError(f"norm_order must be 'bins' or 'sort', got {self.norm_order!r}")
        for name in ("maxnreg", "item_maxnreg"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int) or not 24 <= v <= 255):
                raise ValueError(f"{name} must be None or an int in 24..255, got {v!r}")

    def launch_options(self, pair: bool = True) -> dict:
        """The write-path constexprs and compiler options of a filter launch (``DEFER`` only for
        the pair searches; ``maxnreg`` only when set)."""
        opts = dict(ROW_HITS=self.row_hits, ROUNDS=self.row_rounds, num_warps=self.num_warps)
        if pair:
            opts["DEFER"] = self.defer_rows
        if self.tile_masks:
            opts["MASKS"] = True
            opts["GROUPS"] = self.column_groups
            if not pair and self.tensor_items:
                opts["TILE_ITEMS"] = True
        if self.maxnreg is not None:
            opts["maxnreg"] = self.maxnreg
        return opts


#: the plain kernels (pointer loads): 64x64 tiles, 4 warps ran fastest in the first sweep
#: (2026-11-30); ``int8tc sieve --filters plain``
PLAIN_FILTER_CONFIG = FilterConfig()
#: the TMA kernels without a write-path option: 64x64x128, 3 stages (the default of all three
#: filters from the fifth to the seventh session: with the exact row-max pre-test, NOTES 37, it
#: measured 454 against 415 Gpairs/s for the plain kernel at 65536 vectors, K = 128, rate 1e-4)
TMA_FILTER_CONFIG = FilterConfig(block_k=128, num_stages=3, tma=True)
#: the pair searches' default up to the ninth session (the sieve's all-pairs search and
#: ``--segment-filters tma-defer`` keep it): TMA, 2 stages, rows with two or more hits in a tile
#: deferred to the recompute kernel, each row reserving its own range (relaxed per-row atomics),
#: registers capped at 128, 32 column tiles per program. Ninth session, K = 128: Gram search of
#: 131072 vectors at 1e-4 1473 Gpairs/s = 377 TOPS (31.5% of the roof); at rates near 1e-2 3x
#: slower than row_rounds (NOTES.md 53, 55). Its record buffer is 1.5x capacity.
SIEVE_PAIR_CONFIG = FilterConfig(block_k=128, tiles_per_program=32, num_stages=2, tma=True, defer_rows=True,
                                 maxnreg=128)
#: H200 default of pair_search (tenth session, NOTES.md 57; twelfth: 3 stages, batch reservation and
#: 16 column groups, NOTES.md 59, 60): 64x128 tiles, TMA, 3 stages, the hot loop only sets per-row
#: column-group bits (``tile_masks``), ``mask_items_kernel`` writes the hits (2048 programs, one
#: atomic per 16 items, 8 columns per item), registers capped at 168 (3 blocks per SM). Gram search
#: of 131072 vectors, K = 128 (tune_filters, twelfth session): at 1e-4 batch reservation took the
#: item kernel from 0.91 to 0.56 ms and 16 groups to 0.28 (the hot kernel 2.90 -> 3.10 ms): 1993 ->
#: 2126 -> 2193 Gpairs/s in one run (run-to-run spread ~5-10%); at 1e-6 16 groups cost 2% (2695 ->
#: 2640); SIEVE_PAIR_CONFIG 1433 at 1e-4. Record buffer 2x capacity. Thirteenth session (tune_items,
#: NOTES.md 61): the item kernel (L1-bound gathers, ncu) takes 32 items per iteration with 2 warps:
#: 74 -> 59 us at 65536 vectors, 1e-4.
#: Fourteenth session (tune_filters, NOTES.md 64, 65): 64 column tiles per program (bits flushed every 32,
#: the row panel loaded once): 3-5% faster at 65536 and 131072 vectors in two runs; searches whose grid
#: would fill fewer than 3 waves (e.g. a Gram search of 16384) run the balanced schedule, 3 programs per
#: SM, 4 tiles charged per panel: plan 0.090 -> 0.081 ms at 16384 (5% slower at 65536, hence the waves
#: rule).
#: Twenty-second session (tune_filters --norm-bound, NOTES.md 72): searches of >= 2^30 pairs (a Gram search
#: of 46342+ vectors) sort by half norm and test the group max/min bound: plans at 131072 vectors 3.106 ->
#: 2.820 ms (1e-4) and 2.813 -> 2.401 (1e-6), 65536 0.830 -> 0.805 and 0.747 -> 0.692; at 16384 the sort
#: and remap (~60 us) cost more than the loop gains (0.080 -> 0.142 ms), hence the threshold. With the counting
#: sort into norm bins (norm_order="bins", s104): 131072 3.172 -> 2.605 ms, 65536 0.822 -> 0.694, 16384 0.083 -> 0.096.
#: (Since the twenty-seventh session the item kernel writes the caller's indices itself: no remap pass.)
#: Thirty-fourth session (NOTES.md 84): the item kernel's dots by dp4a on int32 words, and 4 warps per 32 items:
#: plans at 16384 vectors 0.0633 -> 0.0606 ms (1e-4), 0.0584 -> 0.0567 (1e-6),
#: 0.729 -> 0.684 (1e-2); 65536 0.691 -> 0.680 (1e-4).
#: Fortieth session (NOTES.md 90): the balanced searches dump their chunk bits (dump_bits) and ``dump_items_kernel``
#: finds each item's row by a binary search (110 registers at 32 items, 236 before): plans on an H100 (s186, same
#: process, records equal) at 16384 vectors 0.0610 -> 0.0587 ms (1e-4), 0.0563 -> 0.0513 (1e-6), 0.704 -> 0.565
#: (1e-2); 8192 0.0254 -> 0.0220, 0.0236 -> 0.0207, 0.234 -> 0.164. Searches on the grid schedule are unchanged.
DEFAULT_FILTER_CONFIG = FilterConfig(block_n=128, block_k=128, tiles_per_program=64, num_stages=3, tma=True,
                                     tile_masks=True, item_programs=2048, item_warps=4, item_block=32,
                                     item_reserve="batch", column_groups=16, maxnreg=168, balanced=3, panel_cost=4,
                                     balanced_waves=3, norm_bound=2**30, dump_bits=True)
#: H200 default of segment_pair_search (square tiles): tile_masks at 64x64, 2 stages, batch
#: reservation, capped at 128 registers; 4096 segments of 4096 at 1e-4 1325 Gpairs/s against 1187
#: with per-item atomics (tune_filters, twelfth session; SIEVE_PAIR_CONFIG 924 in the eleventh), 1e-6
#: 1418; near 1e-2 161 (row_rounds 201). 16 column groups (4 columns each at 64x64) lost 6-9%.
DEFAULT_SEGMENT_CONFIG = FilterConfig(block_k=128, tiles_per_program=32, num_stages=2, tma=True, tile_masks=True,
                                      item_programs=2048, item_reserve="batch", maxnreg=128)
#: bucket's default up to the ninth session (the sieve keeps it): TMA, 3 stages, hits written in
#: per-row rounds, registers capped at 128 (2^20 x 16384 centres, K = 128: 405 TOPS at 1e-4, 794 at
#: 1e-6, eighth session; ascending lists)
SIEVE_BUCKET_CONFIG = FilterConfig(block_k=128, num_stages=3, tma=True, row_rounds=True, maxnreg=128)
#: bucket's H200 default up to the twenty-fifth session (tenth session, NOTES.md 57): 64x128 tiles, TMA, 3 stages,
#: tile_masks (items of one 16-column group appended by ``mask_items_kernel`` on CUDA cores: lists unordered),
#: capped at 168 registers. 2^20 x 16384 centres, K = 128 (bench-filters, eleventh session): 3440 Gpairs/s = 881
#: TOPS at 1e-4 and 1121 TOPS at 1e-6; 2.8x slower than rounds near 1e-2 (153 against 421 Gpairs/s).
MASK_ITEMS_BUCKET_CONFIG = FilterConfig(block_n=128, block_k=128, num_stages=3, tma=True, tile_masks=True,
                                        item_programs=2048, maxnreg=168)
#: bucket's H200 default since the twenty-sixth session (NOTES.md 76, 77): MASK_ITEMS_BUCKET_CONFIG with its items on
#: tensor cores (``tensor_items``: (row, centre tile) items binned by tile in the hot kernel, one 64 x 128 x K product
#: per 64 items of a tile, the item kernel capped at 128 registers). s122, K = 128, 1e-4, same data, hits equal:
#: 2^20 x 1024 centres 0.420 -> 0.374 ms per call (0.391 -> 0.348 as a CUDA graph), 2^22 x 1024 1.603 -> 1.402,
#: 2^20 x 4096 1.292 -> 1.192, 2^20 x 16384 5.23 -> 4.79; at 1e-6 per call 1-5% faster at 4096+ centres, as graphs
#: within +-3% but one (2^20 x 4096) 8% slower; at 2^20 x 1024 and 1e-6 host-bound per call (4 launches, the host's
#: ~0.4 ms against 0.31 ms of GPU time).
DEFAULT_BUCKET_CONFIG = replace(MASK_ITEMS_BUCKET_CONFIG, tensor_items=True, item_block=64, item_maxnreg=128)
#: the same as DEFAULT_BUCKET_CONFIG (the twenty-fifth session's opt-in name, kept)
TENSOR_ITEMS_BUCKET_CONFIG = DEFAULT_BUCKET_CONFIG
#: the sieve's in-bucket (segmented) search: per-row rounds at 2 stages, capped at 128 registers:
#: within 5-8% of SIEVE_PAIR_CONFIG at 1e-4..3e-4 on random data, 2x faster at 1e-2, and no
#: 1.5x record buffer (memory decides how far the sieve goes at dimension 120). In the sieve its
#: rounds run as often as the busiest row of a tile has hits, and bucketed data has busy rows: at
#: dimension 110 the deferred path searched 1.4-1.8x more pairs per second (NOTES.md 53), but the
#: timed dimension-120 runs used this one
SIEVE_SEGMENT_CONFIG = FilterConfig(block_k=128, num_stages=2, tma=True, row_rounds=True, maxnreg=128)
SMALL_FILTER_CONFIG = FilterConfig(block_m=16, block_n=16, block_k=32, tiles_per_program=2, num_warps=4)


@dataclass
class PairHits:
    """Result of ``pair_search``: a record buffer and the true hit count (a device tensor).

    ``records`` [capacity, 4] int32 rows (i, j, sign, dot); only the first ``kept`` are valid.
    Order is unspecified unless ``deterministic=True`` was asked (then sorted by (i, j)).
    """

    records: torch.Tensor
    count: torch.Tensor
    capacity: int
    #: ``pair_search`` and ``PairSearchPlan`` results: the int64 status on the device (the total, the item
    #: count (a one-shot dump_bits search's: the dump slots its programs took), then per program of the range
    #: pass min(0, min h), max(0, max h) of half_norms, the first ``x_parts`` pairs, then of y_half_norms), read in one copy with the total; a half norm
    #: out of range raises ValueError there (None: the count alone, e.g. ``segment_pair_search``)
    status: torch.Tensor | None = None
    x_parts: int = 0

    @property
    def total(self) -> int:
        """All hits found, also those beyond capacity (synchronises with the device). Results of
        ``pair_search`` and ``PairSearchPlan`` raise ValueError here when the half norms were out of range."""
        if self.status is None:
            return int(self.count.item())
        st = self.status.tolist()
        xs, ys = st[2:2 + 2 * self.x_parts], st[2 + 2 * self.x_parts:]
        _raise_if_out("half_norms", min(xs[0::2], default=0), max(xs[1::2], default=0))
        _raise_if_out("y_half_norms", min(ys[0::2], default=0), max(ys[1::2], default=0))
        return st[0]

    @property
    def kept(self) -> int:
        return min(self.total, self.capacity)

    @property
    def dropped(self) -> int:
        return max(0, self.total - self.capacity)

    def valid(self) -> torch.Tensor:
        """The kept records, [kept, 4] int32."""
        return self.records[: self.kept]


@dataclass
class BucketHits:
    """Result of ``bucket``: per-row centre lists and true counts.

    ``ids`` [M, capacity] int32 and ``signs`` [M, capacity] int8: row i's first
    min(counts[i], capacity) entries are its centres (ascending, except with
    ``FilterConfig.tile_masks``: then in unspecified order, and an overflowing row keeps an
    unspecified subset) and the signs of the dot products; later slots are unspecified.
    ``counts`` [M] int32 are the true hit counts.
    """

    ids: torch.Tensor
    signs: torch.Tensor
    counts: torch.Tensor
    capacity: int

    def overflowed_rows(self) -> torch.Tensor:
        """Indices of rows with more hits than capacity (their lists are truncated)."""
        return torch.nonzero(self.counts > self.capacity).flatten()


def _check_int8(name: str, x, device=None) -> None:
    check_2d(name, x, torch.int8, device)
    if not 1 <= x.shape[1] <= K_MAX:
        raise ValueError(f"{name} has K={x.shape[1]}; the fused filters take 1 <= K <= {K_MAX}")


def _check_vec(name: str, v, n: int, device) -> torch.Tensor:
    """v validated as int32 [n] on device, made contiguous (the kernels index it densely)."""
    if not isinstance(v, torch.Tensor):
        raise TypeError(f"{name} must be a torch.Tensor, got {type(v).__name__}")
    if v.dtype != torch.int32 or v.ndim != 1 or v.shape[0] != n:
        raise ValueError(f"{name} must be int32 of shape [{n}], got {v.dtype} {tuple(v.shape)}")
    if v.device != device:
        raise ValueError(f"{name} is on {v.device}, expected {device}")
    return v.contiguous()


H_MAX = 2**29


def _raise_if_out(name: str, lo: int, hi: int) -> None:
    if lo < -H_MAX or hi >= H_MAX:
        raise ValueError(f"{name} must lie in [-2^29, 2^29), got values in [{lo}, {hi}]")


def _check_half_norms(name: str, h, n: int, device):
    """segment_pair_search's half-norm check (pair_search and the plans check on the device,
    ``_range_pass``): h validated as int32 [n] on device with |h| < 2^29, so that h_i - goal + h_j is
    exact in the kernels' int32 (true half norms of int8 vectors with K <= 192 stay below 2^21). Returns (h
    dense, done): the range check is enqueued, not awaited (CUDA: min and max copied to pinned
    memory behind an event), and ``done()``, called after the launches, waits for that event only
    and raises ValueError on a value out of range. So a call enqueues its kernels before it waits
    and no longer leaves the GPU idle while the host prepares them (up to the twelfth session the
    check synchronised first: ~0.23 ms of host time per call, NOTES.md 60); the kernels that ran
    on a bad h wrote only inside their own buffers (every write is checked against capacity).
    CPU tensors: checked at once."""
    h = _check_vec(name, h, n, device)
    if not h.numel():
        return h, lambda: None
    lo_hi = torch.stack(torch.aminmax(h))
    if h.device.type != "cuda":
        _raise_if_out(name, *lo_hi.tolist())
        return h, lambda: None
    host = torch.empty(2, dtype=torch.int32, pin_memory=True)
    host.copy_(lo_hi, non_blocking=True)
    ready = torch.cuda.Event()
    ready.record()

    def done() -> None:
        ready.synchronize()
        _raise_if_out(name, int(host[0]), int(host[1]))

    return h, done


def _check_goal(goal) -> None:
    if isinstance(goal, bool) or not isinstance(goal, (int, np.integer)) or not -GOAL_MAX <= goal <= GOAL_MAX:
        raise ValueError(f"goal must be an int in [-2^30, 2^30] (h_i - goal + h_j must fit int32), got {goal!r}")


def _check_count(name: str, v: int) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
        raise ValueError(f"{name} must be a non-negative int, got {v!r}")
    return int(v)


def _backend(device: torch.device, backend: str) -> str:
    if backend not in ("auto", "reference", "triton"):
        raise ValueError(f"backend must be 'auto', 'reference' or 'triton', got {backend!r}")
    if backend == "auto":
        return "triton" if device.type == "cuda" else "reference"
    if backend == "reference" and device.type != "cpu":
        raise ValueError("backend='reference' runs on CPU tensors")
    return backend


def _padded(x: torch.Tensor) -> torch.Tensor:
    """x with K padded to a multiple of 32 and contiguous rows (copies only when needed)."""
    m, k = x.shape
    kp = -(-k // K_ALIGN) * K_ALIGN
    if kp == k and x.stride(1) == 1 and x.stride(0) % 16 == 0 and x.data_ptr() % 16 == 0:
        return x
    out = torch.zeros((m, kp), dtype=torch.int8, device=x.device)
    out[:, :k] = x
    return out


def _block_k(kp: int, cfg: FilterConfig) -> int:
    """The K block of a filter launch (K = kp, a multiple of 32; cfg.block_k a power of two >= 32).
    TMA kernels: the power of two b in 32..cfg.block_k with the least ceil(K / b) * (b + 32) (the
    padded K plus 32 per K step; ties: the larger b); blocks past K read zeros (the TMA unit fills
    outside the tensor). With block_k = 128: K = 64 -> 64, 96 and 128 -> 128 (one block, the row
    panel kept), 160 and 192 -> 64 (three steps). Measured at 1e-4 (tune_filters --kblocks,
    twelfth session, NOTES.md 60): K = 96 Gram search 2431 Gpairs/s with one 128 block against 1766
    with 64 and 1577 with the earlier rule (the largest power of two dividing K: three 32-wide
    blocks); K = 160 1216 with 64 against 882 with two 128 blocks and 571 with five 32s; K = 192
    1299 with 64 against 884 with 128. Pointer-load kernels read no column past K: the largest
    power of two <= cfg.block_k dividing K."""
    if not cfg.tma:
        bk = cfg.block_k
        while kp % bk:
            bk //= 2
        return bk
    cands = [b for b in (32, 64, 128, 256, 512) if b <= cfg.block_k]
    return min(reversed(cands), key=lambda b: -(-kp // b) * (b + 32))


def _descriptor(x: torch.Tensor, block_rows: int, block_k: int):
    """A TMA descriptor over the rows of a padded int8 matrix (rows past the end read as zeros)."""
    from triton.tools.tensor_descriptor import TensorDescriptor

    return TensorDescriptor(x, list(x.shape), [x.stride(0), 1], [block_rows, block_k])


def _h_descriptor(h: torch.Tensor, block: int):
    """A TMA descriptor over half norms [N] int32, block [block] (a copy when the start is not
    16-byte aligned, as TMA needs; past the end it reads zeros, which the kernels mask)."""
    from triton.tools.tensor_descriptor import TensorDescriptor

    if h.data_ptr() % 16:
        h = h.clone()
    return TensorDescriptor(h, [h.shape[0]], [1], [block])


def pair_search(x: torch.Tensor, half_norms: torch.Tensor, goal: int, capacity: int,
                y: torch.Tensor | None = None, y_half_norms: torch.Tensor | None = None, *,
                deterministic: bool = False, config: FilterConfig | None = None,
                backend: str = "auto") -> PairHits:
    """Pairs whose combination may be short: h_i + h_j - |<x_i, y_j>| <= goal.

    Args:
        x: [M, K] int8 vectors; half_norms: [M] int32 in [-2^29, 2^29), h = round(|x|^2 / 2) of the vectors the
            rows stand for (callers fold their quantisation into h and goal). The range is checked on the
            device by the call's first kernel (no host sync): a value out of range raises ValueError when
            the result is read (``total``, ``kept``, ``dropped``, ``valid()``; inside the call with
            ``deterministic``), as with ``PairSearchPlan``; the kernels that ran on it wrote only inside
            their own buffers.
        goal: int32 threshold.
        capacity: records kept at most.
        y, y_half_norms: [N, K] int8 and [N] int32; None -> all pairs i < j of x (the upper
            triangle of the Gram matrix only is computed; the diagonal is skipped).
        deterministic: sort the kept records by (i, j) (one host sync). Unsorted order is
            unspecified. If hits exceed capacity, which ones are kept is unspecified.
        config: kernel choice (default ``DEFAULT_FILTER_CONFIG``: per-row tile bits and the item
            kernel (``tile_masks``), tuned for hit rates <= 1e-3, a record buffer of 2x capacity; from
            2^30 pairs the vectors ordered by half norm first (``norm_bound``: a copy of y, or of x in a
            Gram search, its permutation, ~30 bytes per vector beyond the rows; records mapped back);
            searches of under ~3 waves of programs on the balanced schedule with their tile bits dumped
            (``dump_bits``: ~4 KB per 32 column tiles of a row panel, allocated per call);
            ``SIEVE_SEGMENT_CONFIG`` (row_rounds) for dense hits, near 1e-2).

    Returns:
        ``PairHits``: records (i, j, sign, dot) with sign = +1 when <x_i, y_j> >= 0 (x_i - y_j is
        the shorter combination), else -1; ``total``/``dropped`` report overflow.
    """
    _check_int8("x", x)
    dev = x.device
    m, k = x.shape
    half_norms = _check_vec("half_norms", half_norms, m, dev)
    gram = y is None
    if gram:
        if y_half_norms is not None:
            raise ValueError("y_half_norms given without y")
        n = m
    else:
        _check_int8("y", y, dev)
        if y.shape[1] != k:
            raise ValueError(f"x has K={k} but y has K={y.shape[1]}")
        n = y.shape[0]
        y_half_norms = _check_vec("y_half_norms", y_half_norms, n, dev)
    _check_goal(goal)
    capacity = _check_count("capacity", capacity)
    be = _backend(dev, backend)
    cfg = config or DEFAULT_FILTER_CONFIG
    if be == "reference":
        for name, h in (("half_norms", half_norms), ("y_half_norms", None if gram else y_half_norms)):
            if h is not None and h.numel():
                _raise_if_out(name, int(h.min()), int(h.max()))
        records, buf, count = _record_buffers(capacity, dev, None)
        hits = reference.pair_search(x.numpy(), half_norms.numpy(), int(goal),
                                     None if gram else y.numpy(), None if gram else y_half_norms.numpy())
        kept = min(len(hits), capacity)
        records[:kept] = torch.from_numpy(hits[:kept].astype(np.int32))
        count[0] = len(hits)
        return PairHits(records, count, capacity)
    # the half norms' range pass zeroes the search's two counters (status[:2]) and writes its partials behind them
    status, x_parts = _range_pass(half_norms, None if gram else y_half_norms)
    records, buf, count = _record_buffers(capacity, dev, cfg, count=status[:2])
    xp = _padded(x)
    yp = xp if gram else _padded(y)
    hy = half_norms if gram else y_half_norms
    if m and n and norm_bound_applies(m, n, gram, cfg):
        ys, hs, perm, hmin = sort_by_norm(yp, hy, cfg.block_n, order=cfg.norm_order)
        xs, hxs = (ys, hs) if gram else (xp, half_norms)
        _launch_pair_search(xs, hxs, ys, hs, m, n, int(goal), buf, count, capacity, gram, cfg, hmin, perm)
    elif m and n:
        _launch_pair_search(xp, half_norms, yp, hy, m, n, int(goal), buf, count, capacity, gram, cfg)
    hits = PairHits(records, count[:1], capacity, status=status, x_parts=x_parts)
    return _sort_records(hits, n) if deterministic else hits


#: half norms per program of the range pass (``plan_inputs_kernel``: pair_search and PairSearchPlan)
RANGE_BLOCK = 1024


def _range_pass(h: torch.Tensor, hy: torch.Tensor | None, status: torch.Tensor | None = None,
                goal: torch.Tensor | None = None, hxg: torch.Tensor | None = None) -> tuple[torch.Tensor, int]:
    """Enqueue the range check of a pair search's half norms h [m] (and hy [n] of a cross search):
    ``plan_inputs_kernel`` writes each program's min(0, min) and max(0, max) behind two counters it
    zeroes, in an int64 status [2 + 2 x (programs over h + programs over hy)] (new, or the plan's);
    ``PairHits`` reads them with the total and raises ValueError there on a value out of [-2^29,
    2^29). With ``hxg`` (PairSearchPlan) the pass over h also writes the row limits h - goal[0]. No
    host sync (up to the twenty-sixth session pair_search awaited its check inside the call: aminmax,
    a pinned copy and an event, ~0.08 ms of host time per call, NOTES.md 77). Returns (status,
    programs over h)."""
    from ._kernels.filters import plan_inputs_kernel

    m, n = h.shape[0], 0 if hy is None else hy.shape[0]
    x_parts, y_parts = triton.cdiv(m, RANGE_BLOCK), triton.cdiv(n, RANGE_BLOCK)
    if status is None:
        if not (m or n):  # no pass runs: the counters zeroed here
            return torch.zeros(2, dtype=torch.int64, device=h.device), 0
        status = torch.empty(2 + 2 * (x_parts + y_parts), dtype=torch.int64, device=h.device)
    if m:  # its program 0 zeroes the counters (no memset: ~1.5 us of a 16384-vector plan)
        launch(plan_inputs_kernel, (x_parts,), h, m, h if goal is None else goal, h if hxg is None else hxg,
               status[2:], status, WRITE_HXG=hxg is not None, ZERO=True, BLOCK=RANGE_BLOCK)
    if n:
        launch(plan_inputs_kernel, (y_parts,), hy, n, hy, hy, status[2 + 2 * x_parts:], status, WRITE_HXG=False,
               ZERO=not m, BLOCK=RANGE_BLOCK)
    return status, x_parts


def norm_bound_applies(m: int, n: int, gram: bool, cfg: FilterConfig) -> bool:
    """Whether a pair search of these shapes runs ``cfg.norm_bound``'s sorted path."""
    pairs = m * (m - 1) // 2 if gram else m * n
    return bool(cfg.tile_masks and cfg.norm_bound and pairs >= cfg.norm_bound)


#: norm_bound's counting sort (order "bins"): its bins, the half norms per program of its bins kernel (and per
#: loop step of its sums), and the most partial sums every bins program reads (s129: ab_norm_sort.py)
NORM_BINS = 4096
NORM_BLOCK = 1024
NORM_PARTS = 1024


def sort_by_norm(yp: torch.Tensor, hy: torch.Tensor, block_n: int, out: tuple | None = None,
                 order: str = "bins") -> tuple:
    """(rows of yp [N, KP] (contiguous) ordered by half norm, their norms [N] int32, the permutation [N]
    int64 (ordered row r is yp[perm[r]]), each column tile's least norm [cdiv(N, block_n)] int32), written
    into ``out`` (the same four tensors) when given: the inputs of ``FilterConfig.norm_bound``'s search.
    ``order`` "sort": an exact sort (torch.sort and a gather); "bins": a counting sort into NORM_BINS
    equal-width bins of mean +- 4 standard deviations (outliers in the end bins), any order inside a
    bin (a tile's norms stay close, which is all the bound needs; the search's results do not depend
    on the order): ``norm_stats_kernel``, ``norm_bins_kernel`` (the histogram and, from its last program, the
    offsets) and ``norm_scatter_kernel``, then ``tile_minima_kernel``; no memset. No host sync."""
    from ._kernels.filters import tile_minima_kernel

    n = hy.shape[0]
    n_tiles = triton.cdiv(n, block_n)
    if out is None:
        dev = hy.device
        out = (torch.empty(yp.shape, dtype=yp.dtype, device=dev), torch.empty_like(hy),
               torch.empty(n, dtype=torch.int64, device=dev), torch.empty(n_tiles, dtype=torch.int32, device=dev))
    ys, hs, perm, hmin = out
    if order == "sort":
        torch.sort(hy, out=(hs, perm))
        torch.index_select(yp, 0, perm, out=ys)
    else:  # counting sort into NORM_BINS bins of mean +- 4 sd (outliers in the end bins)
        from ._kernels.filters import norm_bins_kernel, norm_scatter_kernel, norm_stats_kernel

        span = NORM_BLOCK * triton.cdiv(n, NORM_BLOCK * NORM_PARTS)  # norms per partial sum: at most NORM_PARTS
        parts = triton.cdiv(n, span)
        scratch = torch.empty(4 * parts + 2 * NORM_BINS + 1 + n, dtype=torch.int32, device=hy.device)
        stats = scratch[:4 * parts].view(torch.float64)  # per program: sum, sum of squares
        bins = scratch[4 * parts:4 * parts + NORM_BINS + 1]  # the histogram, then the done counter
        cursor = scratch[4 * parts + NORM_BINS + 1:4 * parts + 2 * NORM_BINS + 1]
        bin_of = scratch[4 * parts + 2 * NORM_BINS + 1:]
        launch(norm_stats_kernel, (parts,), hy, n, span, stats, bins, NB=NORM_BINS, BLOCK=NORM_BLOCK)
        launch(norm_bins_kernel, (triton.cdiv(n, NORM_BLOCK),), hy, n, stats, parts, bin_of, bins, cursor,
               NB=NORM_BINS, BLOCK=NORM_BLOCK, PARTS=256)
        kp = yp.shape[1]
        launch(norm_scatter_kernel, (triton.cdiv(n, 64),), yp, yp.stride(0), hy, n, bin_of, cursor, ys, hs, perm, KP=kp,
               BLOCK_K=triton.next_power_of_2(kp), BLOCK=64)
    tiles = 8
    launch(tile_minima_kernel, (triton.cdiv(n_tiles, tiles),), hs, n, hmin, n_tiles, BLOCK_N=block_n, TILES=tiles)
    return ys, hs, perm, hmin


def _launch_pair_search(xp, hx, yp, hy, m: int, n: int, goal: int, buf, count, capacity: int, gram: bool,
                        cfg: FilterConfig, hmin: torch.Tensor | None = None, perm: torch.Tensor | None = None,
                        dump: tuple[torch.Tensor, torch.Tensor] | None = None,
                        inputs: tuple[torch.Tensor, torch.Tensor] | None = None) -> None:
    """Enqueue a pair search's kernels (the search, then the item kernel of ``defer_rows`` /
    ``tile_masks``) on validated, padded inputs; no host sync (also what ``PairSearchPlan`` captures).
    ``hmin`` and ``perm`` (each column tile's least h_j and the order's permutation, ``sort_by_norm``): the
    search runs ``norm_bound``'s test on the ordered vectors, and both kernels write the caller's indices.
    ``dump``: ``_dump_buffers``' (dump, slots) where ``dump_bits`` applies (None: allocated here). ``inputs``
    (goal [1] int32, status; a plan's dump_bits search, with hx = h and goal 0): the kernels read the goal there
    and the search does the plan's input pass (its range partials into status, the counters zeroed)."""
    from ._kernels.filters import pair_search_kernel, pair_search_tma_kernel

    grid, opts = _pair_grid(m, n, gram, cfg, xp.device)
    kp, bk = xp.shape[1], _block_k(xp.shape[1], cfg)
    dumped = cfg.dump_bits and opts.get("BALANCED", False)
    if dumped:
        dump = dump if dump is not None else _dump_buffers(m, n, gram, cfg, grid[0], xp.device)
        opts = dict(opts, DUMP=1, dump_ptr=dump[0], **({} if dump[1] is None else dict(slots_ptr=dump[1])))
        if inputs is not None:
            opts.update(goal_ptr=inputs[0], status_ptr=inputs[1], RANGE_BLOCK=RANGE_BLOCK)
    elif inputs is not None:
        raise ValueError("inputs (the goal and status in device memory) are taken by dump_bits searches only")
    if cfg.tma:  # (a Gram search's tiles may be oblong: the kernel masks the ones the diagonal crosses)
        xd = _descriptor(xp, cfg.block_m, bk)
        yd = xd if gram and cfg.block_n == cfg.block_m else _descriptor(yp, cfg.block_n, bk)
        launch(pair_search_tma_kernel, grid, xd, hx, yd, _h_descriptor(hy, cfg.block_n), m, n, goal, buf, count,
               capacity, KP=kp, GRAM=gram, TILES_PER_PROGRAM=cfg.tiles_per_program, BLOCK_M=cfg.block_m,
               BLOCK_N=cfg.block_n, BLOCK_K=bk, NUM_STAGES=cfg.num_stages,
               **opts, **cfg.launch_options(),
               **(dict(hy_ptr=hy) if hmin is None else dict(hmin_ptr=hmin, NORM_BOUND=True, perm_ptr=perm)))
    else:
        launch(pair_search_kernel, grid, xp, xp.stride(0), hx, yp, yp.stride(0), hy, m, n, goal, buf, count, capacity,
               KP=kp, GRAM=gram, TILES_PER_PROGRAM=cfg.tiles_per_program, BLOCK_M=cfg.block_m,
               BLOCK_N=cfg.block_n, BLOCK_K=bk, num_stages=cfg.num_stages, **cfg.launch_options())
    if dumped:
        _write_dumped(xp, hx, yp, hy, goal, dump[0], n, buf, count, capacity, gram, cfg, perm,
                      None if inputs is None else inputs[0], slots_taken=dump[1] is None)
    elif cfg.defer_rows or cfg.tile_masks:
        _write_deferred(xp, hx, yp, hy, goal, buf, count, capacity, gram, cfg, perm)


def _dump_applies(m: int, n: int, gram: bool, cfg: FilterConfig, dev: torch.device) -> int:
    """The programs of a search that runs ``cfg.dump_bits`` (its balanced schedule), else 0."""
    if not (cfg.dump_bits and m and n):
        return 0
    grid, opts = _pair_grid(m, n, gram, cfg, dev)
    return grid[0] if opts.get("BALANCED") else 0


def _dump_buffers(m: int, n: int, gram: bool, cfg: FilterConfig, programs: int, dev: torch.device,
                  plan: bool = False) -> tuple[torch.Tensor, torch.Tensor | None]:
    """(dump [slots, DUMP_HEADER + block_m x column_groups] int32, slots) of a ``dump_bits`` search. A plan's
    (``plan``): ``_dump_slots``' exact slots and each program's first one, [programs + 1] int64 on ``dev``,
    computed once; a one-shot call's: room for ``_dump_slot_bound`` slots and None (each program then reserves
    its chunks' slots by one atomic on the search's item counter, which the dump path does not use otherwise,
    and the item kernel reads how many were taken there: no host work or copy per call). Not zeroed: the
    search writes every slot it takes whole. ``dump_list``: twice the slots, the second half the item lists."""
    from ._kernels.filters import DUMP_HEADER

    words, halves = DUMP_HEADER.value + cfg.block_m * cfg.column_groups, 2 if cfg.dump_list else 1
    if not plan:
        bound = _dump_slot_bound(m, n, gram, cfg, programs)
        return torch.empty((halves * bound, words), dtype=torch.int32, device=dev), None
    slots = _dump_slots(m, n, gram, cfg, programs)
    return (torch.empty((halves * int(slots[-1]), words), dtype=torch.int32, device=dev),
            torch.from_numpy(slots).to(dev))


def _dump_slot_bound(m: int, n: int, gram: bool, cfg: FilterConfig, programs: int) -> int:
    """At least the chunks (dump slots) of a balanced search on ``programs`` programs: each panel's tiles in
    chunks, plus one per program cut (a cut inside a panel's tiles splits one chunk in two)."""
    chunk = min(cfg.tiles_per_program, 32)
    n_tiles, panels = -(-n // cfg.block_n), -(-m // cfg.block_m)
    tiles = np.full(panels, n_tiles, dtype=np.int64)
    if gram:  # panel t from the tile holding column t * block_m (``_first_tile``)
        tiles -= np.arange(panels, dtype=np.int64) * cfg.block_m // cfg.block_n
    return int(np.sum(-(-tiles // chunk))) + programs - 1


def _write_dumped(xp, hx, yp, hy, goal: int, dump: torch.Tensor, n: int, buf, count, capacity: int, tri: bool,
                  cfg: FilterConfig, perm: torch.Tensor | None = None, goal_ptr: torch.Tensor | None = None,
                  slots_taken: bool = False) -> None:
    """Launch ``dump_items_kernel`` over a ``dump_bits`` search's dump (one program per dump_rows of its rows, 0: per
    slot; at most 8192, striding over them; no host sync). ``perm`` (a ``norm_bound`` search): the records get the caller's
    indices. ``slots_taken`` (a one-shot call's dump): the slots the search took are counted at count[1]."""
    from ._kernels.filters import dump_items_kernel

    slots = dump.shape[0] // (2 if cfg.dump_list else 1)  # (dump_list: the second half holds the item lists)
    if not slots:
        return
    pieces = triton.cdiv(slots * cfg.block_m, cfg.dump_rows or cfg.block_m)
    launch(dump_items_kernel, (min(pieces, 8192),), xp, xp.stride(0), hx, yp, yp.stride(0), hy, int(goal), dump,
           slots, n, buf, count, capacity, KP=xp.shape[1], BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n,
           **_item_words(xp, yp), TRI=tri, BLOCK_I=cfg.item_block, GROUPS=cfg.column_groups,
           ROWS=cfg.dump_rows, goal_ptr=goal_ptr, n_slots_ptr=count[1:] if slots_taken else None,
           **(dict(LIST=True, list_ptr=dump[slots:]) if cfg.dump_list else {}),
           num_warps=cfg.item_warps, **({} if perm is None else dict(perm_ptr=perm, UNSORT=True)),
           **({} if cfg.item_maxnreg is None else dict(maxnreg=cfg.item_maxnreg)))


def _pair_grid(m: int, n: int, gram: bool, cfg: FilterConfig, dev: torch.device) -> tuple[tuple, dict]:
    """The pair search kernel's grid and schedule constexprs: one program per (row panel,
    tiles_per_program column tiles), or with ``cfg.balanced`` one contiguous range of (panel, tile)
    units per program, unless ``balanced_waves`` is set and the grid would fill that many waves."""
    if cfg.balanced:
        programs = cfg.balanced * _sm_count(dev)
        tiles, panels = _pair_tiles(m, n, gram, cfg)
        if not cfg.balanced_waves or tiles // cfg.tiles_per_program + panels < cfg.balanced_waves * programs:
            return (min(programs, tiles + panels * cfg.panel_cost),), dict(BALANCED=True, PANEL_COST=cfg.panel_cost)
    return (triton.cdiv(m, cfg.block_m), triton.cdiv(triton.cdiv(n, cfg.block_n), cfg.tiles_per_program)), {}


def _sm_count(dev: torch.device) -> int:
    """Streaming multiprocessors of a CUDA device (1 for CPU tensors: the interpreter)."""
    return torch.cuda.get_device_properties(dev).multi_processor_count if dev.type == "cuda" else 1


def _pair_tiles(m: int, n: int, gram: bool, cfg: FilterConfig) -> tuple[int, int]:
    """(column tiles, row panels) a pair search visits: every panel against every tile, or in a Gram
    search panel ti against the tiles from the one holding column ti * block_m on (the kernel's
    ``_tiles_before``; its balanced schedule has tiles + panel_cost x panels units)."""
    n_tiles, p = triton.cdiv(n, cfg.block_n), triton.cdiv(m, cfg.block_m)
    if not gram:
        return p * n_tiles, p
    if cfg.block_m >= cfg.block_n:  # panel ti starts at tile ti * r
        before = cfg.block_m // cfg.block_n * (p * (p - 1) // 2)
    else:  # at tile ti // r
        r = cfg.block_n // cfg.block_m
        q = p // r
        before = r * (q * (q - 1) // 2) + q * (p - r * q)
    return p * n_tiles - before, p


def _dump_slots(m: int, n: int, gram: bool, cfg: FilterConfig, programs: int) -> np.ndarray:
    """[programs + 1] int64: program p of the balanced schedule writes its chunks' bits at dump slots
    slots[p] .. slots[p + 1] - 1 (one per chunk: each (panel, range) piece of its units cut in
    min(tiles_per_program, 32) tiles; the kernel's walk, ``_pair_balanced``). Exact, from the units'
    boundaries: the programs' cuts p W / P and every panel's tile range [start + panel_cost, end)."""
    bm, bn, pc = cfg.block_m, cfg.block_n, cfg.panel_cost
    chunk = min(cfg.tiles_per_program, 32)
    n_tiles, panels = -(-n // bn), -(-m // bm)
    q = np.arange(panels + 1, dtype=np.int64)
    if not gram:
        before = q * n_tiles
    elif bm >= bn:
        before = q * n_tiles - (bm // bn) * (q * (q - 1) // 2)
    else:
        r = bn // bm
        qq = q // r
        before = q * n_tiles - (r * (qq * (qq - 1) // 2) + qq * (q - r * qq))
    starts = pc * q + before  # panel q's units start here; its tiles at starts[q] + pc .. starts[q + 1] - 1
    total = int(starts[-1])
    cuts = np.arange(programs + 1, dtype=np.int64) * total // programs
    lo = starts[:-1] + pc
    hi = starts[1:]
    b = np.unique(np.concatenate([cuts, lo, hi]))
    a, e = b[:-1], b[1:]
    prog = np.searchsorted(cuts, a, side="right") - 1
    pan = np.searchsorted(starts, a, side="right") - 1
    inside = (pan < panels) & (prog < programs)
    inside[inside] &= a[inside] >= lo[pan[inside]]
    per = np.bincount(prog[inside], weights=(e[inside] - a[inside] + chunk - 1) // chunk, minlength=programs)
    return np.concatenate([[0], np.cumsum(per.astype(np.int64))])


def _record_buffers(capacity: int, dev, cfg: FilterConfig | None,
                    count: torch.Tensor | None = None) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(records [capacity, 4], the kernels' buffer, counters) of a pair search (``cfg`` None: the
    reference backend). With ``defer_rows`` the buffer has room for the deferred rows after the
    records and a second counter: a deferred row holds >= 2 hits and starts below capacity, and
    rows' ranges are disjoint, so at most capacity // 2 + 1 are deferred. With ``tile_masks``
    it has room for ``capacity`` items (each holds >= 1 hit; those past it are counted by the
    search kernel itself). ``count``: the two int64 counters to use (zeroed by the caller before the
    search; None: new zeros)."""
    plain = cfg is None or not (cfg.defer_rows or cfg.tile_masks)
    if count is None:
        count = torch.zeros(1 if plain else 2, dtype=torch.int64, device=dev)
    if plain:
        records = torch.empty((capacity, 4), dtype=torch.int32, device=dev)
        return records, records, count
    if cfg.tile_masks:
        items = capacity
    elif capacity >= 2**31 - 1:
        raise ValueError(f"defer_rows needs capacity < 2^31 - 1 (its items hold 32-bit starts), got {capacity}")
    else:
        items = capacity // 2 + 1
    buf = torch.empty((capacity + items, 4), dtype=torch.int32, device=dev)
    return buf[:capacity], buf, count


def _item_words(xp: torch.Tensor, yp: torch.Tensor) -> dict:
    """``mask_items_kernel``'s dot options for padded rows xp, yp (``_padded``: K and row strides multiples of 16
    bytes): the rows read as int32 words, K in steps of the largest power of two dividing it (at most 128 bytes:
    K = 128 one step, 192 three of 64); dp4a on CUDA, the same sums from bytes under the CPU interpreter."""
    kp = xp.shape[1]
    if kp % 4 or xp.stride(0) % 4 or yp.stride(0) % 4 or xp.stride(1) != 1 or yp.stride(1) != 1:
        raise ValueError(f"item kernel: rows must be contiguous with K and strides multiples of 4 bytes, got K {kp}, "
                         f"strides {tuple(xp.stride())} and {tuple(yp.stride())}")
    return dict(BLOCK_K=min(kp & -kp, 128), DP4A=xp.device.type == "cuda")


def _write_deferred(xp, hx, yp, hy, goal: int, buf, count, capacity: int, tri: bool, cfg: FilterConfig,
                    perm: torch.Tensor | None = None) -> None:
    """Launch ``deferred_rows_kernel`` over a ``defer_rows`` or ``tile_masks`` search's items (no
    host sync); an item spans one column tile of the search (``block_n`` columns). ``perm`` (a
    ``norm_bound`` search, ``tile_masks``): the records get the caller's indices."""
    from ._kernels.filters import deferred_rows_kernel, mask_items_kernel

    if cfg.tile_masks:
        programs = max(1, min(triton.cdiv(capacity, cfg.item_block), cfg.item_programs))
        launch(mask_items_kernel, (programs,), xp, xp.stride(0), hx, yp, yp.stride(0), hy, int(goal), buf[capacity:],
               count[1:], capacity, buf, count, capacity, None, KP=xp.shape[1],
               BLOCK_N=cfg.block_n, **_item_words(xp, yp), TRI=tri, BLOCK_I=cfg.item_block,
               BATCH_RESERVE=cfg.item_reserve == "batch", GROUPS=cfg.column_groups,
               num_warps=cfg.item_warps, **({} if perm is None else dict(perm_ptr=perm, UNSORT=True)))
    else:
        programs = max(1, min(capacity // 2 + 1, cfg.item_programs))
        launch(deferred_rows_kernel, (programs,), xp, xp.stride(0), hx, yp, yp.stride(0), hy, int(goal), buf, count,
               capacity, KP=xp.shape[1], BLOCK_N=cfg.block_n, BLOCK_K=32, TRI=tri,
               num_warps=cfg.item_warps)


def _sort_records(hits: PairHits, n: int) -> PairHits:
    """Sort the kept records by (i, j) in place (one host sync for the count)."""
    kept = hits.kept
    if kept > 1:
        v = hits.records[:kept]
        key = v[:, 0].to(torch.int64) * n + v[:, 1].to(torch.int64)
        hits.records[:kept] = v[torch.argsort(key)]
    return hits


def bucket(x: torch.Tensor, centres: torch.Tensor, thresholds: torch.Tensor, capacity_per_row: int, *,
           deterministic: bool = False, config: FilterConfig | None = None, backend: str = "auto") -> BucketHits:
    """Bucket membership: centre c joins row i's list when |<x_i, c>| >= thresholds[i].

    Args:
        x: [M, K] int8 vectors; centres: [N, K] int8; thresholds: [M] int32 (callers fold norms
            and the similarity factor alpha into them).
        capacity_per_row: list length kept per row.
        deterministic: sort each row's kept entries by centre id (only the ``tile_masks`` path
            writes them unordered; the others already do). Which entries an overflowing row keeps
            stays unspecified with ``tile_masks`` (the other paths keep the lowest ids): run a
            config without it (``SIEVE_BUCKET_CONFIG``) where truncated lists must be reproducible.

    Returns:
        ``BucketHits`` with per-row centre ids (ascending; unordered with ``tile_masks`` unless
        ``deterministic``), signs of the dot products, and true counts (``overflowed_rows()`` lists
        truncated rows). Scratch with ``tile_masks``: min(capacity_per_row, max(4, capacity_per_row / 4))
        items of 16 bytes per row (with ``tensor_items``, the default: 4x as many row ids of 4 bytes,
        binned by centre tile); what does not fit is written by the search kernel itself (exact, slower).
        ``BucketPlan`` runs the same kernels as one CUDA graph on buffers allocated once.
    """
    _check_int8("x", x)
    dev = x.device
    m, k = x.shape
    _check_int8("centres", centres, dev)
    if centres.shape[1] != k:
        raise ValueError(f"x has K={k} but centres have K={centres.shape[1]}")
    n = centres.shape[0]
    thresholds = _check_vec("thresholds", thresholds, m, dev)
    cap = _check_count("capacity_per_row", capacity_per_row)
    be = _backend(dev, backend)
    cfg = config or DEFAULT_BUCKET_CONFIG
    bufs = _bucket_buffers(m, n, cap, cfg, dev, be == "triton")
    ids, signs, counts = bufs.ids, bufs.signs, bufs.counts
    if be == "reference":
        lists, sgn, cnt = reference.bucket(x.numpy(), centres.numpy(), thresholds.numpy())
        for r in range(m):
            kk = min(len(lists[r]), cap)
            ids[r, :kk] = torch.from_numpy(lists[r][:kk].astype(np.int32))
            signs[r, :kk] = torch.from_numpy(sgn[r][:kk].astype(np.int8))
        counts[:] = torch.from_numpy(cnt.astype(np.int32))
        return BucketHits(ids, signs, counts, cap)
    xp, cp = _padded(x), _padded(centres)
    _launch_bucket(xp, cp, thresholds, m, n, cap, bufs, cfg)
    if deterministic and bufs.masks:
        ids, signs = _sorted_lists(ids, signs, counts)
    return BucketHits(ids, signs, counts, cap)


class _BucketBuffers(NamedTuple):
    """What one bucketing writes: ``zeros`` (the item count (int64) or tensor_items' counters, then
    the counts; zeroed before each run: one fill), ``counts`` (its tail), the lists, and the items'
    scratch (``work``: tensor_items' regions and offsets, or the [item_cap, 4] items of tile_masks)."""
    zeros: torch.Tensor
    counts: torch.Tensor
    ids: torch.Tensor
    signs: torch.Tensor
    work: torch.Tensor | None
    bins: TileBins | None
    masks: bool


def _bucket_buffers(m: int, n: int, cap: int, cfg: FilterConfig, dev, triton_backend: bool) -> _BucketBuffers:
    """Allocate a bucketing's buffers (``zeros`` zeroed here). Raises ValueError for more centres than
    tensor_items codes (2^30)."""
    masks = bool(triton_backend and cfg.tma and cfg.tile_masks and m and n)
    n_tiles = triton.cdiv(n, cfg.block_n)
    if masks and cfg.tensor_items and n >= 2**30:
        raise ValueError(f"tensor_items takes fewer than 2^30 centres, got {n}")
    bins = _tile_bins(n_tiles, _bucket_item_cap(m, cap)) if masks and cfg.tensor_items else None
    head = (-(-bins.counters // 4) * 4 if bins else 4) if masks else 0
    zeros = torch.zeros(head + m, dtype=torch.int32, device=dev)
    work = None
    if bins:  # the bins' regions (row ids), then the offsets of item_tiles_offsets_kernel
        work = torch.empty(bins.slots + bins.counters + 2 * (n_tiles + 1), dtype=torch.int32, device=dev)
    elif masks:
        work = torch.empty((_bucket_item_cap(m, cap), 4), dtype=torch.int32, device=dev)
    return _BucketBuffers(zeros, zeros[head:], torch.empty((m, cap), dtype=torch.int32, device=dev),
                          torch.empty((m, cap), dtype=torch.int8, device=dev), work, bins, masks)


def _launch_bucket(xp, cp, thresholds, m: int, n: int, cap: int, bufs: _BucketBuffers, cfg: FilterConfig) -> None:
    """Enqueue a bucketing's kernels on validated, padded inputs and ``_bucket_buffers`` whose
    ``zeros`` hold zeros (no host sync; also what ``BucketPlan`` captures)."""
    if not (m and n):
        return
    from ._kernels.filters import bucket_kernel, bucket_tma_kernel, mask_items_kernel

    ids, signs, counts, zeros, bins = bufs.ids, bufs.signs, bufs.counts, bufs.zeros, bufs.bins
    grid = (triton.cdiv(m, cfg.block_m),)
    bk = _block_k(xp.shape[1], cfg)
    item_args = {}  # tile_masks: where the hot kernel writes its items
    if bins:
        item_args = dict(items_ptr=bufs.work, item_count_ptr=zeros, item_cap=bins.region, item_stride=bins.stride,
                         ITEM_SUBS=bins.subs)
    elif bufs.masks:
        item_cap = bufs.work.shape[0]
        n_items = zeros[:2].view(torch.int64)
        item_args = dict(items_ptr=bufs.work, item_count_ptr=n_items, item_cap=item_cap)
    if cfg.tma:  # (bufs.masks implies it)
        launch(bucket_tma_kernel, grid, _descriptor(xp, cfg.block_m, bk), _descriptor(cp, cfg.block_n, bk),
               thresholds, m, n, ids, signs, counts, cap, KP=xp.shape[1], BLOCK_M=cfg.block_m,
               BLOCK_N=cfg.block_n, BLOCK_K=bk, NUM_STAGES=cfg.num_stages, **item_args,
               **cfg.launch_options(pair=False))
        if bins:
            _tile_items(xp, thresholds, cp, n, bins, zeros, bufs.work, ids, signs, counts, cap, cfg)
        elif bufs.masks:
            programs = max(1, min(triton.cdiv(item_cap, cfg.item_block), cfg.item_programs))
            launch(mask_items_kernel, (programs,), xp, xp.stride(0), thresholds, cp, cp.stride(0), thresholds, 0,
                   bufs.work, n_items, item_cap, ids, counts, cap, signs, KP=xp.shape[1],
                   BLOCK_N=cfg.block_n, **_item_words(xp, cp), TRI=False, BLOCK_I=cfg.item_block, BUCKET=True,
                   GROUPS=cfg.column_groups, num_warps=cfg.item_warps)
    else:
        launch(bucket_kernel, grid, xp, xp.stride(0), cp, cp.stride(0), thresholds, m, n, ids, signs, counts, cap,
               KP=xp.shape[1], BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, BLOCK_K=bk,
               num_stages=cfg.num_stages, **cfg.launch_options(pair=False))


#: FilterConfig.tensor_items: sub-bins per centre tile at most (bin = (program % sub-bins, tile)), so that the items of
#: one tile (at 1024 centres, 1 of 8) do not all meet on one counter (one counter per tile: 28 us of atomics for 96K
#: items, s118)
TILE_SUB_BINS = 32
#: ... fewer (down to 2) where a bin's region would hold fewer rows than this
TILE_MIN_REGION = 256


class TileBins(NamedTuple):
    """tensor_items' bins: ``subs`` x tiles bins, counters [subs, stride] (stride: the tiles rounded up to 32,
    each row of counters on its own 128-byte lines), each bin a region of ``region`` row ids, ``slots`` =
    subs x tiles x region in all."""
    subs: int
    stride: int
    region: int
    counters: int
    slots: int


def _tile_bins(n_tiles: int, item_cap: int) -> TileBins:
    """The bins of a tensor_items bucketing with ``n_tiles`` centre tiles: 4 x item_cap row ids (the bytes of
    the default path's item_cap items), split evenly over the bins (an unbalanced tile overflows its
    regions; its late items are appended by the hot kernel), at least 16 rows per region and fewer than
    2^31 positions in all."""
    slots = min(4 * item_cap, 2**31 - 1)
    subs = TILE_SUB_BINS
    while subs > 2 and slots // (subs * n_tiles) < TILE_MIN_REGION:
        subs //= 2
    region = max(16, slots // (subs * n_tiles))
    if subs * n_tiles * region >= 2**31:
        raise ValueError(f"tensor_items: {n_tiles} centre tiles need {subs * n_tiles * region} item slots, "
                         f"more than positions in int32 (2^31)")
    stride = -(-n_tiles // 32) * 32
    return TileBins(subs, stride, region, subs * stride, subs * n_tiles * region)


def _tile_items(xp, thresholds, cp, n: int, bins: TileBins, counters, work, ids, signs, counts, cap: int,
                cfg: FilterConfig) -> None:
    """FilterConfig.tensor_items after the hot kernel: the bins' first positions in tile order
    (``item_tiles_offsets_kernel`` over ``counters``) and the hits of their items (``tile_items_kernel``).
    ``work``: the regions (``bins.slots``), then room for the offsets (the counters' size + 2 x (tiles +
    1)). No host sync: the kernels read the counts on the device."""
    from ._kernels.filters import item_tiles_offsets_kernel, tile_items_kernel

    n_tiles = triton.cdiv(n, cfg.block_n)
    offs = work[bins.slots:bins.slots + bins.counters]
    toffs = work[bins.slots + bins.counters:bins.slots + bins.counters + n_tiles + 1]
    boffs = work[bins.slots + bins.counters + n_tiles + 1:]
    launch(item_tiles_offsets_kernel, (1,), counters, n_tiles, bins.stride, bins.region, offs, toffs, boffs,
           SUB=bins.subs, BLOCK_I=cfg.item_block, BLOCK_T=32)
    kp = xp.shape[1]
    bk = 128
    while kp % bk:
        bk //= 2
    programs = max(1, min(triton.cdiv(bins.slots, cfg.item_block) + n_tiles, cfg.item_programs))
    launch(tile_items_kernel, (programs,), xp, xp.stride(0), thresholds, cp, cp.stride(0), n, work, bins.stride,
           bins.region, offs, toffs, boffs, n_tiles, ids, signs, counts, cap, KP=kp, BLOCK_I=cfg.item_block,
           BLOCK_N=cfg.block_n, BLOCK_K=bk, SUB=bins.subs, num_warps=cfg.item_warps,
           **({} if cfg.item_maxnreg is None else {"maxnreg": cfg.item_maxnreg}))


def _bucket_item_cap(m: int, cap: int) -> int:
    """Items (16 bytes each, >= 1 hit each) of a tile_masks bucketing: capacity_per_row per row up
    to 4, then a quarter of it, at least 4 (so the buffer is at most the size of the id lists once
    capacity_per_row >= 16; m x capacity_per_row, up to the twelfth session, asked 103 GiB for
    2^22 rows x 1654). The rows whose items do not fit are appended by the search kernel itself
    (exact, slower: per-row atomics and rounds)."""
    return min(m * cap, max(4 * m, m * cap // 4))


def _sorted_lists(ids: torch.Tensor, signs: torch.Tensor, counts: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Each row's first min(count, capacity) entries sorted by id (signs follow); later slots kept."""
    valid = torch.arange(ids.shape[1], device=ids.device)[None, :] < counts[:, None]
    key, order = torch.sort(torch.where(valid, ids, torch.iinfo(torch.int32).max), dim=1)
    return torch.where(valid, key, ids), torch.where(valid, torch.gather(signs, 1, order), signs)


def half_norms(x: torch.Tensor) -> torch.Tensor:
    """h = round(|x|^2 / 2) per row of an int8 [M, K] tensor, int32 (ties up)."""
    _check_int8("x", x)
    sq = (x.to(torch.int32) ** 2).sum(dim=1)
    return ((sq + 1) // 2).to(torch.int32)


def pair_norms(y: torch.Tensor, pairs: torch.Tensor, *, out: tuple[torch.Tensor, torch.Tensor] | None = None,
               backend: str = "auto") -> tuple[torch.Tensor, torch.Tensor]:
    """The exact re-check of filter hits: the shorter combination of each pair, in FP64.

    Args:
        y: [N, D] float64 vectors (rows; any D >= 1).
        pairs: [P, 2] int64 row indices (i, j) into y, e.g. the first two columns of hits.
        out: optional (n2, sign) buffers, [>= P] float64 and int8 on y's device; the first P
            entries are written and returned.

    Returns:
        (n2 [P] float64, sign [P] int8): n2 = min(|y_i - y_j|^2, |y_i + y_j|^2) and sign = +1 when
        y_i - y_j is the shorter (ties included), -1 when y_i + y_j is; y_i - sign * y_j is the vector.
        On CUDA one fused kernel reads the two rows once per pair; the indices are range-checked
        first (one host synchronisation).
    """
    check_2d("y", y, torch.float64)
    check_2d("pairs", pairs, torch.int64, y.device)
    if pairs.shape[1] != 2:
        raise ValueError(f"pairs must have 2 columns (i, j), got shape {tuple(pairs.shape)}")
    dev = y.device
    n, d = y.shape
    p = pairs.shape[0]
    if p:
        lo, hi = (int(v) for v in torch.aminmax(pairs))
        if lo < 0 or hi >= n:
            raise ValueError(f"pairs index rows of y, 0 <= index < {n}; got indices in [{lo}, {hi}]")
    be = _backend(dev, backend)
    if out is None:
        n2 = torch.empty(p, dtype=torch.float64, device=dev)
        sign = torch.empty(p, dtype=torch.int8, device=dev)
    else:
        n2, sign = out
        for name, buf, dt in (("out[0]", n2, torch.float64), ("out[1]", sign, torch.int8)):
            if not isinstance(buf, torch.Tensor) or buf.dtype != dt or buf.ndim != 1 or buf.shape[0] < p \
                    or buf.device != dev or buf.stride(0) != 1:
                raise ValueError(f"{name} must be a dense 1-D {dt} tensor of at least {p} entries on {dev}, got "
                                 f"{getattr(buf, 'dtype', type(buf).__name__)} {tuple(getattr(buf, 'shape', ()))}")
        n2, sign = n2[:p], sign[:p]
    if be == "reference":
        r2, rs = reference.pair_norms(y.numpy(), pairs.numpy())
        n2.copy_(torch.from_numpy(r2))
        sign.copy_(torch.from_numpy(rs))
        return n2, sign
    if p and d:
        from ._kernels.recheck import pair_norms_kernel

        yc = y if y.stride(1) == 1 else y.contiguous()
        block_d = max(16, min(64, triton.next_power_of_2(d)))
        block_p = 64
        launch(pair_norms_kernel, (triton.cdiv(p, block_p),), yc, yc.stride(0), pairs, pairs.stride(0),
               pairs.stride(1), p, d, n2, sign, BLOCK_P=block_p, BLOCK_D=block_d, num_warps=4)
    elif p:
        n2.zero_()
        sign.fill_(1)
    return n2, sign


def _segment_work(offsets: torch.Tensor, block: int, tiles_per_program: int) -> torch.Tensor:
    """Work items [W, 4] int32 (start, end, row tile, first column tile) of a per-segment Gram
    search, built on the device: every row tile ti of a segment with T tiles gets
    cdiv(T - ti, tiles_per_program) items with column tiles from ti on."""
    dev = offsets.device
    starts, ends = offsets[:-1], offsets[1:]
    t = (ends - starts + block - 1) // block  # tiles per segment
    seg = torch.repeat_interleave(torch.arange(len(t), device=dev), t)
    first = torch.cumsum(t, 0) - t
    ti = torch.arange(len(seg), device=dev) - first[seg]
    groups = (t[seg] - ti + tiles_per_program - 1) // tiles_per_program
    item = torch.repeat_interleave(torch.arange(len(seg), device=dev), groups)
    gfirst = torch.cumsum(groups, 0) - groups
    g = torch.arange(len(item), device=dev) - gfirst[item]
    s = seg[item]
    return torch.stack([starts[s], ends[s], ti[item], ti[item] + g * tiles_per_program], dim=1).to(torch.int32).contiguous()


def segment_pair_search(x: torch.Tensor, half_norms: torch.Tensor, goal: int, capacity: int,
                        offsets: torch.Tensor, *, deterministic: bool = False, config: FilterConfig | None = None,
                        backend: str = "auto") -> PairHits:
    """``pair_search`` inside each segment of x, for many segments in one launch (BGJ1 buckets).

    Args:
        x: [M, K] int8, the segments' vectors back to back; half_norms: [M] int32; goal: as
            ``pair_search``.
        offsets: [B + 1] int64 on x's device, non-decreasing from 0 to M: segment b is rows
            offsets[b]..offsets[b + 1] - 1. Pairs never cross segments.
        capacity, deterministic, backend: as ``pair_search``.
        config: default ``DEFAULT_SEGMENT_CONFIG`` (tile_masks at square 64x64 tiles, which the
            segmented search needs; ``SIEVE_SEGMENT_CONFIG`` for dense hits).

    Returns:
        ``PairHits`` whose records' i and j index rows of x (i < j, same segment).

    The offsets are checked on the host (one synchronisation per call).
    """
    _check_int8("x", x)
    dev = x.device
    m, k = x.shape
    half_norms, h_done = _check_half_norms("half_norms", half_norms, m, dev)
    if not isinstance(offsets, torch.Tensor) or offsets.ndim != 1 or offsets.dtype != torch.int64 \
            or offsets.device != dev or len(offsets) < 1:
        raise ValueError(f"offsets must be a 1-D int64 tensor on {dev} with at least one entry")
    _check_goal(goal)
    capacity = _check_count("capacity", capacity)
    off_host = offsets.cpu()
    if int(off_host[0]) != 0 or int(off_host[-1]) != m or bool((off_host[1:] < off_host[:-1]).any()):
        raise ValueError(f"offsets must rise from 0 to M={m}, got {off_host[:4].tolist()}...{off_host[-2:].tolist()}")
    be = _backend(dev, backend)
    cfg = config or DEFAULT_SEGMENT_CONFIG
    if cfg.tile_masks and cfg.tiles_per_program > 32:
        raise ValueError(f"segment_pair_search with tile_masks takes tiles_per_program <= 32, got "
                         f"{cfg.tiles_per_program} (only pair_search flushes longer programs every 32 tiles)")
    records, buf, count = _record_buffers(capacity, dev, cfg if be == "triton" else None)
    if be == "reference":
        parts = []
        for a, b in zip(off_host[:-1].tolist(), off_host[1:].tolist()):
            if b - a >= 2:
                hits = reference.pair_search(x[a:b].numpy(), half_norms[a:b].numpy(), int(goal))
                hits[:, :2] += a
                parts.append(hits)
        hits = np.concatenate(parts) if parts else np.zeros((0, 4), dtype=np.int64)
        kept = min(len(hits), capacity)
        records[:kept] = torch.from_numpy(hits[:kept].astype(np.int32))
        count[0] = len(hits)
        out = PairHits(records, count, capacity)
        return _sort_records(out, m) if deterministic else out
    if cfg.block_m != cfg.block_n:
        raise ValueError("a Gram pair search needs square tiles (block_m == block_n)")
    work = _segment_work(offsets, cfg.block_m, cfg.tiles_per_program)
    if len(work):
        from ._kernels.filters import segment_pair_search_kernel, segment_pair_search_tma_kernel

        xp = _padded(x)
        bk = _block_k(xp.shape[1], cfg)
        if cfg.tma:
            launch(segment_pair_search_tma_kernel, (len(work),), _descriptor(xp, cfg.block_m, bk), half_norms, work,
                   int(goal), buf, count, capacity, KP=xp.shape[1],
                   TILES_PER_PROGRAM=cfg.tiles_per_program, BLOCK_M=cfg.block_m,
                   BLOCK_N=cfg.block_n, BLOCK_K=bk, NUM_STAGES=cfg.num_stages,
                   **cfg.launch_options())
        else:
            launch(segment_pair_search_kernel, (len(work),), xp, xp.stride(0), half_norms, work, int(goal), buf, count,
                   capacity, KP=xp.shape[1], TILES_PER_PROGRAM=cfg.tiles_per_program,
                   BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, BLOCK_K=bk,
                   num_stages=cfg.num_stages, **cfg.launch_options())
        if cfg.defer_rows or cfg.tile_masks:
            _write_deferred(xp, half_norms, xp, half_norms, goal, buf, count, capacity, True, cfg)
    h_done()
    out = PairHits(records, count[:1], capacity)
    return _sort_records(out, m) if deterministic else out
