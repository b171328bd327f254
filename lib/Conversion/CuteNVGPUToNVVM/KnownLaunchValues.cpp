//===- KnownLaunchValues.cpp - Launch values kernels assume ---------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "KnownLaunchValues.h"

#include "cute-mlir/Conversion/Passes.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::cute;

gpu::KernelDim3 cute::launchSizes(gpu::LaunchFuncOp launch,
                                  KnownLaunchKind kind) {
  switch (kind) {
  case KnownLaunchKind::Block:
    return launch.getBlockSizeOperandValues();
  case KnownLaunchKind::Grid:
    return launch.getGridSizeOperandValues();
  case KnownLaunchKind::Cluster:
    return launch.getClusterSizeOperandValues();
  case KnownLaunchKind::Argument:
    break;
  }
  llvm_unreachable("an argument is not a size");
}

std::optional<ArrayRef<int32_t>> cute::knownSizes(gpu::GPUFuncOp kernel,
                                                  KnownLaunchKind kind) {
  switch (kind) {
  case KnownLaunchKind::Block:
    return kernel.getKnownBlockSize();
  case KnownLaunchKind::Grid:
    return kernel.getKnownGridSize();
  case KnownLaunchKind::Cluster:
    return kernel.getKnownClusterSize();
  case KnownLaunchKind::Argument:
    break;
  }
  llvm_unreachable("an argument is not a size");
}

SmallVector<KnownLaunchValue> cute::knownLaunchValues(gpu::LaunchFuncOp launch,
                                                      gpu::GPUFuncOp kernel) {
  SmallVector<KnownLaunchValue> values;
  Builder builder(launch.getContext());
  for (KnownLaunchKind kind : {KnownLaunchKind::Block, KnownLaunchKind::Grid,
                               KnownLaunchKind::Cluster}) {
    std::optional<ArrayRef<int32_t>> known = knownSizes(kernel, kind);
    // A launch without clusters has no cluster operands; whether the kernel
    // may run so is cute-nvgpu-check-launches' question.
    if (!known ||
        (kind == KnownLaunchKind::Cluster && !launch.hasClusterSize()))
      continue;
    gpu::KernelDim3 sizes = launchSizes(launch, kind);
    Value given[] = {sizes.x, sizes.y, sizes.z};
    for (auto [i, size] : llvm::enumerate(known->take_front(3)))
      values.push_back({kind, static_cast<unsigned>(i), given[i],
                        builder.getIndexAttr(size)});
  }
  ValueRange operands = launch.getKernelOperands();
  unsigned count =
      std::min<unsigned>(kernel.getNumArguments(), operands.size());
  for (unsigned i = 0; i < count; ++i) {
    auto known = kernel.getArgAttrOfType<IntegerAttr>(i, kKnownValueAttrName);
    if (known && known.getType() == operands[i].getType())
      values.push_back({KnownLaunchKind::Argument, i, operands[i], known});
  }
  return values;
}

StringRef cute::knownLaunchKindName(KnownLaunchKind kind) {
  switch (kind) {
  case KnownLaunchKind::Block:
    return "block";
  case KnownLaunchKind::Grid:
    return "grid";
  case KnownLaunchKind::Cluster:
    return "cluster";
  case KnownLaunchKind::Argument:
    return "argument";
  }
  llvm_unreachable("unknown KnownLaunchKind");
}

StringRef cute::knownLaunchAttrName(KnownLaunchKind kind) {
  switch (kind) {
  case KnownLaunchKind::Block:
    return "known_block_size";
  case KnownLaunchKind::Grid:
    return "known_grid_size";
  case KnownLaunchKind::Cluster:
    return "known_cluster_size";
  case KnownLaunchKind::Argument:
    return kKnownValueAttrName;
  }
  llvm_unreachable("unknown KnownLaunchKind");
}
