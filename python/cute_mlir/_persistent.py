"""The builder's ops for warp-specialized, persistent Hopper kernels:
clusters, mbarrier pipelines, warp roles, tile scheduling and TMA-store
epilogues (the cute_nvgpu ops examples/gemm-sm90a-ws*.mlir are written
with). Re-exported by ``cute_mlir.builder``; see its docstring."""

import re

from . import builder as _b
from ._capi import lib

__all__ = [
    "cluster_idx", "cluster_dim", "cluster_block_idx", "pipeline_create",
    "pipeline_producer_acquire", "pipeline_producer_tail",
    "pipeline_consumer_wait", "pipeline_consumer_release", "tile_coord",
    "stream_k_schedule", "stream_k_work_count", "stream_k_work",
    "stream_k_fixup", "stream_k_fixup_wait", "warp_specialize",
    "epilogue_store", "epilogue_store_tail", "prefetch_tma_descriptor",
    "cp_async_bulk_wait_group",
]


def cluster_idx(dim="x"):
    """``gpu.cluster_id x``: this block's cluster in the grid."""
    return _b._dim_op("gpu.cluster_id", dim)


def cluster_dim(dim="x"):
    """``gpu.cluster_dim x``: the grid's clusters along x (CUDA's
    gridDim / clusterDim)."""
    return _b._dim_op("gpu.cluster_dim", dim)


def cluster_block_idx(dim="x"):
    """``gpu.cluster_block_id x``: this block's rank in its cluster."""
    return _b._dim_op("gpu.cluster_block_id", dim)


def _array(values):
    return f"array<i64: {', '.join(str(int(v)) for v in values)}>"


def pipeline_create(barriers, consumers, cluster=None):
    """``cute_nvgpu.pipeline_create``: a pipeline over `barriers` (an i64
    shared-memory buffer of two mbarriers a stage: full, then empty),
    released by `consumers` threads per CTA, across a `cluster` (x, y) of
    CTAs that multicast into each other's stages."""
    barriers = _b._value(barriers)
    match = re.match(r"memref<(\d+)xi64", barriers.type.text)
    if not match or int(match.group(1)) % 2:
        raise _b.BuildError(f"{_b._where()}: error: a pipeline's barriers are "
                            "an even number of i64 in shared memory, not "
                            f"{barriers.type}")
    stages = int(match.group(1)) // 2
    attributes = {"consumers": f"{int(consumers)} : i64"}
    if cluster is not None:
        attributes["cluster"] = _array(cluster)
    return _b.op("cute_nvgpu.pipeline_create", [barriers], attributes,
                 [f"!cute_nvgpu.pipeline<{stages}>"])


def pipeline_producer_acquire(pipeline, state):
    """Wait until the consumers have released `state`'s stage; the
    pipeline's TMA copies into it then complete its full barrier."""
    _b.op("cute_nvgpu.pipeline_producer_acquire", [pipeline, state],
          results=[])


def pipeline_producer_tail(pipeline, state):
    """Before the producer exits: wait until every stage it filled has been
    released (by the consumers of every CTA of the cluster)."""
    _b.op("cute_nvgpu.pipeline_producer_tail", [pipeline, state],
          results=[])


def pipeline_consumer_wait(pipeline, state):
    """Wait until `state`'s stage is full."""
    _b.op("cute_nvgpu.pipeline_consumer_wait", [pipeline, state],
          results=[])


def pipeline_consumer_release(pipeline, state):
    """Hand `state`'s stage back to the producers of the cluster."""
    _b.op("cute_nvgpu.pipeline_consumer_release", [pipeline, state],
          results=[])


def tile_coord(work, tiles_m, tiles_n, group, cluster=None):
    """``cute_nvgpu.tile_coord``: the (m, n) tile of unit of work `work` in
    a grid of tiles_m x tiles_n tiles, walked in bands of `group` tile rows
    (clusters of `cluster` CTAs take neighbouring tiles)."""
    attributes = {"group": f"{int(group)} : i64"}
    if cluster is not None:
        attributes["cluster"] = _array(cluster)
    return tuple(_b.op("cute_nvgpu.tile_coord", [
        _b._value(work, _b.index), _b._value(tiles_m, _b.index),
        _b._value(tiles_n, _b.index)], attributes, [_b.index, _b.index]))


