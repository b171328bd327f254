//===- RuntimeCalls.h - Declarations of runtime entry points ----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_RUNTIMECALLS_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_RUNTIMECALLS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir {
namespace cute {

/// Declares the runtime entry point `name` (lib/Runtime) once, privately, in
/// the module around host op `op`, and returns it. Fails, with an error on
/// `op`, outside a module or where `name` is declared with another type.
FailureOr<func::FuncOp> declareRuntimeFunction(Operation *op, StringRef name,
                                               FunctionType type);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_RUNTIMECALLS_H
