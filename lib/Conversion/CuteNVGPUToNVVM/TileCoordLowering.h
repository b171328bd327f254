//===- TileCoordLowering.h - Grouped tile order to arith --------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_TILECOORDLOWERING_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_TILECOORDLOWERING_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace cute {

/// Expand every cute_nvgpu.tile_coord under `root` to index arithmetic.
void lowerTileCoords(Operation *root);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_TILECOORDLOWERING_H
