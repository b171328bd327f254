//===- CuteNVGPUTypes.h - Pipeline types ------------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUTYPES_H
#define CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUTYPES_H

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUTypes.h.inc"

#endif // CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUTYPES_H
