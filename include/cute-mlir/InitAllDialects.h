//===- InitAllDialects.h - Register the cute-mlir dialects ------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_INITALLDIALECTS_H
#define CUTE_MLIR_INITALLDIALECTS_H

#include "cute-mlir/Dialect/Cute/IR/CuteDialect.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.h"

#include "mlir/IR/DialectRegistry.h"

namespace mlir {
namespace cute {

/// Add the cute-mlir dialects to `registry`.
inline void registerAllDialects(DialectRegistry &registry) {
  registry.insert<CuteDialect, cute_nvgpu::CuteNVGPUDialect>();
}

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_INITALLDIALECTS_H
