//===- KnownLaunchValues.h - Launch values kernels assume -------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_KNOWNLAUNCHVALUES_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_KNOWNLAUNCHVALUES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace cute {

/// Which of a launch's values a kernel was compiled for.
enum class KnownLaunchKind { Block, Grid, Cluster, Argument };

/// One operand of a launch whose value the launched kernel was compiled for.
struct KnownLaunchValue {
  KnownLaunchKind kind;
  /// The dimension (0, 1, 2 for x, y, z) of a size, the number of an argument.
  unsigned index;
  /// The launch's operand.
  Value given;
  /// The value the kernel was compiled for, of `given`'s type.
  IntegerAttr known;
};

/// Every operand of `launch` whose value `kernel` was compiled for: its block
/// and grid sizes under known_block_size and known_grid_size, its cluster
/// sizes under known_cluster_size where the launch has clusters, and the
/// arguments the kernel marks with cute.known_value. Both
/// cute-nvgpu-check-launches (constant operands) and cute-specialize-kernels
/// (operands known at run time) walk this one list, so that every operand is
/// checked by one of them. An argument whose cute.known_value is of another
/// type than the operand is left out: cute-specialize-kernels reports it on
/// the kernel.
SmallVector<KnownLaunchValue> knownLaunchValues(gpu::LaunchFuncOp launch,
                                                gpu::GPUFuncOp kernel);

/// The launch's block, grid or cluster sizes (`kind` is not Argument; a
/// launch without clusters has no cluster sizes).
gpu::KernelDim3 launchSizes(gpu::LaunchFuncOp launch, KnownLaunchKind kind);

/// The kernel's known_block_size, known_grid_size or known_cluster_size
/// (`kind` is not Argument), if it has one.
std::optional<ArrayRef<int32_t>> knownSizes(gpu::GPUFuncOp kernel,
                                            KnownLaunchKind kind);

/// "block", "grid", "cluster" or "argument".
StringRef knownLaunchKindName(KnownLaunchKind kind);

/// The attribute that states the known value: "known_block_size",
/// "known_grid_size", "known_cluster_size" or "cute.known_value".
StringRef knownLaunchAttrName(KnownLaunchKind kind);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_KNOWNLAUNCHVALUES_H
