//===- CuteDialect.h - The cute dialect -------------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_IR_CUTEDIALECT_H
#define CUTE_MLIR_DIALECT_CUTE_IR_CUTEDIALECT_H

#include "mlir/IR/Dialect.h"

#include "cute-mlir/Dialect/Cute/IR/CuteOpsDialect.h.inc"

#endif // CUTE_MLIR_DIALECT_CUTE_IR_CUTEDIALECT_H
