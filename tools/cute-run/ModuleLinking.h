//===- ModuleLinking.h - Several input files as one program -----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_TOOLS_CUTE_RUN_MODULELINKING_H
#define CUTE_MLIR_TOOLS_CUTE_RUN_MODULELINKING_H

#include "mlir/IR/BuiltinOps.h"

namespace cute_run {

/// Moves the top-level ops of `from` into `into`, as a linker would: a
/// function declared in one and defined in the other keeps the definition
/// (a host driver declares the `@launch` each kernel file defines). A
/// declaration whose type differs from the definition is an error at the
/// declaration; other clashes are left for the verifier.
mlir::LogicalResult linkInto(mlir::ModuleOp into, mlir::ModuleOp from);

} // namespace cute_run

#endif // CUTE_MLIR_TOOLS_CUTE_RUN_MODULELINKING_H
