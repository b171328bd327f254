//===- SchedulingOps.cpp - Tile scheduling --------------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "Verification.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

LogicalResult TileCoordOp::verify() {
  // I64Attr's getter is unsigned: -1 would read as 2^64 - 1.
  int64_t group = getGroupAttr().getInt();
  if (group < 1)
    return emitOpError() << "tile rows come in bands of at least one row, "
                            "got group "
                         << group;
  if (std::optional<ArrayRef<int64_t>> cluster = getCluster())
    return verifyClusterShape(*this, *cluster);
  return success();
}

LogicalResult MultiprocessorCountOp::verify() {
  if ((*this)->getParentOfType<gpu::GPUModuleOp>())
    return emitOpError() << "is a host op and cannot be used in a gpu.module "
                            "(a kernel's grid size is gpu.grid_dim)";
  return success();
}