def stream_k_schedule(units, ktiles, workers, min_k_tiles=None,
                      operand_bytes=None, l2_bytes=None):
    """``cute_nvgpu.stream_k_schedule``: `units` units of work (as
    tile_coord numbers them) of `ktiles` k-tiles each, shared among
    `workers` (blocks or clusters): whole units, then the last units'
    k-tiles in equal ranges where that saves a worker at least
    `min_k_tiles` (default 16); with no full wave, split-K, or where A and
    B (`operand_bytes` together) outgrow `l2_bytes` (default 48 MiB),
    ranges that start at one of a few k-tiles of their units."""
    attributes = {}
    if min_k_tiles is not None:
        attributes["minKTiles"] = f"{int(min_k_tiles)} : i64"
    if l2_bytes is not None:
        attributes["l2Bytes"] = f"{int(l2_bytes)} : i64"
    operands = [_b._value(units, _b.index), _b._value(ktiles, _b.index),
                _b._value(workers, _b.index)]
    if operand_bytes is not None:
        operands.append(_b._value(operand_bytes, _b.index))
    return _b.op("cute_nvgpu.stream_k_schedule", operands, attributes,
                 ["!cute_nvgpu.stream_k"])


def stream_k_work_count(schedule, worker):
    """``cute_nvgpu.stream_k_work_count``: how many work items `worker`
    runs."""
    return _b.op("cute_nvgpu.stream_k_work_count",
                 [schedule, _b._value(worker, _b.index)], {}, [_b.index])


def stream_k_work(schedule, worker, item):
    """``cute_nvgpu.stream_k_work``: work item `item` of `worker` as (unit,
    k_begin, k_end): the unit's k-tiles k_begin .. k_end - 1."""
    return tuple(_b.op("cute_nvgpu.stream_k_work", [
        schedule, _b._value(worker, _b.index), _b._value(item, _b.index)],
        {}, [_b.index, _b.index, _b.index]))


def stream_k_fixup(tiled_mma, schedule, worker, item, acc, partials, flags,
                   thread, cluster=None, barrier_id=None, ready=None):
    """``cute_nvgpu.stream_k_fixup``: after work item `item`'s mainloop,
    the TiledMMA's threads combine a split unit's partial sums through
    `partials` (f32, a tile a CTA) and `flags` (i32, one a CTA, zero before
    the first launch); true where this CTA stores the tile. With `ready`
    (a named barrier), a warp outside the TiledMMA waits for the later
    pieces' sums instead (`stream_k_fixup_wait`)."""
    attributes = {"tiledMma": tiled_mma}
    if ready is not None:
        attributes["ready"] = f"{int(ready)} : i32"
    if cluster is not None:
        attributes["cluster"] = _array(cluster)
    if barrier_id is not None:
        attributes["barrierId"] = f"{int(barrier_id)} : i32"
    return _b.op("cute_nvgpu.stream_k_fixup", [
        schedule, _b._value(worker, _b.index), _b._value(item, _b.index),
        acc, partials, flags, _b._value(thread, _b.index)], attributes,
        [_b.i1])


def stream_k_fixup_wait(tiled_mma, schedule, worker, flags, ready,
                        cluster=None):
    """``cute_nvgpu.stream_k_fixup_wait``: run by one whole warp outside the
    TiledMMA once its loads are issued; if `worker`'s last piece starts a
    unit that it does not finish, waits for the sums of the unit's later
    pieces, and arrives on named barrier `ready`, where
    `stream_k_fixup(..., ready=ready)` waits."""
    attributes = {"tiledMma": tiled_mma, "ready": f"{int(ready)} : i32"}
    if cluster is not None:
        attributes["cluster"] = _array(cluster)
    _b.op("cute_nvgpu.stream_k_fixup_wait", [
        schedule, _b._value(worker, _b.index), flags], attributes, [])


class _Role:
    def __init__(self, specialize, block):
        self.specialize, self.block = specialize, block

    def __enter__(self):
        _b._INSERTION.append((self.block, None))
        return _b.Value(lib.mlirBlockGetArgument(self.block, 0))

    def __exit__(self, kind, *_):
        _b._INSERTION.pop()
        if kind is None:
            _b._verify_region_op(self.specialize.handle)


