//===- KernelSplit.h - A gpu.module split by kernel -------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_KERNELSPLIT_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_KERNELSPLIT_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/OwningOpRef.h"

namespace mlir {
namespace cute {

/// Copies of `module` (a gpu.module lowered to the LLVM dialect) that LLVM
/// can compile one by one, one per kernel, in the module's order: each holds
/// its kernel and every function and global the kernel reaches through
/// symbol references; the first also holds what no kernel reaches, which a
/// compilation of the whole module emits too.
///
/// Empty where splitting would not pay or would change what LLVM may assume:
/// fewer than two kernels; an op other than `llvm.func` and
/// `llvm.mlir.global` in the module; or a mutable global that two kernels
/// reach, since the optimizer of each part would take the stores it sees for
/// all of them. Functions that two kernels reach are copied into both; their
/// two compilations must then agree (see joinPTXModules).
SmallVector<OwningOpRef<gpu::GPUModuleOp>>
splitGpuModuleByKernel(gpu::GPUModuleOp module);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_KERNELSPLIT_H
