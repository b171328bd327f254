//===- SharedMemory.h - What a kernel's shared memory needs -----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The shared memory a kernel uses, as far as its IR states it: the static
// part (workgroup attributions and workgroup globals), which ptxas limits,
// and the dynamic part its views of gpu.dynamic_shared_memory reach, which
// the launch must provide. Launch checks and the C API (which tells Python
// how much to launch with) share them.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_CONVERSION_SHAREDMEMORY_H
#define CUTE_MLIR_CONVERSION_SHAREDMEMORY_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <optional>

namespace mlir {
namespace cute {

/// The static shared memory of a kernel, in bytes: its workgroup
/// attributions and the workgroup globals of its module that it uses, each
/// once.
int64_t staticSharedBytes(gpu::GPUFuncOp kernel);

/// The dynamic shared memory a kernel reads or writes, in bytes: the end of
/// the furthest of its `memref.view`s of `gpu.dynamic_shared_memory` (a
/// constant byte shift and a static shape each), 0 when it uses none, and
/// nullopt when some use is not such a view (its extent is then known only
/// at run time).
std::optional<int64_t> dynamicSharedBytes(gpu::GPUFuncOp kernel);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_CONVERSION_SHAREDMEMORY_H
