//===- CuteNVGPUTypes.td - Pipeline types ------------------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_TYPES
#define CUTE_NVGPU_TYPES

include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class CuteNVGPU_Type<string name, string typeMnemonic>
    : TypeDef<CuteNVGPU_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def CuteNVGPU_PipelineType : CuteNVGPU_Type<"Pipeline", "pipeline"> {
  let summary = "a ring of shared-memory stages guarded by mbarriers";
  let description = [{
    CUTLASS's `PipelineTmaAsync`: `stages` buffers that a producer fills
    with TMA loads and consumers drain, each guarded by a *full* mbarrier
    (the stage's data has landed) and an *empty* one (every consumer is done
    with it). Made by `cute_nvgpu.pipeline_create` over `2 * stages` 64-bit
    words of shared memory.

    ```mlir
    !cute_nvgpu.pipeline<4>
    ```
  }];
  let parameters = (ins "int64_t":$stages);
  let assemblyFormat = "`<` $stages `>`";
  let genVerifyDecl = 1;
}

def CuteNVGPU_PipelineStateType
    : CuteNVGPU_Type<"PipelineState", "pipeline_state"> {
  let summary = "a position in a pipeline: a stage and the phase of its round";
  let description = [{
    CUTLASS's `PipelineState`: which stage a producer or consumer is at and
    the parity of the round it is in, carried as a value (through
    `scf.for` iter_args, `scf.if` and `scf.while` results) and moved on
    with `cute_nvgpu.pipeline_advance`, so that no kernel computes a stage
    or a phase. It lowers to one `i32` (the phase in bit 31, the stage
    below).

    ```mlir
    !cute_nvgpu.pipeline_state<4>
    ```
  }];
  let parameters = (ins "int64_t":$stages);
  let assemblyFormat = "`<` $stages `>`";
  let genVerifyDecl = 1;
}

def CuteNVGPU_StreamKType : CuteNVGPU_Type<"StreamK", "stream_k"> {
  let summary = "a stream-K division of a GEMM's k-tiles among workers";
  let description = [{
    Which work items (a unit of output tiles and a range of its k-tiles)
    each worker of a persistent kernel takes: CUTLASS's stream-K tile
    scheduler, made by `cute_nvgpu.stream_k_schedule` and read by
    `stream_k_work_count`, `stream_k_work` and `stream_k_fixup`. It has no
    run-time representation of its own: each use is expanded to index
    arithmetic over the operands of the op that made it.

    ```mlir
    !cute_nvgpu.stream_k
    ```
  }];
}

def CuteNVGPU_PipelineRoleProducer : I32EnumAttrCase<"producer", 0>;
def CuteNVGPU_PipelineRoleConsumer : I32EnumAttrCase<"consumer", 1>;
def CuteNVGPU_PipelineRole
    : I32EnumAttr<"PipelineRole", "the side of a pipeline a state walks",
                  [CuteNVGPU_PipelineRoleProducer,
                   CuteNVGPU_PipelineRoleConsumer]> {
  let cppNamespace = "::mlir::cute_nvgpu";
}

#endif // CUTE_NVGPU_TYPES
