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

def CuteNVGPU_PipelineRoleProducer : I32EnumAttrCase<"producer", 0>;
def CuteNVGPU_PipelineRoleConsumer : I32EnumAttrCase<"consumer", 1>;
def CuteNVGPU_PipelineRole
    : I32EnumAttr<"PipelineRole", "the side of a pipeline a state walks",
                  [CuteNVGPU_PipelineRoleProducer,
                   CuteNVGPU_PipelineRoleConsumer]> {
  let cppNamespace = "::mlir::cute_nvgpu";
}

#endif // CUTE_NVGPU_TYPES
