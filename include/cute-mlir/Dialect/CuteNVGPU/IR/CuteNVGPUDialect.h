//===- CuteNVGPUDialect.h - The cute_nvgpu dialect --------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUDIALECT_H
#define CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUDIALECT_H

#include "cute-mlir/Dialect/Cute/IR/CuteDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Dialect.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.h.inc"

#endif // CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUDIALECT_H
