//===- CuteNVGPUOps.td - Partitioning, gemm and copy -------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_OPS
#define CUTE_NVGPU_OPS

include "cute-mlir/Dialect/Cute/IR/CuteAlgebraOpBase.td"
include "cute-mlir/Dialect/Cute/IR/CuteTypes.td"
include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.td"
include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.td"
include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUTypes.td"
include "mlir/Dialect/LLVMIR/LLVMTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// A TMA descriptor is passed around as its generic address.
def CuteNVGPU_GenericPointer : LLVM_PointerInAddressSpace<0>;

/// An op whose result type the layout library infers; its assembly omits it
/// (see cute's AlgebraOpSyntax.h).
class CuteNVGPU_AlgebraOp<string mnemonic>
    : Op<CuteNVGPU_Dialect, mnemonic, Cute_AlgebraOpTraits<0>.traits> {
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Partitioning
//===----------------------------------------------------------------------===//

class CuteNVGPU_MmaPartitionOp<string operand, string modes, string example>
    : CuteNVGPU_AlgebraOp<"partition_" # !tolower(operand)> {
  let summary = "the part of " # operand # " one thread of a TiledMMA owns";
  let description = [{
    CuTe's `tiled_mma.get_slice(thread).partition_}] # operand # [{(tensor)`: the
    tensor, of }] # modes # [{, is tiled by the TiledMMA's tile and thread
    `thread` (in 0 .. size(TiledMMA) - 1, possibly dynamic) keeps its values
    in every tile: the result has modes (FrgV, Rest0, Rest1). Register
    fragments for it come from `cute.make_fragment_like` (CuTe's
    partition_fragment_}] # operand # [{).

    ```mlir
    }] # example # [{
    ```
  }];
  let arguments = (ins CuteNVGPU_TiledMmaAttr:$tiled_mma,
                       Cute_TensorType:$tensor, Index:$thread);
  let results = (outs Cute_TensorType:$result);
}

def CuteNVGPU_PartitionAOp : CuteNVGPU_MmaPartitionOp<"A", "(M,K)",
  "%tA = cute_nvgpu.partition_a #tm, %sA, %tid : !cute.tensor<f16, smem, \"(32,16):(16,1)\">, index\n    // %tA: !cute.tensor<f16, smem, \"((2,2,2),1,1):((1,128,8),0,0)\">">;
def CuteNVGPU_PartitionBOp : CuteNVGPU_MmaPartitionOp<"B", "(N,K)",
  "%tB = cute_nvgpu.partition_b #tm, %sB, %tid : !cute.tensor<f16, smem, \"(16,16):(16,1)\">, index\n    // %tB: !cute.tensor<f16, smem, \"((2,2),1,1):((1,8),0,0)\">">;
def CuteNVGPU_PartitionCOp : CuteNVGPU_MmaPartitionOp<"C", "(M,N)",
  "%tC = cute_nvgpu.partition_c #tm, %gC, %tid : !cute.tensor<f32, gmem, \"(32,16):(1,32)\">, index\n    // %tC: !cute.tensor<f32, gmem, \"((2,2),1,1):((32,8),0,0)\">">;

class CuteNVGPU_CopyPartitionOp<string side, string what>
    : CuteNVGPU_AlgebraOp<"partition_" # !tolower(side)> {
  let summary = "the part of a copy's " # what # " one thread moves";
  let description = [{
    CuTe's `tiled_copy.get_slice(thread).partition_}] # side # [{(tensor)`: the
    tensor is tiled by the TiledCopy's tile and thread `thread` keeps the
    values it }] # !if(!eq(side, "S"), "reads", "writes") # [{ in every tile,
    in the order the atom }] # !if(!eq(side, "S"), "reads", "writes") # [{
    them: modes ((AtomVal,RestVal), RestM, RestN, ...).

    ```mlir
    %p = cute_nvgpu.partition_}] # !tolower(side) # [{ #tc, %t, %tid : !cute.tensor<f16, gmem, "(32,64):(64,1)">, index
    // %p: !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">
    ```
  }];
  let arguments = (ins CuteNVGPU_TiledCopyAttr:$tiled_copy,
                       Cute_TensorType:$tensor, Index:$thread);
  let results = (outs Cute_TensorType:$result);
}

def CuteNVGPU_PartitionSOp : CuteNVGPU_CopyPartitionOp<"S", "source">;
def CuteNVGPU_PartitionDOp : CuteNVGPU_CopyPartitionOp<"D", "destination">;

