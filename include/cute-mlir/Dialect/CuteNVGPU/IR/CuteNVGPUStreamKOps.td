//===- CuteNVGPUStreamKOps.td - Stream-K tile scheduling ---*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// CUTLASS's stream-K scheduler as IR: the workers of a persistent kernel
// share the k-tiles of the last units of work, so that no worker idles
// through a partial last wave, and the workers that split a unit add their
// partial sums up in global memory. Included by CuteNVGPUOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_STREAM_K_OPS
#define CUTE_NVGPU_STREAM_K_OPS

include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUTypes.td"

def CuteNVGPU_StreamKScheduleOp
    : CuteNVGPU_Op<"stream_k_schedule", [Pure]> {
  let summary = "divide the k-tiles of a GEMM's units of work among workers";
  let description = [{
    A persistent kernel's `workers` (its blocks, or its clusters) share
    `units` units of work (output tiles, or a cluster's block of tiles, as
    `tile_coord` numbers them) of `ktiles` k-tiles each. Walking whole
    units, `units mod workers` of the workers run one unit more than the
    others: the last wave is partial, and the others idle through it.
    Stream-K (CUTLASS's `PersistentTileSchedulerSm90StreamK`) divides the
    k-tiles of the last units instead:

    - *data-parallel* units: all but the last one or two waves' worth,
      `(units / workers - 1) * workers` units (none with fewer units than
      workers), whole, worker `w` taking units `w, w + workers, ...`;
    - *stream-K* units: the rest (between one and two waves' worth); their
      k-tiles, unit after unit, are cut into as many contiguous ranges as
      there are workers (fewer where a range would be shorter than
      `min_k_tiles`), one per worker, of equal length but for one k-tile
      more in the first ones where they do not divide evenly. A worker's
      range covers the end of one unit, maybe whole units, and the start of
      another.

    With no full wave (fewer units than workers), where `s` = min(workers
    / units, ktiles / min_k_tiles) splits of every unit leave at most an
    eighth of the workers idle (`s * units >= 7/8 workers`, `s >= 2`), the
    schedule is *split-K* instead: worker `w < s * units` runs split
    `w / units` of unit `w mod units`, one of `s` contiguous ranges of equal
    length (one k-tile more in the first ones where they do not divide
    evenly). The workers of one split then read the same k-tiles of A and
    B at about the same time, where stream-K's ranges start anywhere in
    their units: with deep K, where A and B outgrow L2, stream-K reads them
    from memory again for every unit. On an H100 a bf16 GEMM of 1024x1024
    with K = 16384 (16 units of 256x256, 66 workers) ran 41% faster with
    split-aligned ranges.

    Other schedules with no full wave depend on whether A and B fit in L2,
    which `operand_bytes %b` (the bytes of A and B together) tells against
    `l2Bytes` (default 48 MiB: an H100's 50 MiB L2 less room for C and the
    partial sums). Where they do not, stream-K's ranges, which start at
    scattered k-tiles of their units, read A and B from memory again for
    every unit; so the schedule gives the workers ranges of `a/d` of a unit
    for the smallest such fraction, with `d <= 4`, that is at least
    `units / workers` (ceil(a * ktiles / d) k-tiles, at least
    `min_k_tiles`; the last range shorter): the ranges start at one of `d`
    k-tiles of their units, as split-K's do. Where no fraction below 1
    fits, every unit is whole (data-parallel). On an H100 in bf16 (66
    workers): 2560x1024x8192 (40 units) ran 18-31% faster on ranges of
    2/3 of a unit, 1536x2048x16384 (48 units) 79% faster on 3/4, and
    1792x2048x16384 (56 units) 78% faster with whole units; where A and B
    fit in L2 (1536x1536x8192, 48 MiB), stream-K was 7% faster than
    ranges of 2/3. Without `operand_bytes` the schedule is as if they fit.

    A worker's work items are its data-parallel units, then the pieces of
    units its range covers (`stream_k_work`): at most two of its items are
    partial units. Every unit is data-parallel, and the schedule the plain
    persistent one, where units divide evenly among the workers, or where
    splitting would save a worker fewer than `min_k_tiles` k-tiles or less
    than an eighth of the k-tiles it runs with whole units. `min_k_tiles`
    (default 16) stands for what combining a split unit's partial sums
    costs: on an H200, with the examples' 128x192 to 128x256 tiles of
    64-deep bf16 or f16 k-tiles (128-deep in fp8), 16 ran as fast as 24
    or faster (by up to 22%) for each of 31 kernels and shapes that the two
    schedule differently, from 128x2048x2048 to 3328^3, and faster than 12
    or 8 at most shapes where those split further. The eighth
    stands for what workers lose when they no longer read the same k-tiles
    of A and B at the same time (on an H100, splitting that saved 3% of the
    k-tiles lost 14% at 6144^3, where A and B exceed L2). The schedule is
    computed in 32 bits: `min_k_tiles`, and the units times the k-tiles,
    are below 2^31.

    Each split unit is finished by the worker whose piece starts at its
    first k-tile: `stream_k_fixup` passes the later pieces' partial sums
    down to it through global memory and tells it to store the tile. Every
    worker must be resident at once (a persistent grid of at most one block
    per SM), since a worker may wait for another's partial sums.

    ```mlir
    %sk = cute_nvgpu.stream_k_schedule %units, %ktiles, %clusters min_k_tiles 32
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster
    scf.for %i = %c0 to %items step %c1 {
      %unit, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
      %tm, %tn = cute_nvgpu.tile_coord %unit, %tilesM, %tilesN group 8
      ...   // k-tiles kBegin .. kEnd - 1 of tile (tm, tn)
    }
    ```
  }];
  let arguments = (ins Index:$units, Index:$ktiles, Index:$workers,
                       Optional<Index>:$operandBytes,
                       DefaultValuedAttr<I64Attr, "16">:$minKTiles,
                       DefaultValuedAttr<I64Attr, "50331648">:$l2Bytes);
  let results = (outs CuteNVGPU_StreamKType:$schedule);
  let assemblyFormat = [{
    $units `,` $ktiles `,` $workers (`min_k_tiles` $minKTiles^)?
    (`operand_bytes` $operandBytes^)? attr-dict
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_StreamKWorkCountOp
    : CuteNVGPU_Op<"stream_k_work_count", [Pure]> {
  let summary = "the number of work items of a stream-K worker";
  let description = [{
    How many work items worker `worker` (0 .. workers - 1) of the schedule
    runs: its data-parallel units and the pieces of stream-K units its
    range of k-tiles covers. A persistent kernel loops over them with
    `stream_k_work`.

    ```mlir
    %items = cute_nvgpu.stream_k_work_count %sk, %cluster
    ```
  }];
  let arguments = (ins CuteNVGPU_StreamKType:$schedule, Index:$worker);
  let results = (outs Index:$count);
  let assemblyFormat = "$schedule `,` $worker attr-dict";
  let hasVerifier = 1;
}

def CuteNVGPU_StreamKWorkOp : CuteNVGPU_Op<"stream_k_work", [Pure]> {
  let summary = "a stream-K worker's work item: a unit and a range of k-tiles";
  let description = [{
    Work item `item` (0 .. `stream_k_work_count` - 1) of worker `worker`:
    the unit of work `unit` (to be mapped to a tile with `tile_coord`) and
    its k-tiles `k_begin` .. `k_end - 1` (never empty, unless ktiles is 0:
    then every unit is one empty data-parallel item). A data-parallel
    unit is the whole range 0 .. ktiles; the pieces of a split unit begin
    or end inside it. The producer and the consumers of a warp-specialized
    kernel walk the same items; the consumers' first k-tile of an item
    does not accumulate.

    ```mlir
    %unit, %kBegin, %kEnd = cute_nvgpu.stream_k_work %sk, %cluster, %i
    ```
  }];
  let arguments = (ins CuteNVGPU_StreamKType:$schedule, Index:$worker,
                       Index:$item);
  let results = (outs Index:$unit, Index:$kBegin, Index:$kEnd);
  let assemblyFormat = "$schedule `,` $worker `,` $item attr-dict";
  let hasVerifier = 1;
}

def CuteNVGPU_StreamKFixupOp : CuteNVGPU_Op<"stream_k_fixup"> {
  let summary = "combine the partial sums of a unit that workers split";
  let description = [{
    After the mainloop of work item `item` of worker `worker`, every thread
    of the TiledMMA `tiled_mma` (thread index `thread`, 0 .. threads - 1)
    passes its accumulators `acc` of the CTA's tile: the TiledMMA's
    fragment, or its partition of a tile of several of the TiledMMA's tiles
    (CuTe's `partition_fragment_C`, with rest modes), which a kernel slices
    per tile. The result says whether this CTA stores the tile (runs its
    epilogue):

    - a whole unit: true, and nothing else happens;
    - a piece that does not start at the unit's first k-tile: the threads
      write `acc` (this piece's sum) to the CTA's slot of `partials`,
      thread 0 publishes it through the slot's word of `flags` (a release
      at GPU scope), and the result is false. It waits for no one first;
    - the piece that starts at the unit's first k-tile and ends inside it:
      the unit's later pieces are those of the next workers (`w + 1`,
      `w + 2`, ..., or with split-K `w + units`, `w + 2 units`, ...). For
      each in turn, thread 0 waits until its slot is published (an acquire
      at GPU scope) and clears its flag for the next launch, and the
      threads add the slot to `acc`; the result is true.

    The order of the additions is fixed, and a unit's pieces publish at
    once, in parallel: a chain in which each piece first waited for the
    next one's sum took a round of writes and reads per piece (on an
    H100, a bf16 1024x1024x16384 GEMM split 4 ways ran 7% faster with the
    pieces gathered by the first).

    With `ready N`, thread 0 neither waits for the later pieces' slots nor
    clears their flags: one warp outside the TiledMMA (of a producer) does,
    in `cute_nvgpu.stream_k_fixup_wait`, and arrives once on the named
    barrier `N`, on which the threads here synchronize with it instead
    (`threads` + 32 of them). Their code then has no spin loop and no
    store by one thread between two mainloops, either of which can make
    ptxas build the mainloop's wgmma descriptors outside uniform
    registers.

    A CTA's slot is `worker * X * Y + rank` for its rank in a cluster of
    `cluster [X, Y]` (x + X * y; one CTA a worker without it): `partials`
    holds `threads * size(acc)` accumulators a slot (the CTA's whole tile,
    each thread's values interleaved with the other threads' so that the
    accesses coalesce), `flags` one `i32` a slot, zero before the first
    launch (each launch leaves them zero). The verifier rejects a
    statically shaped `partials` or `flags` of no slot, or, with a constant
    number of workers, of fewer slots than their CTAs, unless the schedule
    is known to split no unit (a constant number of units that the constant
    workers divide, or no k-tiles). The threads synchronize on the
    named barrier `barrier_id` (1..15, default 1), which is none of a
    `per_warpgroup` epilogue_store's (those join one warpgroup each); the
    `ready` barrier is no other named barrier of the kernel's
    epilogue_stores and fixups.

    ```mlir
    %store = cute_nvgpu.stream_k_fixup #tm, %sk, %cluster, %i, %acc,
        %partials, %flags, %ctid cluster [2, 1]
        : !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">,
          memref<?xf32>, memref<?xi32>
    scf.if %store {
      cute_nvgpu.epilogue_store #tm, #tmaC, %descC, %acc, ...
    }
    ```
  }];
  let arguments = (ins CuteNVGPU_TiledMmaAttr:$tiledMma,
                       CuteNVGPU_StreamKType:$schedule, Index:$worker,
                       Index:$item, Cute_TensorType:$acc,
                       MemRefRankOf<[AnyFloat], [1]>:$partials,
                       MemRefRankOf<[I32], [1]>:$flags, Index:$thread,
                       OptionalAttr<I32Attr>:$ready,
                       OptionalAttr<DenseI64ArrayAttr>:$cluster,
                       DefaultValuedAttr<I32Attr, "1">:$barrierId);
  let results = (outs I1:$store);
  let assemblyFormat = [{
    qualified($tiledMma) `,` $schedule `,` $worker `,` $item `,` $acc `,`
    $partials `,` $flags `,` $thread (`ready` $ready^)?
    (`cluster` $cluster^)? attr-dict `:` qualified(type($acc)) `,`
    qualified(type($partials)) `,` qualified(type($flags))
  }];
  let extraClassDeclaration = [{
    /// The cluster's CTAs along M and N ({1, 1} without `cluster`).
    std::pair<int64_t, int64_t> getClusterShape();
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_StreamKFixupWaitOp : CuteNVGPU_Op<"stream_k_fixup_wait"> {
  let summary = "wait, outside the TiledMMA, for the sums a fixup adds";
  let description = [{
    The other half of `cute_nvgpu.stream_k_fixup ... ready N`, run by all
    32 threads of one warp outside the TiledMMA (a producer's) once the
    CTA's loads for all of worker `worker`'s work items are issued: if the
    worker's last piece starts its unit and ends inside it, lane 0 waits
    until the slot of each of the unit's later pieces is published (an
    acquire at GPU scope on its word of `flags`) and clears the flag for
    the next launch, then the warp arrives on the named barrier `N`, where
    the fixup's threads wait for it.
    Otherwise it does nothing. The TiledMMA, the schedule, the worker,
    `flags` and `cluster` are those of the fixup.

    ```mlir
    %warp0 = arith.cmpi ult, %tid, %c32 : index
    scf.if %warp0 {
      cute_nvgpu.stream_k_fixup_wait #tm, %sk, %cluster, %flags ready 2
          cluster [2, 1] : memref<?xi32, 1>
    }
    ```
  }];
  let arguments = (ins CuteNVGPU_TiledMmaAttr:$tiledMma,
                       CuteNVGPU_StreamKType:$schedule, Index:$worker,
                       MemRefRankOf<[I32], [1]>:$flags, I32Attr:$ready,
                       OptionalAttr<DenseI64ArrayAttr>:$cluster);
  let assemblyFormat = [{
    qualified($tiledMma) `,` $schedule `,` $worker `,` $flags `ready` $ready
    (`cluster` $cluster^)? attr-dict `:` qualified(type($flags))
  }];
  let extraClassDeclaration = [{
    /// The cluster's CTAs along M and N ({1, 1} without `cluster`).
    std::pair<int64_t, int64_t> getClusterShape();
  }];
  let hasVerifier = 1;
}

#endif // CUTE_NVGPU_STREAM_K_OPS
