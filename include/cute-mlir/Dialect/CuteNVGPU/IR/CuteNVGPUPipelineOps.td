//===- CuteNVGPUPipelineOps.td - Pipelines over mbarriers --*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// CUTLASS's PipelineTmaAsync as IR: a producer thread acquires a stage,
// TMA loads complete on the stage's full barrier, consumers wait on it and
// release the stage through its empty barrier. Included by
// CuteNVGPUOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_PIPELINE_OPS
#define CUTE_NVGPU_PIPELINE_OPS

include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUTypes.td"

def CuteNVGPU_PipelineCreateOp : CuteNVGPU_Op<"pipeline_create"> {
  let summary = "initialize a TMA pipeline's mbarriers";
  let description = [{
    CUTLASS's `PipelineTmaAsync` constructor: the pipeline's `stages` take
    the `2 * stages` mbarriers of `barriers` (shared memory): the full
    barriers first, then the empty ones. Thread (0, 0, 0) initializes each
    full barrier for one arrival (the producer's, which also expects the
    stage's TMA bytes) and each empty barrier for one arrival per consumer
    warp (`consumers` threads, a multiple of 32); a block barrier
    (`gpu.barrier`) follows. Every thread of the block must reach it.

    With `cluster [X, Y]`, the kernel runs in clusters of X x Y CTAs (the
    launch's cluster dimensions; X along M, Y along N, CTA rank x + X * y)
    whose CTAs multicast operands into each other's stages in CUTLASS's
    pattern: a CTA's loads go to the CTAs of its cluster row and column
    (A along the row, B along the column). A stage of a CTA may then only be
    refilled when the consumers of every CTA its loads write to are done
    with it, so consumers release a stage to each CTA of their row and
    column, and each empty barrier counts `(X + Y - 1)` arrivals per
    consumer warp. The initialization ends with a cluster barrier instead
    of a block one, so that no peer arrives or multicasts before the
    mbarriers exist; every thread of the cluster must reach it. Its arrive
    is relaxed (`fence.mbarrier_init` releases the barriers, and a release
    arrive would be a GPU-wide memory barrier); its wait comes just before
    the op of this block that first uses the pipeline, so that what the
    kernel computes in between (a tile schedule, say) overlaps the peers'
    initialization. The barrier orders the mbarriers' initialization only,
    not other memory accesses before it. A producer
    ends with `cute_nvgpu.pipeline_producer_tail`, so that no CTA exits
    while peers may still arrive on its barriers.

    ```mlir
    %pipe = cute_nvgpu.pipeline_create %bars consumers 256 : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
    %pipe2 = cute_nvgpu.pipeline_create %bars consumers 256 cluster [2, 1] : memref<8xi64, #gpu.address_space<workgroup>> -> !cute_nvgpu.pipeline<4>
    ```
  }];
  let arguments = (ins MemRefRankOf<[I64], [1]>:$barriers,
                       I64Attr:$consumers,
                       OptionalAttr<DenseI64ArrayAttr>:$cluster);
  let results = (outs CuteNVGPU_PipelineType:$pipeline);
  let assemblyFormat = [{
    $barriers `consumers` $consumers (`cluster` $cluster^)? attr-dict `:`
    qualified(type($barriers)) `->` qualified(type($pipeline))
  }];
  let extraClassDeclaration = [{
    /// The cluster's CTAs along M and N ({1, 1} without `cluster`).
    std::pair<int64_t, int64_t> getClusterShape();
    /// The CTAs a consumer releases each stage to: its cluster row and
    /// column.
    int64_t getReleaseTargets() {
      auto [x, y] = getClusterShape();
      return x + y - 1;
    }
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_PipelineStateOp : CuteNVGPU_Op<"pipeline_state", [Pure]> {
  let summary = "the start state of a pipeline's producer or consumers";
  let description = [{
    CUTLASS's `make_producer_start_state` / a default `PipelineState`: stage
    0 for both sides; the consumers wait for round 0 of the full barriers,
    the producer for the (already complete) round before round 0 of the
    empty barriers, so its first pass over the stages does not wait.

    ```mlir
    %ps = cute_nvgpu.pipeline_state producer : !cute_nvgpu.pipeline_state<4>
    %cs = cute_nvgpu.pipeline_state consumer : !cute_nvgpu.pipeline_state<4>
    ```
  }];
  let arguments = (ins CuteNVGPU_PipelineRole:$role);
  let results = (outs CuteNVGPU_PipelineStateType:$state);
  let assemblyFormat = "$role attr-dict `:` qualified(type($state))";
}

def CuteNVGPU_PipelineAdvanceOp : CuteNVGPU_Op<"pipeline_advance", [Pure,
    AllTypesMatch<["state", "next"]>]> {
  let summary = "the next stage of a pipeline state, or the n-th next";
  let description = [{
    CUTLASS's `++state`: the next stage; after the last stage, stage 0 of
    the next round (the phase flips). With `by %n`, CUTLASS's `state += n`:
    `n` stages on (an `index`), the phase flipping once per round passed, as
    a consumer that skips the stages of work another consumer takes does.
    Waits go by phase parity, so a state must not get a whole round ahead of
    the stage it waits on: a consumer that skips must wait only once the
    skipped stages have completed their round (CUTLASS orders its ping-pong
    consumers for this).

    ```mlir
    %next = cute_nvgpu.pipeline_advance %state : !cute_nvgpu.pipeline_state<4>
    %skip = cute_nvgpu.pipeline_advance %state by %ktiles : !cute_nvgpu.pipeline_state<4>
    ```
  }];
  let arguments = (ins CuteNVGPU_PipelineStateType:$state,
                       Optional<Index>:$count);
  let results = (outs CuteNVGPU_PipelineStateType:$next);
  let assemblyFormat = [{
    $state (`by` $count^)? attr-dict `:` qualified(type($state))
  }];
}

def CuteNVGPU_PipelineStageOp : CuteNVGPU_Op<"pipeline_stage", [Pure]> {
  let summary = "the stage index of a pipeline state";
  let description = [{
    CUTLASS's `state.index()`: the stage, in 0 .. stages - 1, to pick the
    stage's buffers with (e.g. `cute.slice` of a staged shared-memory
    tensor).

    ```mlir
    %s = cute_nvgpu.pipeline_stage %state : !cute_nvgpu.pipeline_state<4>
    ```
  }];
  let arguments = (ins CuteNVGPU_PipelineStateType:$state);
  let results = (outs Index:$stage);
  let assemblyFormat = "$state attr-dict `:` qualified(type($state))";
}

class CuteNVGPU_PipelineStepOp<string mnemonic>
    : CuteNVGPU_Op<"pipeline_" # mnemonic> {
  let arguments = (ins CuteNVGPU_PipelineType:$pipeline,
                       CuteNVGPU_PipelineStateType:$state);
  let assemblyFormat = [{
    $pipeline `,` $state attr-dict `:` qualified(type($pipeline)) `,`
    qualified(type($state))
  }];
  let hasVerifier = 1;
}

def CuteNVGPU_PipelineProducerAcquireOp
    : CuteNVGPU_PipelineStepOp<"producer_acquire"> {
  let summary = "wait until a stage is empty and expect its TMA bytes";
  let description = [{
    CUTLASS's `producer_acquire`, by the one producing thread: waits until
    every consumer released the state's stage (its empty barrier), then
    arrives on the stage's full barrier expecting the transaction bytes of
    the TMA loads that complete on this pipeline state: the lowering adds up
    the boxes of every `cute_nvgpu.tma_copy ... pipeline %pipe[%state]`, so
    no kernel writes a byte count. A `load_multicast` of `multicast = k`
    counts its box k times: as in CuTe, each of the k CTAs it goes to loads
    one k-th of the tile and multicasts it to all of them, so k boxes land
    in each. Every such copy must then be issued, or
    the consumers wait forever.

    ```mlir
    cute_nvgpu.pipeline_producer_acquire %pipe, %ps : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    cute_nvgpu.tma_copy #tma, %descA, %gA, %sA pipeline %pipe[%ps] : ...
    ```
  }];
}

def CuteNVGPU_PipelineProducerTailOp
    : CuteNVGPU_PipelineStepOp<"producer_tail"> {
  let summary = "wait until the consumers released every stage";
  let description = [{
    CUTLASS's `producer_tail`, by the producing thread after its last
    acquire, with the state after it: waits on the empty barrier of each of
    the pipeline's stages for the round the next acquire would wait for,
    without arriving. Then no consumer, of this CTA or of a peer in the
    cluster, arrives on this CTA's barriers any more, and the CTA may exit;
    a pipeline with `cluster` needs it.

    ```mlir
    cute_nvgpu.pipeline_producer_tail %pipe, %ps : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    ```
  }];
}

def CuteNVGPU_PipelineConsumerWaitOp
    : CuteNVGPU_PipelineStepOp<"consumer_wait"> {
  let summary = "wait until a stage's data has landed";
  let description = [{
    CUTLASS's `consumer_wait`: waits on the state's full barrier for the
    state's round; the shared memory its TMA loads wrote is then visible.

    ```mlir
    cute_nvgpu.pipeline_consumer_wait %pipe, %cs : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    ```
  }];
}

def CuteNVGPU_PipelineConsumerReleaseOp
    : CuteNVGPU_PipelineStepOp<"consumer_release"> {
  let summary = "hand a stage back to the producer";
  let description = [{
    CUTLASS's `consumer_release`: every consumer thread runs it, warp by
    warp converged, once it is done reading the state's stage (for wgmma
    reads: after the `wgmma.wait_group` that retires them). Each warp syncs
    (`bar.warp.sync`) and its lane 0 arrives on the stage's empty barrier;
    when all consumer warps have, the producer may refill it. In a pipeline
    with `cluster [X, Y]`, lane r of each warp arrives on the stage's empty
    barrier in CTA r of the cluster, for each CTA r in the warp's cluster
    row or column.

    ```mlir
    cute_nvgpu.pipeline_consumer_release %pipe, %cs : !cute_nvgpu.pipeline<4>, !cute_nvgpu.pipeline_state<4>
    ```
  }];
}

#endif // CUTE_NVGPU_PIPELINE_OPS
