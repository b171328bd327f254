//===- PipelineOps.cpp - Pipelines over mbarriers -------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "Verification.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

/// Consumers release a stage one arrival per warp; an mbarrier counts at
/// most 2^20 - 1 arrivals, and a block has at most 1024 threads.
static constexpr int64_t kMaxConsumers = 1024;

LogicalResult PipelineCreateOp::verify() {
  MemRefType type = getBarriers().getType();
  if (failed(verifyMbarrierOperand(*this, type)))
    return failure();
  int64_t stages = getPipeline().getType().getStages();
  if (!type.hasStaticShape() || type.getDimSize(0) != 2 * stages)
    return emitOpError() << "a pipeline of " << stages << " stages needs "
                         << 2 * stages
                         << " mbarriers (a full and an empty one per stage), "
                            "got "
                         << type;
  // It ends with a block-wide barrier that a single role cannot reach.
  if ((*this)->getParentOfType<WarpSpecializeOp>())
    return emitOpError() << "every thread of the block initializes the "
                            "pipeline together: create it before "
                            "cute_nvgpu.warp_specialize, not in a role";
  int64_t consumers = getConsumers();
  if (consumers < 32 || consumers > kMaxConsumers || consumers % 32 != 0)
    return emitOpError() << "consumers release stages warp by warp: their "
                            "count must be a multiple of 32 in 32 .. "
                         << kMaxConsumers << ", got " << consumers;
  if (std::optional<ArrayRef<int64_t>> cluster = getCluster()) {
    if (failed(verifyClusterShape(*this, *cluster)))
      return failure();
    // Cluster barriers and remote mbarrier arrivals are sm_90's.
    if ((*cluster)[0] * (*cluster)[1] > 1)
      return checkTarget(*this, "a pipeline across a cluster", 90,
                         /*ptxIsa=*/80);
  }
  return success();
}

LogicalResult mlir::cute_nvgpu::verifyClusterShape(Operation *op,
                                                   ArrayRef<int64_t> cluster) {
  if (cluster.size() != 2)
    return op->emitOpError() << "a cluster is [X, Y], CTAs along M and N, got "
                             << cluster.size() << " extents";
  int64_t x = cluster[0], y = cluster[1];
  // Also keeps every CTA within a consumer warp's 32 signalling lanes. Each
  // extent is bounded before the product, which 2^32 x 2^32 overflows.
  if (x < 1 || y < 1 || x > kMaxPortableClusterCtas ||
      y > kMaxPortableClusterCtas || x * y > kMaxPortableClusterCtas)
    return op->emitOpError()
           << "a cluster holds 1 .. " << kMaxPortableClusterCtas
           << " CTAs (the portable limit every cluster-capable GPU launches), "
              "got ["
           << x << ", " << y << "]";
  return success();
}

std::pair<int64_t, int64_t>
mlir::cute_nvgpu::clusterShapeOf(std::optional<ArrayRef<int64_t>> cluster) {
  if (!cluster || cluster->size() != 2)
    return {1, 1};
  return {(*cluster)[0], (*cluster)[1]};
}

std::pair<int64_t, int64_t> PipelineCreateOp::getClusterShape() {
  return clusterShapeOf(getCluster());
}

/// The pipeline and the state of a pipeline step have the same stages.
LogicalResult mlir::cute_nvgpu::verifyPipelineState(Operation *op,
                                                    Value pipeline,
                                                    Value state) {
  int64_t stages = cast<PipelineType>(pipeline.getType()).getStages();
  int64_t stateStages = cast<PipelineStateType>(state.getType()).getStages();
  if (stages != stateStages)
    return op->emitOpError() << "the state walks a pipeline of " << stateStages
                             << " stages, but the pipeline has " << stages;
  return success();
}

LogicalResult PipelineProducerAcquireOp::verify() {
  return verifyPipelineState(*this, getPipeline(), getState());
}

LogicalResult PipelineProducerTailOp::verify() {
  return verifyPipelineState(*this, getPipeline(), getState());
}

LogicalResult PipelineConsumerWaitOp::verify() {
  return verifyPipelineState(*this, getPipeline(), getState());
}

LogicalResult PipelineConsumerReleaseOp::verify() {
  return verifyPipelineState(*this, getPipeline(), getState());
}
