//===- DynamicSharedMemory.h - Shared memory the launch sizes ---*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_DYNAMICSHAREDMEMORY_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_DYNAMICSHAREDMEMORY_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace cute {

/// Replace each gpu.dynamic_shared_memory under `root` by a memref over one
/// external shared array of its gpu.module, aligned to 1024 bytes.
LogicalResult lowerDynamicSharedMemory(Operation *root);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_DYNAMICSHAREDMEMORY_H
