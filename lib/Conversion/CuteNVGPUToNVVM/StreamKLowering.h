//===- StreamKLowering.h - Stream-K tile scheduling -------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_STREAMKLOWERING_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_STREAMKLOWERING_H

#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"

namespace mlir {
namespace cute {

/// Expand the stream-K ops under `root` (schedules, work items, fixups) to
/// index arithmetic, global loads and stores and named barriers, before the
/// cute values the fixups use are erased.
LogicalResult lowerStreamK(Operation *root, LayoutTracer &tracer);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_STREAMKLOWERING_H
