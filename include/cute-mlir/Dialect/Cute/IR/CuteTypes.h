//===- CuteTypes.h - Types of the cute dialect ------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_IR_CUTETYPES_H
#define CUTE_MLIR_DIALECT_CUTE_IR_CUTETYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "cute-mlir/Dialect/Cute/IR/CuteOpsTypes.h.inc"

#endif // CUTE_MLIR_DIALECT_CUTE_IR_CUTETYPES_H
