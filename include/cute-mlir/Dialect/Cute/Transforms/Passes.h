//===- Passes.h - Passes of the cute dialect --------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_TRANSFORMS_PASSES_H
#define CUTE_MLIR_DIALECT_CUTE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace cute {

#define GEN_PASS_DECL
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h.inc"

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTE_TRANSFORMS_PASSES_H
