//===- CuteNVGPUEpilogueOps.td - Epilogues -----------------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Storing a TiledMMA's accumulators: converted to the output type, staged
// through shared memory and written by TMA. Included by CuteNVGPUOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_EPILOGUE_OPS
#define CUTE_NVGPU_EPILOGUE_OPS

def CuteNVGPU_EpilogueStoreOp
    : CuteNVGPU_Op<"epilogue_store", [AttrSizedOperandSegments]> {
  let summary = "store a TiledMMA's accumulators to global memory through "
                "shared memory and TMA";
  let description = [{
    The epilogue of CUTLASS's TMA-warp-specialized collectives as one op.
    Every thread of the TiledMMA `tiled_mma` (thread index `thread`,
    0 .. threads - 1) passes its accumulator fragment `acc` (its
    `partition_c` of the (M, N) tile, `make_fragment like`); together they
    store the tile, converted to the element type of the TMA `store` atom,
    at the tile of global coordinates `tile` (an (M, N) tile of a
    coordinate tensor, as `tma_copy` takes; its first element is the tile's
    origin).

    The tile goes out in boxes of the atom (`box = [bn, bm]`: bn columns,
    bm rows; bm divides M and bn divides N), row by row of boxes. Each box
    is written by the threads into one of the stages of `buffer` (shared
    memory of whole boxes, laid out as the TMA atom's swizzle wants),
    fenced for the async proxy and stored by thread 0 with one
    `cp.async.bulk.tensor`; with two or more stages the threads fill the
    next box while TMA stores the previous one. With a stage for every box
    (a buffer of the whole tile), no box waits for another's store: the
    threads write all the boxes between one barrier and one fence and
    barrier, and thread 0 then issues all the stores. The op returns as soon as
    the last store is issued: the stores overlap with whatever follows, such
    as the next tile's mainloop. Before a stage is written again, thread 0
    waits until TMA has read it (`cp.async.bulk.wait_group.read`) and the
    threads synchronize on the named barrier `barrier_id` (1..15, default
    1; 0 is the block's `gpu.barrier`). Rows and columns outside the global
    tensor are clipped by TMA, so any M and N work.

    Before the kernel exits, the threads that issued the stores wait for
    them to complete: `cute_nvgpu.epilogue_store_tail`.

    With `if %store` (an `i1`, the same in every thread), the threads fill
    shared memory as always but thread 0 issues the boxes' TMA stores only
    where `%store` holds: the result of `cute_nvgpu.stream_k_fixup`, say,
    without an `scf.if` around the whole epilogue. A kernel that branches
    around the epilogue after a fixup measured 1-2% slower on an H100 where
    no tile was split (ptxas schedules the code around the branch worse);
    a piece that does not store only writes shared memory that no one
    reads.

    With `scale %s` (a scalar of the accumulators' type), the tile stored
    is `%s` times the accumulators, multiplied before the conversion:
    CUTLASS's `alpha`, such as the product of an fp8 GEMM's per-tensor
    scales. The fragment itself is left as it is.

    With `per_warpgroup`, each warpgroup of the TiledMMA (threads
    128 w .. 128 w + 127) stores its own part of the tile on its own, as
    if it were an epilogue of its own: the part of the tile its
    accumulators cover (for wgmma TiledMMAs tiled along M, its 64-row band),
    the w-th of as many equal slices of `buffer`, the named barrier
    `barrier_id + w` of 128 threads, and its first thread issuing its TMA
    stores and waits. Neither warpgroup waits for the other's epilogue, so
    one's may overlap the other's next mainloop (0.2-1.1% faster on an H100
    than one 256-thread epilogue, for the bf16 and f16 examples' 128xN
    tiles). The boxes then tile a part, not the whole tile: 64-row boxes
    for two warpgroups along M.

    With `transposed`, the TiledMMA's (M, N) tile is C's (N, M) tile
    transposed: the accumulator at (i, j) goes to row j, column i of C, and
    `tile` is an (N, M) tile of C's coordinate tensor. A kernel that swaps
    A and B computes C's transpose, C^T = B A^T, with the same K-major
    operands: a GEMM with few rows of C (a small batch of tokens, say) then
    puts its many columns on wgmma's M, 64 at a time, and its few rows on
    wgmma's N, which can be as narrow as 8, instead of filling 64-row
    wgmmas mostly with zeros. Boxes and `per_warpgroup`'s parts tile C's
    (N, M) tile; each value is stored on its own (a thread's neighbouring
    values lie in neighbouring rows of C), which costs little where the
    tile has few columns of the TiledMMA.

    The descriptor is made on the host by `make_tma_descriptor` with the
    same atom from the row-major (M, N) output tensor. The accumulator is
    converted as by `arith.truncf` (f32 to f16 or bf16) or stored as it is;
    fp8 outputs are not supported.
    The verifier checks that every thread's value i falls in the same box,
    at the same place relative to the thread's first value (so the stores
    unroll alike for all threads; for wgmma TiledMMAs tiled along M, boxes
    span the tile's M rows), that the fragment holds the TiledMMA's values,
    and that the buffer holds whole boxes. The lowering writes runs of
    values side by side with vector stores of up to 16 bytes, or, for 16-bit
    C whose pairs of values every warp holds as stmatrix takes its 8x8
    matrices (wgmma's and mma.sync's C fragments), four pairs at a time
    with `stmatrix.x4`: a quarter of the store instructions. The buffer
    starts where the swizzle's pattern starts (1024 bytes for 128-byte
    swizzle), as TMA needs, and so does every stage: with more than one
    box, the verifier checks that a box's bytes are a multiple of the
    pattern and of 128, and, for a buffer that is a `memref.view` of
    `gpu.dynamic_shared_memory` at a constant byte offset, that the offset
    is one too.

    ```mlir
    #st = #cute_nvgpu.tma_atom<store, bf16, box = [64, 128], swizzle = 128>
    cute_nvgpu.epilogue_store #tm, #st, %descC, %acc, %tile, %buf, %ctid
        : !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">,
          !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,256):(1,16777216)">,
          memref<16384xbf16, #gpu.address_space<workgroup>>

    // The same tile of two warpgroups along M, each storing its 64 rows
    // in 64x64 boxes from its 8192 values of the buffer, on barrier 2 or 3.
    #st64 = #cute_nvgpu.tma_atom<store, bf16, box = [64, 64], swizzle = 128>
    cute_nvgpu.epilogue_store #tm, #st64, %descC, %acc, %tile, %buf, %ctid
        per_warpgroup {barrierId = 2 : i32}
        : !cute.tensor<f32, rmem, "((2,2,32),1,1):((1,2,4),0,0)">,
          !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,256):(1,16777216)">,
          memref<16384xbf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins CuteNVGPU_TiledMmaAttr:$tiledMma,
                       CuteNVGPU_TmaAtomAttr:$atom,
                       CuteNVGPU_GenericPointer:$descriptor,
                       Cute_TensorType:$acc, Cute_TensorType:$tile,
                       MemRefRankOf<[AnyType], [1]>:$buffer, Index:$thread,
                       Optional<I1>:$store, Optional<AnyFloat>:$scale,
                       DefaultValuedAttr<I32Attr, "1">:$barrierId,
                       UnitAttr:$perWarpgroup, UnitAttr:$transposed);
  let assemblyFormat = [{
    qualified($tiledMma) `,` qualified($atom) `,` $descriptor `,` $acc `,`
    $tile `,` $buffer `,` $thread (`if` $store^)?
    (`scale` $scale^ `:` type($scale))? (`per_warpgroup` $perWarpgroup^)?
    (`transposed` $transposed^)? attr-dict `:` qualified(type($acc)) `,`
    qualified(type($tile)) `,`
    type($buffer)
  }];
  let extraClassDeclaration = [{
    /// How many parts of `mma`'s threads store the tile each on their own:
    /// its warpgroups with `per_warpgroup`, else one (all of its threads).
    /// The verifier checks that the warpgroups are whole.
    int64_t getStoreParts(const ::mlir::cute::TiledMma &mma);
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_EpilogueStoreTailOp : CuteNVGPU_Op<"epilogue_store_tail"> {
  let summary = "wait for the TMA stores of a TiledMMA's epilogue_stores";
  let description = [{
    CUTLASS's `store_tail`: the threads of the TiledMMA `tiled_mma` that
    issue `epilogue_store`'s TMA stores (thread index `thread`, as the
    stores take it) wait until every store they issued has completed
    (`cp.async.bulk.wait_group 0`; CUTLASS waits only for the reads, which
    measured no faster here). A kernel does this once, after its last
    epilogue_store and before it exits: the shared memory the stores read
    goes away with the block. The issuing threads are thread 0, or, with
    `per_warpgroup` (as the epilogue_stores have it), the first thread of
    each warpgroup; the other threads do nothing. A tail without
    `per_warpgroup` in a function with `per_warpgroup` stores of the same
    TiledMMA (of more than one warpgroup) is an error: it would leave their
    other warpgroups' stores running.

    ```mlir
    cute_nvgpu.epilogue_store_tail #tm, %ctid per_warpgroup
    ```
  }];
  let arguments = (ins CuteNVGPU_TiledMmaAttr:$tiledMma, Index:$thread,
                       UnitAttr:$perWarpgroup);
  let assemblyFormat = [{
    qualified($tiledMma) `,` $thread (`per_warpgroup` $perWarpgroup^)?
    attr-dict
  }];
  let hasVerifier = 1;
}

#endif // CUTE_NVGPU_EPILOGUE_OPS
