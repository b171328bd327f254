//===- CompileTimeValues.h - Values only the compiler holds -----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_COMPILETIMEVALUES_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_COMPILETIMEVALUES_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace cute {

/// Some cute_nvgpu values (a pipeline, a stream-K schedule) have no run-time
/// form: the lowering expands their uses from the operands of the op that
/// made them. Reports, at the op, the first value under `root` of a type
/// `isValue` accepts that is a result of an op other than a maker
/// (`isMaker`) or a block argument. `what` names such a value ("a
/// pipeline") and `maker` the op that makes it.
LogicalResult checkMadeOnlyByMaker(Operation *root,
                                   function_ref<bool(Type)> isValue,
                                   function_ref<bool(Operation *)> isMaker,
                                   StringRef what, StringRef maker);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_COMPILETIMEVALUES_H
