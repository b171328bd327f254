//===- CuteNVGPUOps.h - Operations of the cute_nvgpu dialect ----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUOPS_H
#define CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUOPS_H

#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUDialect.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUTypes.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h.inc"

#endif // CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUOPS_H