def CuteNVGPU_RetileOp : CuteNVGPU_AlgebraOp<"retile"> {
  let summary = "regroup a thread's fragment by a TiledCopy's values";
  let description = [{
    CuTe's `retile_S` / `retile_D` (they are the same): the values of a
    thread's fragment, for example one made for a TiledMMA, regrouped as
    ((AtomVal,RestVal), Rest...) so that a TiledCopy can fill or drain it.
    The storage is the fragment's.

    ```mlir
    %v = cute_nvgpu.retile #tc, %frag : !cute.tensor<f16, rmem, "((2,2,2),2,2):((1,2,4),8,16)">
    // %v: !cute.tensor<f16, rmem, "((8,1),2,2):((1,0),8,16)">
    ```
  }];
  let arguments = (ins CuteNVGPU_TiledCopyAttr:$tiled_copy,
                       Cute_TensorType:$tensor);
  let results = (outs Cute_TensorType:$result);
}

//===----------------------------------------------------------------------===//
// Running atoms
//===----------------------------------------------------------------------===//

def CuteNVGPU_GemmOp : CuteNVGPU_Op<"gemm"> {
  let summary = "C += A * B with a TiledMMA, over one thread's partitions";
  let description = [{
    CuTe's `gemm(tiled_mma, A, B, C)`: the tensors are one thread's
    partitions (from `partition_a/b/c`, or fragments like them), with modes
    (FrgV, M', K'), (FrgV, N', K') and (FrgV, M', N'); the atom runs for every
    (m', n', k'). As in CuTe, A and B may also be one k-block, (FrgV, M') and
    (FrgV, N') (a slice `[_, _, k]`): a mainloop that loads the next
    k-block's fragments while it multiplies this one (CuTe's register
    pipelining) runs one gemm per k-block. The verifier checks the element types against the atom's,
    each operand's values per atom, that the M', N' and K' extents agree,
    where each operand lives (C in registers; a wgmma's shared-memory operands
    in `smem`), and, inside a `gpu.module` with an `#nvvm.target`, that the
    target has the atom's instruction.

    With `accumulate %flag` (an `i1`), CuTe's `tiled_mma.accumulate_`
    (wgmma's `scale-d`): when the flag is false, the first k-block
    (k' = 0) computes D = A * B without reading C, and the later k-blocks
    accumulate onto it. A mainloop passes `k-tile != 0`, so the
    accumulators need no zero-fill before it; on wgmma atoms the flag is a
    predicate of the instruction itself, so nothing runs between the wgmmas
    of a group for ptxas to serialize them over. On mma.sync atoms C's
    values are replaced by zeros when the flag is false.

    ```mlir
    cute_nvgpu.gemm #tm, %fA, %fB, %fC : !cute.tensor<f16, rmem, "((2,2,2),1,1):((1,2,4),0,0)">, !cute.tensor<f16, rmem, "((2,2),1,1):((1,2),0,0)">, !cute.tensor<f32, rmem, "((2,2),1,1):((1,2),0,0)">
    %notFirst = arith.cmpi ne, %kt, %c0 : index
    cute_nvgpu.gemm #wg, %sA, %sB, %fC accumulate %notFirst : !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((64,16),2,4):((64,1),4096,16)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o ((128,16),1,4):((64,1),0,16)">, !cute.tensor<f32, rmem, "((2,2,16),2,1):((1,2,4),64,0)">
    ```
  }];
  let arguments = (ins CuteNVGPU_TiledMmaAttr:$tiled_mma,
                       Cute_TensorType:$a, Cute_TensorType:$b,
                       Cute_TensorType:$c, Optional<I1>:$accumulate);
  let assemblyFormat = [{
    qualified($tiled_mma) `,` $a `,` $b `,` $c (`accumulate` $accumulate^)?
    attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,`
    qualified(type($c))
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_CopyOp : CuteNVGPU_Op<"copy"> {
  let summary = "copy with a copy atom or a TiledCopy, over one thread's partitions";
  let description = [{
    CuTe's `copy(tiled_copy, S, D)`: `src` and `dst` are one thread's
    partitions (from `partition_s/d` or `retile`) with modes
    ((AtomVal,RestVal), Rest...); the atom runs for every atom-sized block of
    values. With a bare copy atom, each call moves the first mode. The
    verifier checks the element type and width against the atom's, the
    memories the atom reads and writes, that the atom's values are
    contiguous and aligned to its width in memory, that a TMA box matches the
    shared-memory tile and its swizzle, and the target's architecture.

    With `if %pred`, CuTe's `copy_if(tiled_copy, pred, S, D)`: `pred` is a
    tensor of `i1` with one entry per atom call, i.e. per position of the
    rest modes (its size is size(src) / size(mode 0 of src)), indexed by that
    position as an integer coordinate. A false entry skips the call; for
    cp.async atoms it reads nothing and zero-fills the destination instead
    (CuTe's ZFILL form), so partial GEMM tiles multiply by zeros.

    ```mlir
    cute_nvgpu.copy #tc, %s, %d : !cute.tensor<f16, gmem, "((8,1),1,1):((1,0),0,0)">, !cute.tensor<f16, smem, "((8,1),1,1):((1,0),0,0)">
    cute_nvgpu.copy #g2s, %s, %d if %p : !cute.tensor<f16, gmem, "((8,1),4,1):((1,0),?,0)">, !cute.tensor<f16, smem, "((8,1),4,1):((1,0),256,0)">, !cute.tensor<i1, rmem, "(4,1):(1,0)">
    ```
  }];
  let arguments = (ins AnyAttr:$copy, Cute_TensorType:$src,
                       Cute_TensorType:$dst, Optional<Cute_TensorType>:$pred);
  let assemblyFormat = [{
    $copy `,` $src `,` $dst (`if` $pred^)? attr-dict `:` qualified(type($src))
    `,` qualified(type($dst)) (`,` qualified(type($pred))^)?
  }];
  let extraClassDeclaration = [{
    /// The atom: the copy attribute itself, or a TiledCopy's atom; null
    /// when the attribute is neither (the verifier rejects that).
    CopyAtomAttrInterface getCopyAtom();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA and mbarriers
//===----------------------------------------------------------------------===//

def CuteNVGPU_MakeTmaDescriptorOp : CuteNVGPU_Op<"make_tma_descriptor"> {
  let summary = "encode the TMA descriptor of a global tensor, on the host";
  let description = [{
    CuTe's `make_tma_atom(op, gmem_tensor, smem_layout, cta_tile)` on the
    host side: the CUtensorMap of `tensor` for the atom's box, swizzle and
    element type, encoded at run time by the driver
    (`cuTensorMapEncodeTiled`, through the runtime's
    `cuteTmaDescriptorCreate`) and copied to device memory. The result is
    that copy's generic address, which a kernel takes as an `!llvm.ptr`
    argument and gives to `cute_nvgpu.tma_copy`; free it with
    `cute_nvgpu.destroy_tma_descriptor` once the kernels are done.

    The TMA dimensions are the tensor's modes, last first, as for a
    row-major memref: the last mode must have stride 1, and the box (given
    innermost first) lists the extents of the last mode, then the one before,
    and so on. Out-of-bounds elements of a box read as zero and are not
    written, so TMA needs no predicates for partial tiles.

    ```mlir
    %dA = cute_nvgpu.make_tma_descriptor #cute_nvgpu.tma_atom<load, f16, box = [64, 128], swizzle = 128>, %tA : !cute.tensor<f16, gmem, "(?,?):(?,1)"> -> !llvm.ptr
    ```
  }];
  let arguments = (ins CuteNVGPU_TmaAtomAttr:$atom, Cute_TensorType:$tensor);
  let results = (outs CuteNVGPU_GenericPointer:$descriptor);
  let assemblyFormat = [{
    qualified($atom) `,` $tensor attr-dict `:` qualified(type($tensor)) `->`
    qualified(type($descriptor))
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_DestroyTmaDescriptorOp
    : CuteNVGPU_Op<"destroy_tma_descriptor"> {
  let summary = "free a TMA descriptor, on the host";
  let description = [{
    Frees the device copy of a CUtensorMap that
    `cute_nvgpu.make_tma_descriptor` made (through the runtime's
    `cuteTmaDescriptorDestroy`). Every kernel that reads it must be done:
    after a synchronous `gpu.launch_func`, or after waiting on an
    asynchronous one's token.

    ```mlir
    gpu.launch_func @kernels::@gemm ... args(%dA : !llvm.ptr, ...)
    cute_nvgpu.destroy_tma_descriptor %dA : !llvm.ptr
    ```
  }];
  let arguments = (ins CuteNVGPU_GenericPointer:$descriptor);
  let assemblyFormat = [{
    $descriptor attr-dict `:` qualified(type($descriptor))
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_TmaCopyOp : CuteNVGPU_Op<"tma_copy", [AttrSizedOperandSegments]> {
  let summary = "copy one TMA box between global and shared memory";
  let description = [{
    CuTe's `copy(tma.with(barrier, mcast_mask), S, D)` for one box. The
    global side is a tile of a coordinate tensor (`cute.make_identity_tensor`
    over the global tensor's shape, tiled like the data): its first element
    is the box's coordinate, reversed into TMA order. The shared-memory side
    is the box itself, laid out with the atom's swizzle, modes in the global
    tensor's order. One thread issues the copy.

    A `load` completes on the mbarrier `barriers[index]` (whose phase must
    expect the box's bytes, see `cute_nvgpu.mbarrier_arrive`), or with
    `pipeline %pipe[%state]` on the full barrier of a pipeline's stage,
    whose `cute_nvgpu.pipeline_producer_acquire` expects the bytes; a
    `load_multicast` also writes the box to the same offset in the shared
    memory of each CTA in the 16-bit `multicast` mask (bit i: CTA rank i of
    the cluster; a constant mask must name at least one CTA, and only CTAs
    of the pipeline's cluster, or of the kernel's `known_cluster_size` or
    `nvvm.cluster_dim`, where the IR states one). A `store` or
    `reduce_add` reads shared memory and completes in the thread's bulk async
    group (`nvvm.cp.async.bulk.commit.group` / `wait_group`); write shared
    memory and then `nvvm.fence.proxy` before storing it.

    ```mlir
    cute_nvgpu.tma_copy #ld, %desc, %gA, %sA barrier %bars[%stage] : !cute.tensor<!cute.coord<"(?,?)">, coord, "(128,64):(1,?)">, !cute.tensor<f16, smem, "Sw<3,3,3> o 0 o (128,64):(64,1)">, memref<4xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.tma_copy #st, %desc, %sC, %gC : !cute.tensor<f32, smem, "(64,32):(32,1)">, !cute.tensor<!cute.coord<"(?,?)">, coord, "(64,32):(1,?)">
    ```
  }];
  let arguments = (ins CuteNVGPU_TmaAtomAttr:$atom,
                       CuteNVGPU_GenericPointer:$descriptor,
                       Cute_TensorType:$src, Cute_TensorType:$dst,
                       Optional<MemRefRankOf<[I64], [1]>>:$barriers,
                       Optional<Index>:$barrierIndex,
                       Optional<CuteNVGPU_PipelineType>:$pipeline,
                       Optional<CuteNVGPU_PipelineStateType>:$pipelineState,
                       Optional<I16>:$multicast);
  let assemblyFormat = [{
    qualified($atom) `,` $descriptor `,` $src `,` $dst
    (`barrier` $barriers^ `[` $barrierIndex `]`)?
    (`pipeline` $pipeline^ `[` $pipelineState `]`)? (`multicast` $multicast^)?
    attr-dict `:` qualified(type($src)) `,` qualified(type($dst))
    `` custom<CompletionTypes>(type($barriers), type($pipeline),
                               type($pipelineState))
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_BulkCopyOp
    : CuteNVGPU_Op<"bulk_copy", [AttrSizedOperandSegments]> {
  let summary = "copy a contiguous run of bytes between global and shared memory";
  let description = [{
    CuTe's `copy(bulk_atom.with(barrier), S, D)`: one thread issues a
    non-tensor `cp.async.bulk` of the atom's `bytes`. `src` and `dst` hold
    exactly those bytes, contiguous; both ends must be 16-byte aligned.

    A `load` (global to shared) completes on the mbarrier
    `barriers[index]`, whose phase must expect the bytes (see
    `cute_nvgpu.mbarrier_arrive`). A `store` (shared to global) completes in
    the thread's bulk async group (`nvvm.cp.async.bulk.commit.group` /
    `wait_group`); write shared memory and then `nvvm.fence.proxy` before
    storing it.

    ```mlir
    cute_nvgpu.bulk_copy #cute_nvgpu.bulk_copy<load, f32, bytes = 1024>, %g, %s barrier %bars[%c0] : !cute.tensor<f32, gmem, "256:1">, !cute.tensor<f32, smem, "256:1">, memref<1xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.bulk_copy #cute_nvgpu.bulk_copy<store, f32, bytes = 1024>, %s, %g : !cute.tensor<f32, smem, "256:1">, !cute.tensor<f32, gmem, "256:1">
    ```
  }];
  let arguments = (ins CuteNVGPU_BulkCopyAttr:$atom,
                       Cute_TensorType:$src, Cute_TensorType:$dst,
                       Optional<MemRefRankOf<[I64], [1]>>:$barriers,
                       Optional<Index>:$barrierIndex);
  let assemblyFormat = [{
    qualified($atom) `,` $src `,` $dst
    (`barrier` $barriers^ `[` $barrierIndex `]`)?
    attr-dict `:` qualified(type($src)) `,` qualified(type($dst))
    (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

// The mbarrier ops name one 64-bit word of a shared-memory memref of them.
class CuteNVGPU_MbarrierOp<string mnemonic, list<Trait> traits = []>
    : CuteNVGPU_Op<mnemonic, traits> {
  let hasVerifier = 1;
}

def CuteNVGPU_MbarrierInitOp : CuteNVGPU_MbarrierOp<"mbarrier_init"> {
  let summary = "initialize an mbarrier for `count` arrivals per phase";
  let description = [{
    `mbarrier.init` of `barriers[index]`, a 64-bit word of shared memory:
    phase 0, expecting `count` arrivals (1 to 2^20 - 1). One thread
    initializes; a barrier (`gpu.barrier`) must follow before other threads
    use it.

    ```mlir
    cute_nvgpu.mbarrier_init %bars[%i], %c1 : memref<4xi64, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins MemRefRankOf<[I64], [1]>:$barriers, Index:$index,
                       Index:$count);
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $count attr-dict `:` qualified(type($barriers))
  }];
}

def CuteNVGPU_MbarrierArriveOp : CuteNVGPU_MbarrierOp<"mbarrier_arrive",
    [AttrSizedOperandSegments]> {
  let summary = "arrive on an mbarrier, optionally expecting TMA bytes";
  let description = [{
    `mbarrier.arrive` on `barriers[index]`; with `expect_tx %bytes`,
    `mbarrier.arrive.expect_tx`: the current phase also waits for `bytes`
    bytes of asynchronous copies (the TMA loads that complete on it) to land.
    With `cta %rank`, the arrival goes to the mbarrier at the same offset in
    the shared memory of CTA `rank` of the cluster (`mapa`; release at
    cluster scope), as a consumer hands a stage back to a peer CTA that
    multicasts into it.

    The verifier checks a constant `expect_tx` against the TMA and bulk
    loads that complete on the same barrier word (the same memref and index
    values) when they and every other expecting arrival on that word sit in
    this block: their bytes must add up, or the phase would never complete
    or complete before the data lands. Counts that depend on control flow or
    on other CTAs' multicasts are not checked.

    ```mlir
    cute_nvgpu.mbarrier_arrive %bars[%s] expect_tx %bytes : memref<4xi64, #gpu.address_space<workgroup>>
    cute_nvgpu.mbarrier_arrive %bars[%s] cta %peer : memref<4xi64, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins MemRefRankOf<[I64], [1]>:$barriers, Index:$index,
                       Optional<Index>:$bytes, Optional<Index>:$cta);
  let assemblyFormat = [{
    $barriers `[` $index `]` (`expect_tx` $bytes^)? (`cta` $cta^)? attr-dict
    `:` qualified(type($barriers))
  }];
  let builders = [
    OpBuilder<(ins "Value":$barriers, "Value":$index, "Value":$bytes), [{
      build($_builder, $_state, barriers, index, bytes, /*cta=*/Value());
    }]>
  ];
}

def CuteNVGPU_MbarrierWaitOp : CuteNVGPU_MbarrierOp<"mbarrier_wait"> {
  let summary = "wait until an mbarrier completes the phase of a parity";
  let description = [{
    Spins on `mbarrier.try_wait.parity` of `barriers[index]` until the phase
    with parity `phase` (its low bit: phases alternate 0, 1, 0, ...) has
    completed, with acquire semantics: the shared memory the phase's TMA
    loads wrote is then visible.

    ```mlir
    cute_nvgpu.mbarrier_wait %bars[%s], %parity : memref<4xi64, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins MemRefRankOf<[I64], [1]>:$barriers, Index:$index,
                       Index:$phase);
  let assemblyFormat = [{
    $barriers `[` $index `]` `,` $phase attr-dict `:` qualified(type($barriers))
  }];
}

include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUPipelineOps.td"
include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUWarpRoleOps.td"
include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUSchedulingOps.td"
include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUStreamKOps.td"
include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUEpilogueOps.td"

#endif // CUTE_NVGPU_OPS