class _WarpSpecialize:
    """``ws = warp_specialize(...)``, then ``with ws.producer() as wg:``
    and ``with ws.consumer() as wg:`` build the two regions; `wg` is the
    warpgroup's index within its role."""

    def __init__(self, producer, consumer):
        (pw, pr), (cw, cr) = producer, consumer
        self.handle, self.blocks = _b._region_op(
            "cute_nvgpu.warp_specialize", [], {
                "producerWarpgroups": f"{int(pw)} : i64",
                "producerRegisters": f"{int(pr)} : i64",
                "consumerWarpgroups": f"{int(cw)} : i64",
                "consumerRegisters": f"{int(cr)} : i64"}, [],
            [[_b.index], [_b.index]])

    def producer(self):
        return _Role(self, self.blocks[0])

    def consumer(self):
        return _Role(self, self.blocks[1])


def warp_specialize(producer, consumer):
    """``cute_nvgpu.warp_specialize``: the block's warpgroups split into
    producers and consumers, each given as (warpgroups, registers a
    thread, as setmaxnreg sets them)."""
    return _WarpSpecialize(producer, consumer)


def epilogue_store(tiled_mma, atom, descriptor, acc, tile, buffer, thread,
                   barrier_id=None, store=None, per_warpgroup=False,
                   scale=None, transposed=False):
    """``cute_nvgpu.epilogue_store``: the TiledMMA's accumulators `acc` to
    the global tile of coordinates `tile` through `buffer` (two stages of
    TMA store boxes) by TMA stores with `atom`; the consumers' threads
    synchronize on named barrier `barrier_id` (default 1). With `store`
    (an i1, such as stream_k_fixup's result), the TMA stores are issued
    only where it holds. With `per_warpgroup`, each warpgroup stores its
    own part of the tile on its own: its slice of `buffer`, named barrier
    `barrier_id` + its index, its first thread issuing the stores. With
    `scale` (a scalar of the accumulators' type), C = scale * acc. With
    `transposed`, the TiledMMA's (M, N) tile is C's (N, M) tile `tile`
    transposed (a kernel computing C^T = B A^T)."""
    attributes = {"tiledMma": tiled_mma, "atom": atom}
    if barrier_id is not None:
        attributes["barrierId"] = f"{int(barrier_id)} : i32"
    if per_warpgroup:
        attributes["perWarpgroup"] = "unit"
    if transposed:
        attributes["transposed"] = "unit"
    operands = [descriptor, acc, tile, buffer, _b._value(thread, _b.index)]
    if store is not None:
        operands.append(store)
    if scale is not None:
        operands.append(scale)
    attributes["operandSegmentSizes"] = _b._segments(
        1, 1, 1, 1, 1, store is not None, scale is not None)
    _b.op("cute_nvgpu.epilogue_store", operands, attributes, [])


def epilogue_store_tail(tiled_mma, thread, per_warpgroup=False):
    """``cute_nvgpu.epilogue_store_tail``: the threads that issued the
    TiledMMA's epilogue_store TMA stores (thread 0, or each warpgroup's
    first with `per_warpgroup`) wait for them, once, before the kernel
    exits."""
    attributes = {"tiledMma": tiled_mma}
    if per_warpgroup:
        attributes["perWarpgroup"] = "unit"
    _b.op("cute_nvgpu.epilogue_store_tail", [_b._value(thread, _b.index)],
          attributes, [])


def prefetch_tma_descriptor(*descriptors):
    """``nvvm.prefetch tensormap``: each TMA descriptor brought on chip ahead
    of its first copy (CUTLASS's prefetch_tma_descriptor), from one thread
    at the kernel's start."""
    for descriptor in descriptors:
        _b.op("nvvm.prefetch", [descriptor], {"tensormap": "unit"}, [])


def cp_async_bulk_wait_group(n, read=False):
    """``nvvm.cp.async.bulk.wait_group n``: at most `n` bulk (TMA store)
    groups of this thread are still pending; with `read`
    (``{read}``), at most `n` still read shared memory, their writes to
    global memory possibly in flight."""
    attributes = {"group": f"{int(n)} : i32"}
    if read:
        attributes["read"] = "unit"
    _b.op("nvvm.cp.async.bulk.wait_group", [], attributes, [])
