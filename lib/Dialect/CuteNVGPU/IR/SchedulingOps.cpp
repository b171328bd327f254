//===- SchedulingOps.cpp - Tile scheduling --------------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

LogicalResult TileCoordOp::verify() {
  if (getGroup() < 1)
    return emitOpError() << "tile rows come in bands of at least one row, "
                            "got group "
                         << getGroup();
  if (std::optional<ArrayRef<int64_t>> cluster = getCluster()) {
    if (cluster->size() != 2 || (*cluster)[0] < 1 || (*cluster)[1] < 1 ||
        (*cluster)[0] * (*cluster)[1] > 16)
      return emitOpError() << "a cluster is [X, Y] with 1 .. 16 CTAs, got "
                           << llvm::interleaved_array(*cluster);
  }
  return success();
}
