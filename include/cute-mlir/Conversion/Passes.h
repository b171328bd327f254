//===- Passes.h - Conversions out of the cute dialects ----------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_CONVERSION_PASSES_H
#define CUTE_MLIR_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

#include <string>

namespace mlir {
namespace cute {

#define GEN_PASS_DECL
#include "cute-mlir/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cute-mlir/Conversion/Passes.h.inc"

/// The argument attribute of a `gpu.func` kernel that gives the value every
/// launch passes for it (cute-specialize-kernels folds it into the code).
constexpr llvm::StringLiteral kKnownValueAttrName = "cute.known_value";

/// What `cute-to-ptx` compiles for.
struct CuteToPTXOptions {
  std::string chip = "sm_80";
  std::string features;       // empty: the chip's minimum PTX version
  std::string format = "isa"; // isa (PTX), bin (cubin via ptxas), fatbin
  unsigned optLevel = 3;
};

/// cute and cute_nvgpu IR in gpu.modules to NVVM, then each gpu.module to a
/// gpu.binary. Host code is left alone.
void buildCuteToPTXPipeline(OpPassManager &pm, const CuteToPTXOptions &options);

/// Host code that launches gpu.binary kernels (func, scf, arith, memref,
/// vector.print, gpu.alloc/memcpy/launch_func) to the LLVM dialect, calling
/// the mgpu* runtime ABI. Synchronous gpu ops are made asynchronous first, as
/// the runtime-call lowering requires.
void buildGPUHostToLLVMPipeline(OpPassManager &pm);

/// Register `cute-to-ptx` and `cute-to-llvm` (both of the above in turn: a
/// module that cute-run, or mlir-runner with libCuteRuntime.so, can execute).
void registerCuteToPTXPipeline();

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_CONVERSION_PASSES_H
