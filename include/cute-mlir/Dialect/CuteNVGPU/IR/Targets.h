//===- Targets.h - The NVVM targets of a gpu.module -------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTENVGPU_IR_TARGETS_H
#define CUTE_MLIR_DIALECT_CUTENVGPU_IR_TARGETS_H

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
namespace cute_nvgpu {

/// The `#nvvm.target`s of `op`, a gpu.module, or of the gpu.module around it
/// (none outside one).
SmallVector<NVVM::NVVMTargetAttr> nvvmTargetsOf(Operation *op);

/// The versions of the `+ptxNN` flags of a comma-separated feature list
/// (80 for +ptx80), in order.
SmallVector<int> ptxFeatureVersions(StringRef features);

/// The PTX ISA version `target` emits (80 for 8.0): the highest `+ptxNN` of
/// its features, else the first that has its chip, which is what LLVM's
/// NVPTX backend picks; 0 for a chip it cannot read.
int ptxIsaOf(NVVM::NVVMTargetAttr target);

} // namespace cute_nvgpu
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTENVGPU_IR_TARGETS_H
