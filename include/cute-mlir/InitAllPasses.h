//===- InitAllPasses.h - Register the cute-mlir passes ----------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_INITALLPASSES_H
#define CUTE_MLIR_INITALLPASSES_H

#include "cute-mlir/Conversion/Passes.h"
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h"
#include "cute-mlir/Dialect/CuteNVGPU/Transforms/Passes.h"

namespace mlir {
namespace cute {

/// Register the cute-mlir passes with the global pass registry.
inline void registerAllPasses() {
  registerCutePasses();
  cute_nvgpu::registerCuteNVGPUPasses();
  registerCuteConversionPasses();
  registerCuteToPTXPipeline();
}

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_INITALLPASSES_H
