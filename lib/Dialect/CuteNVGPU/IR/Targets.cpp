//===- Targets.cpp - The NVVM targets of a gpu.module ---------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/Targets.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

SmallVector<NVVM::NVVMTargetAttr>
mlir::cute_nvgpu::nvvmTargetsOf(Operation *op) {
  SmallVector<NVVM::NVVMTargetAttr> found;
  auto module = dyn_cast<gpu::GPUModuleOp>(op);
  if (!module)
    module = op->getParentOfType<gpu::GPUModuleOp>();
  if (!module)
    return found;
  // Keep the optional alive while iterating over it.
  std::optional<ArrayAttr> targets = module.getTargets();
  if (!targets)
    return found;
  for (Attribute target : *targets)
    if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
      found.push_back(nvvm);
  return found;
}

/// The PTX ISA version LLVM's NVPTX backend emits for a chip by default: the
/// first that has the chip.
static int defaultPtxIsa(StringRef chip) {
  if (std::optional<int> first = firstPtxIsaOf(chip))
    return *first;
  std::optional<int> sm = smOfChip(chip);
  if (!sm)
    return 0;
  if (*sm >= 89)
    return 78;
  if (*sm >= 86)
    return 71;
  if (*sm >= 80)
    return 70;
  if (*sm >= 75)
    return 63;
  return 60;
}

SmallVector<int> mlir::cute_nvgpu::ptxFeatureVersions(StringRef features) {
  SmallVector<StringRef> items;
  features.split(items, ',');
  SmallVector<int> versions;
  for (StringRef item : items) {
    int version = 0;
    StringRef flag = item.trim();
    if (flag.consume_front("+ptx") && !flag.getAsInteger(10, version))
      versions.push_back(version);
  }
  return versions;
}

int mlir::cute_nvgpu::ptxIsaOf(NVVM::NVVMTargetAttr target) {
  int best = defaultPtxIsa(target.getChip());
  for (int version : ptxFeatureVersions(target.getFeatures()))
    best = std::max(best, version);
  return best;
}
