//===- SchedulingOps.cpp - Tile scheduling --------------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "Verification.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

LogicalResult TileCoordOp::verify() {
  if (getGroup() < 1)
    return emitOpError() << "tile rows come in bands of at least one row, "
                            "got group "
                         << getGroup();
  if (std::optional<ArrayRef<int64_t>> cluster = getCluster())
    return verifyClusterShape(*this, *cluster);
  return success();
}
