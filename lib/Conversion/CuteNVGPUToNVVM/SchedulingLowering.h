//===- SchedulingLowering.h - Tile order and SM count -----------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_SCHEDULINGLOWERING_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_SCHEDULINGLOWERING_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LogicalResult.h"

namespace mlir {
namespace cute {

/// Expand every cute_nvgpu.tile_coord under `root` to index arithmetic.
void lowerTileCoords(Operation *root);

/// Replace every cute_nvgpu.multiprocessor_count (host code) under `root`
/// with a call to the runtime, declared in its module.
LogicalResult lowerMultiprocessorCounts(Operation *root);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_SCHEDULINGLOWERING_H
