//===- CuteNVGPUDialect.td - The cute_nvgpu dialect --------*- tablegen -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_NVGPU_DIALECT
#define CUTE_NVGPU_DIALECT

include "mlir/IR/OpBase.td"

def CuteNVGPU_Dialect : Dialect {
  let name = "cute_nvgpu";
  let cppNamespace = "::mlir::cute_nvgpu";
  let summary = "NVIDIA tensor-core and copy atoms, tiled and partitioned";
  let description = [{
    The `cute_nvgpu` dialect holds CuTe's architecture-specific atoms and
    what CuTe builds from them.

    **Atoms are attributes.** An MMA atom (`#cute_nvgpu.mma_atom<"SM80_16x8x16_F32F16F16F32_TN">`,
    or just `#cute_nvgpu.SM80_16x8x16_F32F16F16F32_TN`) or a copy atom
    (`#cute_nvgpu.copy_atom<"SM75_U32x4_LDSM_N", f16>`, `#cute_nvgpu.tma_atom<...>`)
    is data: its traits (shape, thread and value layouts, value types, the
    architecture it needs) come from the cute-mlir atom tables, through the
    `MmaAtomAttrInterface` and `CopyAtomAttrInterface`. Passes ask the
    interface, never switch over atoms.

    **TiledMMA and TiledCopy are attributes too**, built from an atom and
    layouts exactly as CuTe's `make_tiled_mma` and `make_tiled_copy` build
    them. Their verifiers check that the partition owns every element of the
    tile exactly once, and name the first element that is not.

    **Ops partition tensors and run atoms.** `partition_{a,b,c}` and
    `partition_{s,d}` give one thread's part of a `!cute.tensor` (algebra ops:
    they fold, expand and lower like the `cute` ones); `gemm` and `copy` run
    a tiled atom over partitioned tensors, with verifiers that check element
    types, fragment sizes, memories, alignment and the target's architecture
    (the `#nvvm.target` of the enclosing `gpu.module`).

    **Kernel structure is ops too.** CUTLASS 3's warp-specialized kernels
    are built from TMA pipelines (`!cute_nvgpu.pipeline`, whose states are
    values carried through loops, and whose producers expect the bytes of
    the copies that name them), warpgroup roles with register budgets
    (`warp_specialize`), persistent tile order (`tile_coord`), stream-K
    scheduling (`stream_k_schedule`, `stream_k_work`, `stream_k_fixup`) and
    the TMA epilogue (`epilogue_store`), so that a kernel states the
    protocol and the lowering does its arithmetic.

    **Placement in the pipeline.** Between the `cute` algebra and NVVM: the
    lowering to `nvvm.mma.sync`, `nvvm.wgmma.*`, `ldmatrix`, `cp.async` and
    TMA dispatches on these attributes.
  }];
  // Ops take `!llvm.ptr` operands (TMA descriptors): their parsers build
  // that type before any other op of the input has loaded the LLVM dialect.
  let dependentDialects = ["::mlir::cute::CuteDialect",
                           "::mlir::LLVM::LLVMDialect"];
  let useDefaultAttributePrinterParser = 0;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

class CuteNVGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<CuteNVGPU_Dialect, mnemonic, traits>;

#endif // CUTE_NVGPU_DIALECT
