//===- Passes.h - Passes of the cute_nvgpu dialect --------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTENVGPU_TRANSFORMS_PASSES_H
#define CUTE_MLIR_DIALECT_CUTENVGPU_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace cute_nvgpu {

#define GEN_PASS_DECL
#include "cute-mlir/Dialect/CuteNVGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cute-mlir/Dialect/CuteNVGPU/Transforms/Passes.h.inc"

} // namespace cute_nvgpu
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTENVGPU_TRANSFORMS_PASSES_H
