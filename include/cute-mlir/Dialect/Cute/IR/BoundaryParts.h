//===- BoundaryParts.h - Cute values as parts across boundaries -*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// What a cute value is made of when it crosses a function, kernel or loop
// boundary: `cute.to_parts` splits it, `cute.from_parts` rebuilds it. Static
// structure stays in the type; only run-time values travel.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_IR_BOUNDARYPARTS_H
#define CUTE_MLIR_DIALECT_CUTE_IR_BOUNDARYPARTS_H

#include "cute-mlir/Layout/Result.h"

#include "mlir/IR/Types.h"

#include <string>

namespace mlir {
namespace cute {

/// The parts of a cute value: a one-dimensional memref of `storageElement`
/// in `memory` when the value has memory (a tensor or a pointer), then
/// `numIndices` `index` values (for a tensor: its offset in the memref, its
/// layout's `?` slots and a dynamic swizzle offset).
struct BoundaryParts {
  Type storageElement;
  std::string memory;
  unsigned numIndices = 0;
};

/// The parts of a value of `type`, or why it cannot cross a boundary.
Result<BoundaryParts> getBoundaryParts(Type type);

/// Whether `type` is a cute type, the types `getBoundaryParts` decomposes.
bool isCuteValueType(Type type);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTE_IR_BOUNDARYPARTS_H
