//===- StreamKOps.cpp - Stream-K tile scheduling --------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "Verification.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <limits>

using namespace mlir;
using namespace mlir::cute_nvgpu;
using cute::Result;

LogicalResult StreamKScheduleOp::verify() {
  // I64Attr's getters are unsigned: -5 would read as 2^64 - 5.
  int64_t minKTiles = getMinKTilesAttr().getInt();
  int64_t l2Bytes = getL2BytesAttr().getInt();
  if (minKTiles < 1)
    return emitOpError() << "a worker's range holds at least one k-tile, got "
                            "min_k_tiles "
                         << minKTiles;
  // The schedule is computed in 32 bits.
  if (minKTiles > std::numeric_limits<int32_t>::max())
    return emitOpError() << "min_k_tiles is at most 2^31 - 1, got "
                         << minKTiles;
  if (l2Bytes < 1)
    return emitOpError() << "the L2 holds at least one byte, got l2Bytes "
                         << l2Bytes;
  return success();
}

/// The lowering expands a schedule's uses from the operands of the op that
/// made it, so the value must come from that op, not through a block
/// argument.
static LogicalResult verifySchedule(Operation *op, Value schedule) {
  if (!schedule.getDefiningOp<StreamKScheduleOp>())
    return op->emitOpError() << "the schedule must be the result of "
                                "cute_nvgpu.stream_k_schedule (it has no "
                                "run-time value to pass through a block "
                                "argument)";
  return success();
}

LogicalResult StreamKWorkCountOp::verify() {
  return verifySchedule(*this, getSchedule());
}

LogicalResult StreamKWorkOp::verify() {
  return verifySchedule(*this, getSchedule());
}

/// Global memory: a memref with no memory space or the GPU's global one.
static bool isGlobal(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return true;
  if (auto gpu = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpu.getValue() == gpu::AddressSpace::Global;
  if (auto number = dyn_cast<IntegerAttr>(space))
    return number.getInt() == 0 || number.getInt() == 1;
  return false;
}

static LogicalResult verifyFlags(Operation *op, Value flags) {
  if (!isGlobal(cast<MemRefType>(flags.getType())))
    return op->emitOpError()
           << "the flags are in global memory, got " << flags.getType();
  return success();
}

/// The named barrier on which a fixup's threads wait for the warp that
/// waits for the later pieces' sums: its own (the TiledMMA's threads and
/// that warp), not the fixup's other one (none: 0).
static LogicalResult verifyReadyBarrier(Operation *op,
                                        const cute::TiledMma &mma,
                                        int64_t ready, int64_t fixupBarrier) {
  if (ready < 1 || ready > 15)
    return op->emitOpError() << "the ready barrier is a named barrier 1..15 "
                                "(0 is the block's), got "
                             << ready;
  if (ready == fixupBarrier)
    return op->emitOpError() << "the ready barrier must differ from the "
                                "fixup's own named barrier, "
                             << fixupBarrier;
  int64_t threads = mma.numThreads();
  if (threads % 32 != 0 || threads + 32 > 1024)
    return op->emitOpError()
           << "the ready barrier joins the TiledMMA's " << threads
           << " threads and one warp, whole warps of one block (at most "
              "1024 threads)";
  return success();
}

LogicalResult StreamKFixupOp::verify() {
  if (failed(verifySchedule(*this, getSchedule())))
    return failure();
  FailureOr<cute::TiledMma> mma =
      verifyNamedBarrierOfMma(*this, getTiledMma(), getBarrierId());
  if (failed(mma))
    return failure();
  int64_t threads = mma->numThreads();
  if (std::optional<ArrayRef<int64_t>> cluster = getCluster())
    if (failed(verifyClusterShape(*this, *cluster)))
      return failure();
  FailureOr<cute::Layout> accLayout =
      verifyAccumulatorFragment(*this, getTiledMma(), getAcc());
  if (failed(accLayout))
    return failure();
  Type accType = getTiledMma().getMmaAtom().getValueTypes()[0];
  // The TiledMMA's fragment, or its partition of a tile of several of its
  // tiles: a whole number of the tile's values a thread.
  int64_t values = mma->tileSize(0) * mma->tileSize(1) / threads;
  cute::Int size = cute::size(*accLayout);
  if (size.isDynamic() || size.value() < values || size.value() % values)
    return emitOpError() << "each of the " << threads << " threads holds "
                         << values << " accumulators of each "
                         << mma->tileSize(0) << "x" << mma->tileSize(1)
                         << " tile, but the fragment is " << accLayout->str();

  auto partials = cast<MemRefType>(getPartials().getType());
  if (partials.getElementType() != accType || !isGlobal(partials))
    return emitOpError() << "the partial sums are a memref of " << accType
                         << " accumulators in global memory, got " << partials;
  if (failed(verifyFlags(*this, getFlags())))
    return failure();
  if (std::optional<uint32_t> ready = getReady())
    return verifyReadyBarrier(*this, *mma, *ready, getBarrierId());
  return success();
}

std::pair<int64_t, int64_t> StreamKFixupOp::getClusterShape() {
  return clusterShapeOf(getCluster());
}

LogicalResult StreamKFixupWaitOp::verify() {
  if (failed(verifySchedule(*this, getSchedule())))
    return failure();
  Result<cute::TiledMma> mma = getTiledMma().getTiledMma();
  if (mma.failed())
    return emitOpError() << mma.message();
  if (std::optional<ArrayRef<int64_t>> cluster = getCluster())
    if (failed(verifyClusterShape(*this, *cluster)))
      return failure();
  if (failed(verifyFlags(*this, getFlags())))
    return failure();
  return verifyReadyBarrier(*this, *mma, getReady(), /*fixupBarrier=*/0);
}

std::pair<int64_t, int64_t> StreamKFixupWaitOp::getClusterShape() {
  return clusterShapeOf(getCluster());
}
