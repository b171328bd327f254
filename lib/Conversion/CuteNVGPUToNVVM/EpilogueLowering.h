//===- EpilogueLowering.h - TMA epilogues -----------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_EPILOGUELOWERING_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_EPILOGUELOWERING_H

#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"

namespace mlir {
namespace cute {

/// Lower every cute_nvgpu.epilogue_store under `root` to shared-memory
/// stores, named barriers and TMA stores, before the cute values it uses
/// are erased, and every epilogue_store_tail to its threads' wait.
LogicalResult lowerEpilogueStores(Operation *root, LayoutTracer &tracer);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_EPILOGUELOWERING_H
