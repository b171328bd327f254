#!/usr/bin/env python3
r"""Checks our GEMM kernels, then times them against cuBLAS and Triton.

One command on the GPU machine, for every kernel of the registry KERNELS whose
PTX is given (the others are skipped):

  python3 bench/gemm_bench.py --gemm-sm80 DIR/gemm-sm80.sm_80.ptx \
      --gemm-sm90a DIR/gemm-sm90a.sm_90a.ptx [--gemm-sm90a-ws PTX] \
      [--quick] [--shapes 4096 8192x8192x2048 ...] [--reps N] \
      [--cute-dsl \
        CUTLASS/examples/python/CuTeDSL/hopper/dense_gemm_persistent.py]

Checks first: each kernel runs on fresh random inputs (never zeros) of
several shapes, ragged ones included, into an output filled with NaN, and is
compared with a float64 product of the same (already rounded) inputs by
relative Frobenius error; any unwritten element fails the check.

Then timing, on rotating input sets that together hold twice the L2: each
round times ours, cuBLAS (through torch, same types where torch allows) and
every Triton config of the persistent, grouped matmul below, one launch each
between CUDA events, in an order rotated per round, after a GPU-side sleep
that lets the CPU queue the round; rounds repeat, so clock drift hits all
alike. With --cute-dsl, CuTe DSL's persistent warp-specialized Hopper GEMM
(CUTLASS's example; bench/cute_dsl.py) is timed the same way in several
configs, each first checked as Triton's are. The table: medians in TFLOP/s
(2MNK / time), ours' min-max, each peer's best config, ratios ours / theirs.
With no kernel option, only the baselines are timed (f16 in, f32 out). Exit
status 1 if any check failed.

fp8: our kernels and cuBLAS (torch._scaled_mm's default) add each k-tile's
wgmma sum into an f32 accumulator; Triton on sm_90 by default never does
(max_num_imprecise_acc 2^30), and loses most of a long sum. So each Triton
fp8 config runs both promoted (max_num_imprecise_acc = BK) and unpromoted;
those that fail the K=65536 check are not Triton's best but are listed
after the table. CuTe DSL's fp8 kernel never promotes either: the same rule.
The -e5m2 options take e5m2 builds of our fp8 kernels, which are checked but
not timed (cuBLAS has no e5m2 x e5m2 GEMM).

--specialize adds, for the f16, bf16 and fp8 warp-specialized kernels
(SPECIALIZABLE), a row for the kernel their launch picks compiled from its
example for each timed shape: M, N, K, the grid and the cluster folded in
(compiler.specialize, cute-specialize-kernels), as a JIT that compiles per
shape would run it. Each is checked at its shape, then timed in the same
rounds as the rest. Needs the Python package (CUTE_MLIR_CAPI_LIBRARY naming
libCuteMlirCAPI.so, as scripts/gpu-python.sh sets it).

Kernel arguments follow MLIR's memref calling convention (gpu_check.py):
each memref<?xT> is 5 parameters (allocated, aligned, offset, size, stride),
M, N, K are index (i64); TMA kernels take device pointers to CUtensorMaps.
"""

import argparse
import ctypes
import dataclasses
import functools
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:  # the GPU side; argument parsing and the registry work without it
    import cupy as cp
    import numpy as np
    import torch
    from gpu_check import memref, rel_error
except ImportError:
    cp = np = torch = None
try:
    import triton
    import triton.language as tl
    try:
        from triton.tools.tensor_descriptor import TensorDescriptor
    except ImportError:  # older Triton: pointer loads only
        TensorDescriptor = None
except ImportError:
    triton = TensorDescriptor = None


@dataclass(frozen=True)
class Kernel:
    label: str
    option: str               # command-line option giving the PTX path
    function: str             # entry name in the PTX
    threads: int              # per block (x)
    smem: int                 # dynamic shared memory, bytes
    tile: tuple               # (BM, BN) of C per block or per work unit
    grid: str                 # "tiles": one block per tile; "persistent"
    args: str                 # "tma": (descA, descB, C, M, N, K); "pointers"
    in_type: str = "f16"      # A and B: f16, bf16, e4m3
    out_type: str = "f32"     # C: f32, f16, bf16
    box_a: tuple = None       # TMA box [inner (K), outer (rows)], elements
    box_b: tuple = None
    box_c: tuple = None       # a TMA store epilogue: C's box, C by descriptor
    swizzle: int = 128        # TMA swizzle, bytes (0, 32, 64, 128)
    swizzle_c: int = None     # C's, where it differs from A's and B's
    cluster: tuple = None     # (x, y, z): launched through cuLaunchKernelEx
    scale: float = None       # an f32 scale of C after (m, n, k): C = s A B^T
    stream_k: bool = False    # takes a workspace after (m, n, k[, scale]):
                              # f32 partials (a tile a block), i32 flags
    picks: tuple = None       # labels (wide, narrow) of two entries of the
                              # same PTX: launches one by the shape (picked)
    swapped: str = None       # with picks: the entry (same PTX) it runs
                              # where M <= 64, C's tiles as their transposes

    @property
    def dest(self):
        return self.option.lstrip("-").replace("-", "_")

    @property
    def c_scale(self):
        """What the kernel multiplies A B^T by."""
        return 1.0 if self.scale is None else self.scale


def warp_specialized(label, n, stages=4, **types):
    """The f16/bf16 warp-specialized kernel of 128xN tiles, gemm_tn_128xN
    (one producer and two consumer warpgroups), in clusters of two CTAs along
    M: `stages` stages (four; eight in the 128x64 kernels, six in the
    128x128 ones, five in the 128x160 ones) of a 128x64 A box and an Nx64
    B tile (each CTA loads an N/2-row half and multicasts it to both), the
    epilogue's C boxes of 64 rows (two 8 KiB stages for each consumer
    warpgroup, which stores its own 64 rows of a tile), then two mbarriers a
    stage. Stream-K: the last units' k-tiles shared among the clusters."""
    return Kernel(f"{label}-{n}", f"--{label}-{n}", f"gemm_tn_128x{n}", 384,
                  stages * (16384 + 128 * n) + 2 * 16384 + 16 * stages,
                  (128, n),
                  "persistent", "tma", box_a=(64, 128), box_b=(64, n // 2),
                  cluster=(2, 1, 1), stream_k=True, **types)


def swapped(label, **types):
    """The f16/bf16 kernel for GEMMs with M <= 64, gemm_tn_64x128_swapped:
    C's 64x128 tiles as their transposes, C^T = B A^T, the 128x64 kernel
    with the operands' roles swapped: eight stages of B's 128x64 boxes and
    A's 64x64 k-tiles (each CTA of a cluster along C's columns loads a
    32-row half and multicasts it to both), a 16 KiB C part for each
    consumer warpgroup."""
    return Kernel(f"{label}-swapped", f"--{label}-swapped",
                  "gemm_tn_64x128_swapped", 384,
                  8 * (16384 + 8192) + 2 * 16384 + 16 * 8, (64, 128),
                  "persistent", "tma", box_a=(64, 32), box_b=(64, 128),
                  cluster=(2, 1, 1), stream_k=True, **types)


def fp8_warp_specialized(n, stages, c_stages=2, stream_k=True, **c_box):
    """The fp8 warp-specialized kernel of 128xN tiles, gemm_tn_128xN, in
    clusters of two CTAs along M: `stages` stages of a 128x128 A box (k-tiles
    128 deep) and an Nx128 B tile (each CTA loads an N/2-row half and
    multicasts it to both), `c_stages` 16 KiB stages of the epilogue's 128x64
    bf16 C box, two mbarriers a stage. C = 0.5 A B^T: the scale is a power
    of two, so that the check compares with an exact product."""
    return Kernel(f"gemm-sm90a-ws-fp8-{n}", f"--gemm-sm90a-ws-fp8-{n}",
                  f"gemm_tn_128x{n}", 384,
                  stages * (16384 + 128 * n) + c_stages * 16384 + 16 * stages,
                  (128, n), "persistent", "tma", in_type="e4m3",
                  out_type="bf16", box_a=(128, 128), box_b=(128, n // 2),
                  cluster=(2, 1, 1), scale=0.5, stream_k=stream_k,
                  **(c_box or dict(box_c=(64, 128))))


KERNELS = [
    # Three stages of 128x64 k-tiles of A and 256x64 of B: 144 KiB, one
    # 256-thread block per SM.
    Kernel("gemm-sm80", "--gemm-sm80", "gemm_tn", 256, 3 * (16384 + 32768),
           (128, 256), "tiles", "pointers"),
    Kernel("gemm-sm90a", "--gemm-sm90a", "gemm_tn", 128, 3 * 32768 + 24,
           (128, 128), "tiles", "tma", box_a=(64, 128), box_b=(64, 128)),
    # f16 in, f32 out (examples/gemm-sm90a-ws.mlir): C in 64x32 f32 boxes.
    *(warp_specialized("gemm-sm90a-ws", n, box_c=(32, 64))
      for n in (256, 192, 224)),
    # Their kernels on 128x160 tiles, for GEMMs of one to four waves that
    # the 192-wide units fill badly: five stages of 36 KiB.
    warp_specialized("gemm-sm90a-ws", 160, stages=5, box_c=(32, 64)),
    # Their kernels for small GEMMs, on 128x64 tiles: eight stages of 24
    # KiB.
    warp_specialized("gemm-sm90a-ws", 64, stages=8, box_c=(32, 64)),
    # And for GEMMs of one wave of 256x128 units, on 128x128 tiles: six
    # stages of 32 KiB.
    warp_specialized("gemm-sm90a-ws", 128, stages=6, box_c=(32, 64)),
    # For GEMMs with M <= 64, C's 64x128 tiles as their transposes (the
    # bf16 one below, in f16; C in unswizzled 64x64 f32 boxes).
    swapped("gemm-sm90a-ws", box_c=(64, 64), swizzle_c=0),
    # bf16 (examples/gemm-sm90a-ws-bf16.mlir): C in 64x64 boxes, or 64x32
    # (64-byte swizzle) where 64 does not divide the tile (224 = 7 x 32,
    # 160 = 5 x 32).
    *(warp_specialized("gemm-sm90a-ws-bf16", n, in_type="bf16",
                       out_type="bf16", box_c=(64, 64) if n % 64 == 0
                       else (32, 64), swizzle_c=None if n % 64 == 0 else 64)
      for n in (256, 192, 224)),
    warp_specialized("gemm-sm90a-ws-bf16", 160, stages=5, in_type="bf16",
                     out_type="bf16", box_c=(32, 64), swizzle_c=64),
    warp_specialized("gemm-sm90a-ws-bf16", 64, stages=8, in_type="bf16",
                     out_type="bf16", box_c=(64, 64)),
    warp_specialized("gemm-sm90a-ws-bf16", 128, stages=6, in_type="bf16",
                     out_type="bf16", box_c=(64, 64)),
    # For GEMMs with M <= 64: C's 64x128 tiles as their transposes.
    swapped("gemm-sm90a-ws-bf16", in_type="bf16", out_type="bf16",
            box_c=(64, 64)),
    # fp8 (examples/gemm-sm90a-ws-fp8.mlir, four kernels in one PTX):
    # 128x192 tiles (two 64x192 wgmma accumulators a thread, the promoted
    # one and the k-tile's), four stages, three 16 KiB stages of bf16 C
    # boxes (the whole tile); stream-K.
    fp8_warp_specialized(192, stages=4, c_stages=3),
    # 128x256 tiles: two 64x128 accumulators a thread and one 64x128
    # temporary, which each half of a k-tile fills before it is added in;
    # four stages, data-parallel.
    fp8_warp_specialized(256, stages=4, stream_k=False),
    # 128x64 tiles, for small GEMMs: the 128x192 kernel's design with eight
    # stages.
    fp8_warp_specialized(64, stages=8),
    # 128x128 tiles, for GEMMs of one wave of 256x128 units: the same with
    # six stages.
    fp8_warp_specialized(128, stages=6),
    # 128x160 tiles: five stages; each consumer warpgroup stores its 64 rows
    # in 64x32 boxes (160 = 5 x 32) from its own two 8 KiB stages.
    fp8_warp_specialized(160, stages=5, box_c=(32, 64), swizzle_c=64),
    # For GEMMs with M <= 64: C's 64x128 tiles as their transposes, the
    # 128x64 kernel with the operands' roles swapped (B's 128-row boxes, A's
    # 32-row halves), each consumer warpgroup storing its 64 columns of C in
    # a 64x64 bf16 box.
    dataclasses.replace(fp8_warp_specialized(64, stages=8, box_c=(64, 64)),
                        label="gemm-sm90a-ws-fp8-swapped",
                        option="--gemm-sm90a-ws-fp8-swapped",
                        function="gemm_tn_64x128_swapped", tile=(64, 128),
                        box_a=(128, 32), box_b=(128, 128)),
]
# The warp-specialized GEMMs as their @launch runs them: one of their
# kernels by the shape (listed after them), widest first.
# With M <= 64, the bf16 launch runs its swapped kernel.
for _name, _widths in (("gemm-sm90a-ws", (256, 224, 192, 160, 128, 64)),
                       ("gemm-sm90a-ws-bf16", (256, 224, 192, 160, 128, 64)),
                       ("gemm-sm90a-ws-fp8", (256, 192, 160, 128, 64))):
    _picks = tuple(f"{_name}-{w}" for w in _widths)
    _swapped = f"{_name}-swapped"
    _swapped = _swapped if any(k.label == _swapped for k in KERNELS) else None
    _at = max(i for i, k in enumerate(KERNELS)
              if k.label in _picks + (_swapped,))
    KERNELS.insert(_at + 1, dataclasses.replace(
        next(k for k in KERNELS if k.label == _picks[0]),
        label=_name, option="--" + _name, picks=_picks, swapped=_swapped))
# The fp8 kernels with e5m2 A and B (the examples with f8E4M3FN read as
# f8E5M2 and their E4M3E4M3 wgmma atoms as E5M2E5M2): checked only, since
# cuBLAS has no e5m2 x e5m2 GEMM to time them against.
KERNELS += [dataclasses.replace(
    k, label=k.label + "-e5m2", option=k.option + "-e5m2", in_type="e5m2",
    picks=k.picks and tuple(label + "-e5m2" for label in k.picks),
    swapped=k.swapped and k.swapped + "-e5m2")
    for k in KERNELS if k.in_type == "e4m3"]

FP8 = ("e4m3", "e5m2")
TYPES = {"f16": "float16", "bf16": "bfloat16", "e4m3": "float8_e4m3fn",
         "e5m2": "float8_e5m2", "f32": "float32"}
TYPE_BYTES = {"f16": 2, "bf16": 2, "e4m3": 1, "e5m2": 1, "f32": 4}
# CU_TENSOR_MAP_DATA_TYPE_*: fp8 travels as UINT8 (the bits are all TMA sees).
TMA_TYPE = {"f16": 6, "bf16": 9, "e4m3": 0, "e5m2": 0, "f32": 7}
TMA_SWIZZLE = {0: 0, 32: 1, 64: 2, 128: 3}  # CU_TENSOR_MAP_SWIZZLE_*
# For the stream-K kernels: 1024x1024x16384 shares each unit among four
# workers (16 units of 256 k-tiles), 1000x3000x4104 has a ragged C and a
# partial last k-tile, 3072^3 a few split units after the data-parallel
# waves, the next two are C of one row of tiles (ragged, and split-K),
# where a cluster of two along M has one CTA past C's edge, the next has
# three rows of tiles: the second cluster row's second CTA lies past C's
# edge, and the last two are ragged in M, N and K where the f16 and bf16
# launches pick their 128x128 kernels (one wave of 256x128 units) and their
# 128x160 kernels (one wave of 256x160 units, where the 256x192 ones are as
# many waves and wider). The last three have M <= 64, where the bf16 launch
# runs its swapped kernel: one ragged row of C, then ragged M, N and K,
# then split-K.
CHECK_SHAPES = [(128, 128, 64), (200, 136, 72), (200, 136, 80),
                (1000, 3000, 520), (1000, 3000, 528),
                (2048, 2048, 1024), (4096, 4096, 4096), (8192, 8192, 2048),
                (1024, 1024, 16384), (1000, 3000, 4104), (3072, 3072, 3072),
                (96, 3000, 1032), (128, 4096, 16384), (384, 1000, 1032),
                (1000, 2040, 2056), (1500, 1512, 1040),
                (1, 1000, 1040), (40, 3000, 4112), (64, 1024, 16384)]
FP8_LONG_K = (256, 384, 65536)
TIME_SHAPES = [(2048, 2048, 2048), (4096, 4096, 4096), (8192, 8192, 8192),
               (8192, 8192, 2048), (4096, 14336, 4096)]
# The kernels --specialize compiles per shape: label -> the example they are
# compiled from (their PTX for any shape is the one the bench is given).
SPECIALIZABLE = {label: f"examples/{label}.mlir" for label in
                 ("gemm-sm90a-ws", "gemm-sm90a-ws-bf16", "gemm-sm90a-ws-fp8")}
PER_SHAPE = "  compiled for the shape"  # the label of their rows, under ours
FAILURES = []


def validate(kernels):
    """Registry sanity: raises AssertionError on an inconsistent entry."""
    assert len({k.option for k in kernels}) == len(kernels), "options repeat"
    for k in kernels:
        assert k.grid in ("tiles", "persistent") and k.in_type in TMA_TYPE \
            and k.args in ("tma", "pointers") and k.out_type in TYPES, k.label
        # TMA: boxes of at most 256 a side, rows no wider than the swizzle.
        assert k.args != "tma" or k.swizzle in TMA_SWIZZLE and all(
            box and max(box) <= 256 and (not k.swizzle or box[0] * TYPE_BYTES[
                k.in_type] <= k.swizzle) for box in (k.box_a, k.box_b)), k.label
        assert k.swizzle_c is None or k.swizzle_c in TMA_SWIZZLE, k.label
        # Persistent grids are 1-D: their clusters too.
        assert not k.cluster or len(k.cluster) == 3 and (
            k.grid == "tiles" or k.cluster[1:] == (1, 1)), k.label
        # A launch that picks runs entries of the same types and scale,
        # widest first, the last two 128 and 64 wide (picked relies on it).
        labels = {x.label: x for x in kernels}
        assert not k.picks or len(k.picks) >= 4 and all(
            label in labels and not labels[label].picks and
            (labels[label].in_type, labels[label].out_type,
             labels[label].scale, labels[label].args) ==
            (k.in_type, k.out_type, k.scale, k.args)
            for label in k.picks) and [
                labels[label].tile[1] for label in k.picks[-2:]] == [
                128, 64] and all(
                labels[a].tile[1] > labels[b].tile[1]
                for a, b in zip(k.picks, k.picks[1:])), k.label
        # Its swapped entry too, for a launch that has one.
        assert not k.swapped or k.picks and k.swapped in labels and (
            labels[k.swapped].in_type, labels[k.swapped].out_type,
            labels[k.swapped].scale, labels[k.swapped].args) == (
            k.in_type, k.out_type, k.scale, k.args), k.label


def picked(k, m, n, kk, sms):
    """The entry of k.picks (widest first) that k's launch runs for an
    MxNxKK GEMM, as @launch in its example picks; a kernel's units are a
    cluster's tiles, counted against the device's clusters. First the
    swapped entry where k has one (it computes C's transpose, so that N
    fills wgmma's M and A's few rows its N): with M <= 64, and with M <= 128
    where its units (64x256 blocks of C) fill at most half a wave and
    number 16 or more (fewer, the 128x64 kernel's split units did better;
    more, stream-K's ranges of a fraction of a unit read each column of B
    twice from memory where A and B outgrow L2). Then the
    64-wide one where its units fill at most one wave (with 64 k-tiles or
    more only for M <= 512: K >= 4096 in f16 and bf16, 8192 in fp8), then
    the 128-wide one where its units fill at most one wave. Else, fp8
    (gemm-sm90a-ws-fp8.mlir; 256, 192, 160, 128 and 64 wide): the 256-wide
    one (data-parallel) where its units fill at most four waves to nine
    tenths or more; the 160-wide one where its whole waves take less time
    than the 192-wide one's, in at most four waves, and with K >= 8192 only
    where its last wave is nine tenths full; else the 192-wide one
    (stream-K, no part-empty wave). f16 and
    bf16 (gemm-sm90a-ws.mlir, gemm-sm90a-ws-bf16.mlir; 256, 224, 192, 160,
    128 and 64 wide): of the others, the one whose whole waves take the least
    time, each N / 256 of a 256-wide wave's, the wider one on a tie, the
    160-wide one only where its units fill at most four waves; but where K
    is 8192 or more and the 256-wide units fill at most two waves, the
    256-wide one unless that one's last wave is nine tenths full."""
    if k.swapped and (m <= 64 or m <= 128 and
                      16 <= -(-m // 64) * -(-n // 256) <= sms // 4):
        return next(x for x in KERNELS if x.label == k.swapped)
    entries = [next(x for x in KERNELS if x.label == label)
               for label in k.picks]
    rows = entries[0].tile[0] * (entries[0].cluster or (1,))[0]
    clusters = sms // (entries[0].cluster or (1,))[0]

    def units(e):
        return -(-m // rows) * -(-n // e.tile[1])

    # The 64-wide and 128-wide kernels, for GEMMs too small for the wider
    # ones, are considered first; deep K is 64 k-tiles (A's box is a k-tile
    # deep: 64 in f16 and bf16, 128 in fp8).
    *entries, mid, small = entries
    if units(small) <= clusters and (kk < 64 * small.box_a[0] or
                                     m <= 2 * rows):
        return small
    if units(mid) <= clusters:
        return mid

    def waves(e):
        return -(-units(e) // clusters)

    def last_wave_full(e):  # nine tenths full or more
        return 10 * (units(e) - (waves(e) - 1) * clusters) >= 9 * clusters

    if k.in_type in FP8:
        wide, narrow, *rest = entries
        if waves(wide) <= 4 and \
                10 * units(wide) >= 9 * waves(wide) * clusters:
            return wide
        # The 160-wide one (where the PTX has it) where its whole waves take
        # less time than the 192-wide one's, in at most four waves; with K
        # of 8192 or more only if its last wave is full, since there
        # stream-K fills the 192-wide kernel's last wave well.
        return next((e for e in rest
                     if waves(e) * (e.tile[1] // 32) <
                     waves(narrow) * (narrow.tile[1] // 32) and
                     waves(e) <= 4 and (kk < 8192 or last_wave_full(e))),
                    narrow)
    # The 160-wide one only where its units fill at most four waves: with
    # more, its extra operand traffic costs more than its waves save.
    wide = entries[0]
    entries = [e for e in entries
               if e.tile[1] != 160 or units(e) <= 4 * clusters]
    # Whole-wave time in steps of 32 columns; min keeps the first (wider)
    # of equal times.
    best = min(entries, key=lambda e: waves(e) * (e.tile[1] // 32))
    # With K >= 8192 and the 256-wide units in at most two waves, stream-K
    # shares the 256-wide kernel's part-empty last wave well: a narrower
    # one only where its own last wave is nine tenths full.
    if kk >= 8192 and units(wide) <= 2 * clusters and \
            not last_wave_full(best):
        return wide
    return best


def grid_dims(k, m, n, sms):
    """The launch grid: one block per (partial) tile, or at most one per SM
    for persistent kernels; cluster dimensions divide it (tiles: rounded up,
    the extra blocks' tiles lie outside C; persistent: whole clusters)."""
    tm, tn = -(-m // k.tile[0]), -(-n // k.tile[1])
    cx, cy, _ = k.cluster or (1, 1, 1)
    if k.grid == "persistent":
        # Stream-K shares k-tiles among all SMs, however few the tiles.
        g = sms if k.stream_k else min(sms, tm * tn)
        return (max(cx, g // cx * cx), 1, 1)
    return (-(-tm // cx) * cx, -(-tn // cy) * cy, 1)


def parse_shapes(text):
    """'4096' (a cube) or 'MxNxK', several separated by commas."""
    shapes = []
    for item in filter(None, text.split(",")):
        dims = [int(d) for d in item.lower().split("x")]
        if len(dims) not in (1, 3) or min(dims) <= 0:
            raise argparse.ArgumentTypeError(f"bad shape {item!r}")
        shapes.append(tuple(dims * 3 if len(dims) == 1 else dims))
    return shapes


def parse_before(item, parser):
    """'KERNEL=PTX[@SMEM]' -> (KERNEL, (PTX, SMEM or None))."""
    label, sep, path = item.partition("=")
    path, at, smem = path.rpartition("@") if "@" in path else (path, "", "")
    if not sep or not path or at and not smem.isdigit():
        parser.error(f"--before: expected KERNEL=PTX[@SMEM], got {item!r}")
    return label, (path, int(smem) if at else None)


def parse_args(argv=None):
    p = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n", 1)[1])
    for k in KERNELS:
        p.add_argument(k.option, dest=k.dest, metavar="PTX",
                       help=f"PTX of {k.label} ({k.in_type} in, {k.out_type}"
                       f" out, {k.tile[0]}x{k.tile[1]} tiles, {k.args})")
    p.add_argument("--quick", action="store_true",
                   help="10 rounds, 4096^3 only")
    p.add_argument("--shapes", nargs="+", type=parse_shapes, metavar="MxNxK",
                   help="timing shapes instead of the default five")
    p.add_argument("--reps", type=int, help="timing rounds (default 30)")
    p.add_argument("--check-only", action="store_true",
                   help="check the kernels given, time nothing")
    p.add_argument("--before", action="append", default=[],
                   metavar="KERNEL=PTX[@SMEM]",
                   help="an earlier PTX of KERNEL (e.g. gemm-sm90a-ws-bf16="
                   "old.ptx), timed in the same rounds as the one given: "
                   "an A/B of a change; @SMEM launches it with SMEM bytes "
                   "of dynamic shared memory instead of KERNEL's")
    p.add_argument("--specialize", action="store_true",
                   help="also time each of " + ", ".join(SPECIALIZABLE) +
                   " compiled for each shape by the Python package")
    p.add_argument("--cute-dsl", metavar="PY",
                   help="CUTLASS's CuTe DSL example dense_gemm_persistent.py"
                   " (its HopperWgmmaGemmPersistentKernel; needs the "
                   "nvidia-cutlass-dsl package of its release): times its "
                   "configs beside ours as a third peer")
    a = p.parse_args(argv)
    a.before = dict(parse_before(item, p) for item in a.before)
    unknown = set(a.before) - {k.label for k in KERNELS}
    if unknown:
        p.error(f"--before: unknown kernel {', '.join(sorted(unknown))}")
    a.kernels = [k for k in KERNELS if getattr(a, k.dest)]
    a.time_shapes = (sum(a.shapes, []) if a.shapes else
                     [(4096, 4096, 4096)] if a.quick else TIME_SHAPES)
    a.reps = a.reps or (10 if a.quick else 30)
    return a


# ---- the driver, through ctypes: every call's status is checked ----------

@functools.lru_cache(None)
def libcuda():
    return ctypes.CDLL("libcuda.so.1")


def cuda_call(name, *args):
    status = getattr(libcuda(), name)(*args)
    if status != 0:
        raise RuntimeError(f"{name} failed with CUresult {status}")


def tensor_map(t, box, swizzle, elem_type):
    """A device copy of the CUtensorMap of the row-major matrix t: dimensions
    innermost first, box [inner, outer], 128-byte L2 promotion (CuTe's),
    zero fill outside (so partial tiles need no predicates on loads)."""
    rows, cols = t.shape
    u64, u32 = ctypes.c_uint64, ctypes.c_uint32
    encoded = (u64 * 16)()  # 128 bytes, 64-byte aligned
    cuda_call("cuTensorMapEncodeTiled", encoded, TMA_TYPE[elem_type], 2,
              ctypes.c_void_p(t.data_ptr()), (u64 * 2)(cols, rows),
              (u64 * 1)(cols * t.element_size()), (u32 * 2)(*box),
              (u32 * 2)(1, 1), 0, TMA_SWIZZLE[swizzle], 2, 0)
    return torch.frombuffer(bytearray(encoded), dtype=torch.uint8).cuda()


class LaunchAttribute(ctypes.Structure):  # CUlaunchAttribute: 72 bytes
    _fields_ = [("id", ctypes.c_int), ("pad", ctypes.c_char * 4),
                ("value", ctypes.c_uint32 * 16)]


class LaunchConfig(ctypes.Structure):  # CUlaunchConfig
    _fields_ = [("grid", ctypes.c_uint * 3), ("block", ctypes.c_uint * 3),
                ("sharedMemBytes", ctypes.c_uint), ("hStream", ctypes.c_void_p),
                ("attrs", ctypes.POINTER(LaunchAttribute)),
                ("numAttrs", ctypes.c_uint)]


def cluster_launcher(fn, grid, block, smem, cluster, params):
    """cuLaunchKernelEx with CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION (4); all
    our parameters are 8 bytes, on torch's current stream."""
    attr = LaunchAttribute(id=4)
    attr.value[:3] = cluster
    values = [ctypes.c_uint64(int(p)) for p in params]
    pointers = (ctypes.c_void_p * len(values))(
        *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in values])
    handle = ctypes.c_void_p(getattr(fn, "kernel", fn).ptr)  # the CUfunction

    def launch():
        config = LaunchConfig(grid, block, smem,
                              torch.cuda.current_stream().cuda_stream,
                              ctypes.pointer(attr), 1)
        keep = (values, attr)  # noqa: F841 - alive while the launch reads them
        cuda_call("cuLaunchKernelEx", ctypes.byref(config), handle, pointers,
                  None)
    return launch


def dtype(name):
    return getattr(torch, TYPES[name])


_MODULES = []  # keeps the loaded modules loaded


_PARAMS = {}  # id(function) -> its PTX entry's parameter count


def entry_parameters(ptx, function):
    """How many parameters the PTX entry `function` takes, or None if the
    text has no such entry."""
    match = re.search(r"\.entry\s+" + re.escape(function) + r"\s*\((.*?)\)",
                      ptx, re.S)
    return None if match is None else match.group(1).count(".param")


def check_parameter_count(k, takes, passes):
    """Raises ValueError unless a launch of kernel k passes as many
    parameters as its PTX entry takes (`takes`, None if unknown): the driver
    reads as many as the kernel takes, so fewer would read past the array (a
    crash), more would go unread."""
    if takes is not None and takes != passes:
        raise ValueError(
            f"{k.label}: {k.function} takes {takes} parameters, this launch "
            f"passes {passes} (a build {'without' if k.stream_k else 'with'}"
            " stream-K's workspace?)")


def load(k, path):
    if k.picks:  # {label: function} of the entries it picks from
        return {label: load(next(x for x in KERNELS if x.label == label),
                            path)
                for label in k.picks + ((k.swapped,) if k.swapped else ())}
    _MODULES.append(cp.RawModule(path=path))
    fn = _MODULES[-1].get_function(k.function)
    with open(path) as f:
        _PARAMS[id(fn)] = entry_parameters(f.read(), k.function)
    if k.smem > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = k.smem
    return fn


def launcher(k, fn, a, b, c, m, n, k_, sms):
    """A no-argument launch of kernel k on (a, b) into c; TMA descriptors are
    encoded here, once, and live as long as the closure."""
    if k.picks:
        chosen = picked(k, m, n, k_, sms)
        return launcher(chosen, fn[chosen.label], a, b, c, m, n, k_, sms)
    scalars = [np.int64(m), np.int64(n), np.int64(k_)]
    if k.scale is not None:  # an f32 parameter: its bits in the low word
        scalars.append(np.float32(k.scale).view(np.uint32).astype(np.uint64))
    if k.args == "tma":
        maps = (tensor_map(a, k.box_a, k.swizzle, k.in_type),
                tensor_map(b, k.box_b, k.swizzle, k.in_type))
        if k.box_c:
            swizzle_c = k.swizzle if k.swizzle_c is None else k.swizzle_c
            maps += (tensor_map(c, k.box_c, swizzle_c, k.out_type),)
        params = [np.uint64(t.data_ptr()) for t in maps]
        params += ([] if k.box_c else memref(c)) + scalars
    else:
        maps = ()
        params = memref(a) + memref(b) + memref(c) + scalars
    grid, block = grid_dims(k, m, n, sms), (k.threads, 1, 1)
    if k.stream_k:  # zero flags; each launch leaves them zero
        blocks = grid[0] * grid[1] * grid[2]
        maps += (torch.empty(blocks * k.tile[0] * k.tile[1], device="cuda",
                             dtype=torch.float32),
                 torch.zeros(blocks, device="cuda", dtype=torch.int32))
        params += memref(maps[-2]) + memref(maps[-1])
    check_parameter_count(k, _PARAMS.get(id(fn)), len(params))
    if k.cluster:
        launch = cluster_launcher(fn, grid, block, k.smem, k.cluster, params)
        return lambda: (maps, launch())[1]
    return lambda: (maps, fn(grid, block, tuple(params), shared_mem=k.smem))[1]


def specializer(k, sms):
    """fn(m, n, kk) -> (entry, loaded function): the kernel that k's launch
    picks for an MxNxKK GEMM, compiled from its example (SPECIALIZABLE) for
    that shape (M, N, K are arguments 3 to 5 of every such kernel), grid and
    cluster by the Python package."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if os.path.join(root, "python") not in sys.path:
        sys.path.insert(0, os.path.join(root, "python"))
    import tempfile
    from cute_mlir import compiler
    with open(os.path.join(root, SPECIALIZABLE[k.label])) as f:
        source = f.read()
    where = tempfile.mkdtemp(prefix="gemm-bench-")

    def make(m, n, kk):
        entry = picked(k, m, n, kk, sms) if k.picks else k
        special = compiler.specialize(
            source, entry.function, values={3: m, 4: n, 5: kk},
            grid=grid_dims(entry, m, n, sms), cluster=entry.cluster)
        path = os.path.join(where, f"{entry.function}-{m}x{n}x{kk}.ptx")
        with open(path, "w") as f:
            f.write(compiler.compile(special, chip="sm_90a").ptx["kernels"])
        spills = ptxas_spills(path, entry.function)
        if spills:
            print(f"{entry.label} for {m}x{n}x{kk}: ptxas: {spills}")
        return entry, load(entry, path)
    return make


def ptxas_spills(path, function):
    """ptxas's stack and spill line for `function` of the PTX at `path`
    when it spills, else None (also where ptxas is not installed)."""
    ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
    try:
        report = subprocess.run([ptxas, "-arch=sm_90a", "-v", path, "-o",
                                 os.devnull], capture_output=True, text=True,
                                check=True).stderr
    except (OSError, subprocess.CalledProcessError):
        return None
    after = report[report.find(f"'{function}'"):].splitlines()[1:3]
    line = next((x.strip() for x in after if "spill stores" in x), "")
    return None if not line or line.startswith("0 bytes stack frame, 0 bytes "
                                               "spill stores") else line


def random_inputs(in_type, m, n, k):
    """A (m,k) and B (n,k) in in_type, scaled so that C is about N(0, 1)."""
    s = k ** -0.25
    a = torch.randn(m, k, device="cuda", dtype=torch.float16).mul_(s)
    b = torch.randn(n, k, device="cuda", dtype=torch.float16).mul_(s)
    return a.to(dtype(in_type)), b.to(dtype(in_type))


def tolerance(in_type, out_type, k=0):
    # f32 out of f16/bf16: exact products, only the order of the sums
    # differs; Hopper's wgmma accumulation loses about 1e-5 of a sum per 4096
    # k (cuBLAS: 9.7e-6 at k = 16384), so the bound grows with k. f16/bf16
    # out: one rounding of C (bf16 2^-9 relative on average). fp8 in:
    # Hopper's fp8 wgmma keeps only about 14 mantissa bits in its
    # accumulator, so long unpromoted sums drift by up to ~1e-2; 5e-2 still
    # catches every indexing or layout bug (those give errors near 1).
    if in_type in FP8:
        return 5e-2
    if in_type == "long":  # fp8 at a long K, promoted: C's rounding only
        return 1e-2
    return 1e-5 * max(1, k / 4096) if out_type == "f32" else 1e-2


def verify(name, run, a, b, in_type, out_type, scale=1.0, record=True):
    """Runs run(c) into a NaN-filled C and compares it with A B^T in float64;
    True if right, else a failure if `record`. Launch errors propagate
    (torch raises at the sync)."""
    c = torch.full((a.shape[0], b.shape[0]), float("nan"), device="cuda",
                   dtype=dtype(out_type))
    run(c)
    torch.cuda.synchronize()
    err = rel_error(c, scale * (a.double() @ b.double().T))
    tol = tolerance(in_type, out_type, a.shape[1])
    nans = torch.isnan(c).sum().item()
    print(f"{name:<40} rel.err {err:9.2e}  tol {tol:7.0e}  "
          f"{'ok' if err <= tol else 'FAIL' if record else 'over'}"
          f"{f' ({nans} NaN)' if nans else ''}",
          flush=True)
    if err > tol and record:
        FAILURES.append(name)
    return err <= tol


def tile_name(k, m, n, kk, sms):
    """k's label, and for a launch that picks, the tile it picks for MxNxKK."""
    if not k.picks:
        return k.label
    tile = picked(k, m, n, kk, sms).tile
    return f"{k.label} [{tile[0]}x{tile[1]}]"


def check(k, fn, sms):
    for m, n, kk in CHECK_SHAPES:
        name = f"{tile_name(k, m, n, kk, sms)} {m}x{n}x{kk}"
        if k.args == "tma" and kk * TYPE_BYTES[k.in_type] % 16:
            print(f"{name:<40} skipped: TMA needs 16-byte row strides")
            continue
        a, b = random_inputs(k.in_type, m, n, kk)
        verify(name, lambda c: launcher(k, fn, a, b, c, m, n, kk, sms)(),
               a, b, k.in_type, k.out_type, k.c_scale)
    if k.in_type in FP8:
        # A long K of inputs in [0.5, 1): the sums grow with K, and fp8
        # wgmma's short accumulator, left unpromoted, loses most of them
        # (a relative error of 0.77 on the H100); promoted, only C's bf16
        # rounding is left, as for cuBLAS, printed beside it.
        m, n, kk = FP8_LONG_K
        a, b = (torch.rand(r, kk, device="cuda").mul_(0.5).add_(0.5).to(
            dtype(k.in_type)) for r in (m, n))
        s = k.c_scale
        verify(f"{tile_name(k, m, n, kk, sms)} {m}x{n}x{kk}",
               lambda c: launcher(k, fn, a, b, c, m, n, kk, sms)(), a, b,
               "long", k.out_type, s)
        if k.in_type == "e5m2":
            print("cuBLAS has no e5m2 x e5m2 GEMM to compare with")
            return
        blas, _ = cublas(k.in_type, k.out_type)
        verify(f"cuBLAS {m}x{n}x{kk}",
               lambda c: c.copy_(s * blas(a, b).float()), a, b, "long",
               k.out_type, s)


# ---- baselines ------------------------------------------------------------

def cublas(in_type, out_type):
    """(fn(a, b), how): cuBLAS through torch for C = A B^T."""
    if in_type == "e4m3":  # B^T of row-major B is the column-major operand
        one = torch.ones((), device="cuda")
        return (lambda a, b: torch._scaled_mm(
            a, b.T, scale_a=one, scale_b=one, out_dtype=torch.bfloat16),
            "torch._scaled_mm, bf16 out")
    if out_type == "f32":
        try:
            x = torch.ones(16, 16, device="cuda", dtype=dtype(in_type))
            y = torch.mm(x, x.T, out_dtype=torch.float32)
            if y.dtype == torch.float32 and y[0, 0].item() == 16:
                return (lambda a, b: torch.mm(a, b.T, out_dtype=torch.float32),
                        "torch.mm(out_dtype=float32)")
        except (TypeError, RuntimeError):
            pass
    return (lambda a, b: torch.matmul(a, b.T),
            f"torch.matmul, {in_type} out")


if triton:
    @triton.jit
    def _mm_persistent(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr,
                       BK: tl.constexpr, GROUP_M: tl.constexpr,
                       PROGRAMS: tl.constexpr, TMA: tl.constexpr,
                       PROMOTE: tl.constexpr):
        """C = A B^T, A (M,K) and B (N,K) row-major. PROGRAMS programs walk
        the tiles with a stride; consecutive tiles run down a band of GROUP_M
        tile rows before moving right, so a wave shares A and B rows in L2.
        TMA: a, b, c are tensor descriptors, else pointers. PROMOTE (fp8):
        each k-tile's product is added to the f32 accumulator
        (max_num_imprecise_acc=BK), as our fp8 kernels and cuBLAS's do;
        else Triton's sm_90 default, which never promotes."""
        tiles_m, tiles_n = tl.cdiv(M, BM), tl.cdiv(N, BN)
        band = GROUP_M * tiles_n
        for t in tl.range(tl.program_id(0), tiles_m * tiles_n, PROGRAMS,
                          flatten=True):
            top = t // band * GROUP_M
            height = tl.minimum(tiles_m - top, GROUP_M)
            pm, pn = top + t % band % height, t % band // height
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            if TMA:  # out of bounds reads zeros, writes are dropped
                for k0 in range(0, K, BK):
                    x = a.load([pm * BM, k0])
                    y = b.load([pn * BN, k0])
                    if PROMOTE:
                        acc = tl.dot(x, y.T, acc, max_num_imprecise_acc=BK)
                    else:
                        acc = tl.dot(x, y.T, acc)
                c.store([pm * BM, pn * BN], acc.to(c.dtype))
            else:  # clamp rows for the loads, mask K and the store
                rm = pm * BM + tl.arange(0, BM)
                rn = pn * BN + tl.arange(0, BN)
                lm = tl.max_contiguous(tl.multiple_of(
                    tl.where(rm < M, rm, 0), BM), BM)
                ln = tl.max_contiguous(tl.multiple_of(
                    tl.where(rn < N, rn, 0), BN), BN)
                for k0 in range(0, K, BK):
                    rk = k0 + tl.arange(0, BK)
                    x = tl.load(a + lm[:, None] * K + rk[None, :],
                                mask=rk[None, :] < K, other=0.0)
                    y = tl.load(b + ln[:, None] * K + rk[None, :],
                                mask=rk[None, :] < K, other=0.0)
                    if PROMOTE:
                        acc = tl.dot(x, y.T, acc, max_num_imprecise_acc=BK)
                    else:
                        acc = tl.dot(x, y.T, acc)
                tl.store(c + rm[:, None] * N + rn[None, :],
                         acc.to(c.dtype.element_ty),
                         mask=(rm[:, None] < M) & (rn[None, :] < N))


# (BM, BN, BK, warps, stages); BK doubles for 1-byte inputs. Each is tried
# with pointer loads and with TMA descriptors.
# With f32 out, 128x256 tiles and BK 64 leave little shared memory for the
# epilogue's layout conversion (128 KiB): the 2-stage and BK 32 configs are
# for those.
TRITON_CONFIGS = [(128, 256, 64, 8, 2), (128, 256, 64, 8, 3),
                  (128, 256, 64, 8, 4),
                  (128, 128, 64, 8, 4), (128, 128, 64, 8, 5),
                  (256, 128, 64, 8, 3), (64, 256, 64, 4, 4),
                  (128, 256, 32, 8, 3), (256, 128, 32, 8, 3)]


def triton_fn(cfg, tma, sms, promote=False):
    bm, bn, bk, warps, stages = cfg

    def run(a, b, c):
        m, kk = a.shape
        n = b.shape[0]
        progs = min(sms, -(-m // bm) * -(-n // bn))
        if tma:
            a, b, c = (TensorDescriptor.from_tensor(a, [bm, bk]),
                       TensorDescriptor.from_tensor(b, [bn, bk]),
                       TensorDescriptor.from_tensor(c, [bm, bn]))
        _mm_persistent[(progs,)](a, b, c, m, n, kk, BM=bm, BN=bn, BK=bk,
                                 GROUP_M=8, PROGRAMS=progs, TMA=tma,
                                 PROMOTE=promote, num_warps=warps,
                                 num_stages=stages)
    return run


def triton_variants(in_type, out_type, sms):
    """{name: fn(a, b, c)} of every Triton config, with pointer loads and
    (where Triton has them) TMA descriptors; fp8 ones promoted and with
    Triton's default (unpromoted) accumulation."""
    if not triton:
        return {}
    found = {}
    fp8 = in_type in FP8
    for bm, bn, bk, warps, stages in TRITON_CONFIGS:
        bk *= 2 if TYPE_BYTES[in_type] == 1 else 1
        for tma in (False, True) if TensorDescriptor else (False,):
            for promote in (True, False) if fp8 else (False,):
                name = (f"{bm}x{bn}x{bk} w{warps} s{stages}{' tma' * tma}"
                        f"{' promoted' * (fp8 and promote)}")
                found[name] = triton_fn((bm, bn, bk, warps, stages), tma, sms,
                                        promote)
    return found


def screen(who, candidates, in_type, out_type):
    """({name: fn}, {names}): the candidates (fn(a, b, c) into C = A B^T)
    that run, fit and are right on a ragged 300x200x144 problem (a wrong one
    is a failure), and those of them that are imprecise: fp8 ones that fail
    the long-K check our fp8 kernels and cuBLAS pass."""
    variants, imprecise = {}, set()
    a, b = random_inputs(in_type, 300, 200, 144)
    fp8 = in_type in FP8
    if fp8:
        m, n, kk = FP8_LONG_K
        long_a, long_b = (torch.rand(r, kk, device="cuda").mul_(0.5).add_(
            0.5).to(dtype(in_type)) for r in (m, n))
    for name, fn in candidates.items():
        try:
            ok = verify(f"{who} {name}", lambda c: fn(a, b, c), a, b, in_type,
                        out_type)
            if ok and fp8 and not verify(
                    f"{who} {name} {m}x{n}x{kk}",
                    lambda c: fn(long_a, long_b, c), long_a, long_b, "long",
                    out_type, record=False):
                imprecise.add(name)
        except Exception as e:  # out of shared memory, say
            print(f"{who} {name}: skipped ({type(e).__name__})")
            continue
        if ok:
            variants[name] = fn
    return variants, imprecise


# ---- timing ---------------------------------------------------------------

def time_interleaved(contenders, nsets, reps, warmup=3):
    """{name: [ms]}: contenders maps a name to per-input-set callables. Each
    round runs every contender once, in an order rotated per round, each
    launch on the next input set."""
    names, launch = list(contenders), 0
    times = {name: [] for name in names}
    for r in range(-warmup, reps):  # the warm-up rounds' times are dropped
        # Keep the GPU busy while Python queues the round, so no event
        # times a launch's CPU overhead.
        if hasattr(torch.cuda, "_sleep"):
            torch.cuda._sleep(200_000 * len(names))
        events = []
        for name in names[r % len(names):] + names[:r % len(names)]:
            start, end = (torch.cuda.Event(enable_timing=True),
                          torch.cuda.Event(enable_timing=True))
            start.record()
            contenders[name][launch % nsets]()
            end.record()
            events.append((name, start, end))
            launch += 1
        torch.cuda.synchronize()
        for name, start, end in events if r >= 0 else ():
            times[name].append(start.elapsed_time(end))
    return times


def input_sets(in_type, out_type, m, n, k, l2):
    """Random (A, B, C) sets for timing, together twice the L2 size (at
    least three), so that rounds that rotate through them read from DRAM."""
    size = (m + n) * k * TYPE_BYTES[in_type] + m * n * TYPE_BYTES[out_type]
    sets = []
    for _ in range(max(3, math.ceil(2 * l2 / size))):
        a, b = random_inputs(in_type, m, n, k)
        sets.append((a, b, torch.empty(m, n, device="cuda",
                                       dtype=dtype(out_type))))
    return sets


def peers(in_type, out_type, sms, cute_dsl=None):
    """[(peer, {name: fn(a, b, c)}, {imprecise names})]: Triton's configs,
    and CuTe DSL's if `cute_dsl` names its example, each screened."""
    found = []
    if triton:
        found.append(("Triton", *screen("triton", triton_variants(
            in_type, out_type, sms), in_type, out_type)))
    if cute_dsl:
        import cute_dsl as dsl
        found.append(("CuTe DSL", *screen("cute-dsl", dsl.variants(
            cute_dsl, in_type, out_type), in_type, out_type)))
    return found


@dataclass
class Row:
    label: str
    shape: tuple
    ours: list            # [median, min, max] ms, or None (baselines only)
    cublas: float         # median ms
    how: str              # which cuBLAS call
    best: dict            # peer -> (median ms, config): its best config as
                          # precise as ours
    fast: dict            # peer -> (median ms, config): its best imprecise


def bench(k, fn, shapes, reps, sms, l2, before=None, cute_dsl=None,
          per_shape=None):
    """Rows for kernel k (None: baselines only) against cuBLAS and each
    peer's configs (Triton, CuTe DSL with `cute_dsl`); with `before` (an
    earlier build of k: its Kernel entry and the loaded function), a row for
    it as well; with `per_shape` (a specializer), a row for k compiled for
    each shape, once checked there."""
    in_type, out_type = (k.in_type, k.out_type) if k else ("f16", "f32")
    blas, how = cublas(in_type, out_type)
    print(f"\ncuBLAS for {in_type} in, {out_type} out: {how}")
    others = peers(in_type, out_type, sms, cute_dsl)
    rows = []
    for m, n, kk in shapes:
        if k and k.args == "tma" and kk * TYPE_BYTES[in_type] % 16:
            print(f"{m}x{n}x{kk}: skipped (TMA needs 16-byte row strides)")
            continue
        sets = input_sets(in_type, out_type, m, n, kk, l2)
        nsets = len(sets)
        cont = {"cuBLAS": [lambda s=s: blas(s[0], s[1]) for s in sets]}
        if k:
            cont["ours"] = [launcher(k, fn, *s, m, n, kk, sms) for s in sets]
        if before:
            cont["before"] = [launcher(*before, *s, m, n, kk, sms)
                              for s in sets]
        if per_shape:
            entry, special = per_shape(m, n, kk)
            a, b = random_inputs(in_type, m, n, kk)
            if verify(f"{entry.label} for {m}x{n}x{kk} only",
                      lambda c: launcher(entry, special, a, b, c, m, n, kk,
                                         sms)(), a, b, in_type, out_type,
                      entry.c_scale):
                cont["per shape"] = [launcher(entry, special, *s, m, n, kk,
                                              sms) for s in sets]
            del a, b
        for peer, variants, _ in others:
            for name, pfn in variants.items():
                cont[(peer, name)] = [lambda s=s, f=pfn: f(*s) for s in sets]
        times = time_interleaved(cont, nsets, reps)
        med = {name: statistics.median(t) for name, t in times.items()}
        # A peer's best is the best of its configs as precise as ours; its
        # best imprecise one is reported beside it.
        best, fast = {}, {}
        for peer, variants, imprecise in others:
            for into, x in ((best, False), (fast, True)):
                name = min((v for v in variants if (v in imprecise) == x),
                           key=lambda v: med[(peer, v)], default=None)
                if name:
                    into[peer] = (med[(peer, name)], name)
        spread = lambda t: [statistics.median(t), min(t), max(t)]  # noqa
        rows.append(Row(tile_name(k, m, n, kk, sms) if k else "(baselines)",
                        (m, n, kk),
                        spread(times["ours"]) if k else None, med["cuBLAS"],
                        how, best, fast))
        if before:
            rows.append(dataclasses.replace(
                rows[-1], label=k.label + " (before)",
                ours=spread(times["before"])))
        if "per shape" in times:
            rows.append(dataclasses.replace(
                rows[-1], label=PER_SHAPE,
                ours=spread(times["per shape"])))
        del sets, cont
        torch.cuda.empty_cache()
    return rows


def table(rows, device):
    """Prints the rows: TFLOP/s, and ratios ours / theirs (time over ours'),
    a column pair for each peer that has a best config anywhere."""
    names = list(dict.fromkeys(p for r in rows for p in r.best))
    print(f"\n{device}  (TFLOP/s, medians; ratios ours/theirs)")
    print(f"{'kernel':<28}{'M x N x K':<19}{'ours':>7}{'ours min-max':>15}"
          f"{'cuBLAS':>8}{'ratio':>7}" + "".join(
              f"{p:>10}  {'config':<24}{'ratio':>6}" for p in names))
    for r in rows:
        m, n, kk = r.shape
        tf = lambda ms: 2.0 * m * n * kk / ms / 1e9  # noqa: E731
        ratio = lambda ms: f"{ms / r.ours[0]:6.2f}" if r.ours else f"{'-':>6}"
        line = f"{r.label:<28}{f'{m}x{n}x{kk}':<19}"
        line += (f"{tf(r.ours[0]):7.1f}{tf(r.ours[2]):8.1f}-"
                 f"{tf(r.ours[1]):<6.1f}" if r.ours else f"{'-':>7}{'-':>15}")
        line += f"{tf(r.cublas):8.1f} {ratio(r.cublas)}"
        for p in names:
            if p in r.best:
                ms, config = r.best[p]
                line += f"{tf(ms):10.1f}  {config:<24}{ratio(ms)}"
            else:
                line += f"{'-':>10}  {'':<24}{'-':>6}"
        print(line)
    for label, how in dict.fromkeys((r.label, r.how) for r in rows
                                    if r.label != PER_SHAPE):
        print(f"cuBLAS for {label}: {how}")
    fast = [(r, p, v) for r in rows for p, v in r.fast.items()]
    if fast:
        print(f"\nConfigs that fail the fp8 {FP8_LONG_K[0]}x{FP8_LONG_K[1]}x"
              f"{FP8_LONG_K[2]} check (never promoted), not counted above:")
    for r, peer, (ms, config) in fast:
        m, n, kk = r.shape
        tf = 2.0 * m * n * kk / ms / 1e9
        ratio = f", ours/that {ms / r.ours[0]:.2f}" if r.ours else ""
        print(f"{r.label:<28}{f'{m}x{n}x{kk}':<19}{tf:7.1f}  {peer} {config}"
              f"{ratio}")


def main(argv=None):
    validate(KERNELS)
    args = parse_args(argv)
    torch.manual_seed(0)
    props = torch.cuda.get_device_properties(0)
    sms, l2 = props.multi_processor_count, getattr(props, "L2_cache_size",
                                                   50 << 20)
    print(torch.cuda.get_device_name(), "torch", torch.__version__, "triton",
          triton.__version__ if triton else "absent", f"{sms} SMs")
    rows = []
    for k in KERNELS:
        path = getattr(args, k.dest)
        if not path:
            print(f"{k.label}: skipped ({k.option} not given)")
            continue
        try:
            fn = load(k, path)
            failures = len(FAILURES)
            check(k, fn, sms)
            old = args.before.get(k.label)
            if old:
                path, smem = old
                # The earlier build may use another amount of dynamic
                # shared memory (static shared memory, or other stages).
                k_old = k if smem is None else dataclasses.replace(k,
                                                                  smem=smem)
                old = (k_old, load(k_old, path))
                check(k_old, old[1], sms)
            if len(FAILURES) != failures:
                print(f"{k.label}: not timed, its checks failed")
            elif k.in_type == "e5m2" and not args.check_only:
                print(f"{k.label}: not timed (no e5m2 x e5m2 cuBLAS GEMM)")
            elif not args.check_only:
                special = specializer(k, sms) if args.specialize and \
                    k.label in SPECIALIZABLE else None
                rows += bench(k, fn, args.time_shapes, args.reps, sms, l2, old,
                               args.cute_dsl, special)
        except Exception as e:  # a launch or driver error
            FAILURES.append(f"{k.label}: {e}")
            print(f"{k.label}: FAIL {type(e).__name__}: {e}")
    if not args.kernels and not args.check_only:
        rows += bench(None, None, args.time_shapes, args.reps, sms, l2,
                      cute_dsl=args.cute_dsl)
    if rows:
        table(rows, torch.cuda.get_device_name())
    if FAILURES:
        print("FAILED:", ", ".join(FAILURES))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
