//===- StreamKOps.cpp - Stream-K tile scheduling --------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "Verification.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"

#include "llvm/Support/MathExtras.h"

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

/// Whether the schedule may split a unit among workers: unless its units
/// are a constant multiple of a constant number of workers, or there are
/// no k-tiles to split, where every unit is data-parallel.
static bool maySplitUnits(StreamKScheduleOp schedule) {
  APInt units, workers, ktiles;
  if (matchPattern(schedule.getKtiles(), m_ConstantInt(&ktiles)) &&
      ktiles.isZero())
    return false;
  return !matchPattern(schedule.getUnits(), m_ConstantInt(&units)) ||
         !matchPattern(schedule.getWorkers(), m_ConstantInt(&workers)) ||
         workers.isNonPositive() || units.srem(workers) != 0;
}

/// A workspace (`partials` of `perSlot` values a slot, or `flags` of one)
/// holds a slot for each CTA of each worker, through which the later
/// pieces of a split unit pass their sums down. Only a static size is
/// checked: none at all, or, with a constant number of workers, fewer slots
/// than the CTAs.
static LogicalResult verifyWorkspace(StreamKFixupOp op, StringRef what,
                                     Value workspace, int64_t perSlot) {
  auto type = cast<MemRefType>(workspace.getType());
  if (!type.hasStaticShape())
    return success();
  auto schedule = op.getSchedule().getDefiningOp<StreamKScheduleOp>();
  if (!maySplitUnits(schedule))
    return success();
  int64_t have = type.getNumElements();
  std::string values =
      std::to_string(perSlot) + (perSlot == 1 ? " value" : " values");
  if (have == 0)
    return op.emitOpError()
           << "the " << what << " are " << type
           << ", which has no slot, but the schedule may split a unit and "
              "pass its partial sums through them ("
           << values << " a slot, one slot per CTA of each worker)";
  APInt workers;
  if (!matchPattern(schedule.getWorkers(), m_ConstantInt(&workers)) ||
      !workers.isStrictlyPositive())
    return success();
  auto [x, y] = op.getClusterShape();
  int64_t slots, need;
  if (!llvm::MulOverflow(workers.getSExtValue(), x * y, slots) &&
      !llvm::MulOverflow(slots, perSlot, need) && have >= need)
    return success();
  return op.emitOpError() << "the " << what << " are " << type
                          << ", fewer than the " << workers.getSExtValue()
                          << " workers' slots (one per CTA of a cluster of "
                          << x * y << ", " << values << " each) need";
}

/// Another op of the fixup's kernel that synchronizes on named `barrier`,
/// with the barriers it uses (first and last), or null: an epilogue_store
/// or another fixup; with `perWarpgroupOnly`, a per_warpgroup
/// epilogue_store of more than one warpgroup only.
///
/// The ready barrier joins the TiledMMA's threads and one warp outside it,
/// and the fixup's own barrier all the TiledMMA's threads, where a
/// per_warpgroup store's barriers join one warpgroup each: an op that
/// synchronizes other threads on the same barrier mixes its arrivals with
/// theirs.
static std::tuple<Operation *, int64_t, int64_t>
findBarrierUser(StreamKFixupOp op, int64_t barrier, bool perWarpgroupOnly) {
  std::tuple<Operation *, int64_t, int64_t> found = {nullptr, 0, 0};
  Operation *scope = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  if (!scope)
    return found;
  scope->walk([&](Operation *other) {
    int64_t first = 0, last = -1;
    if (auto store = dyn_cast<EpilogueStoreOp>(other)) {
      Result<cute::TiledMma> mma = store.getTiledMma().getTiledMma();
      if (mma.failed())
        return WalkResult::advance();
      int64_t parts = store.getStoreParts(*mma);
      if (perWarpgroupOnly && parts < 2)
        return WalkResult::advance();
      first = store.getBarrierId();
      last = first + parts - 1;
    } else if (auto fixup = dyn_cast<StreamKFixupOp>(other)) {
      if (perWarpgroupOnly || fixup == op)
        return WalkResult::advance();
      first = last = fixup.getBarrierId();
    }
    if (barrier < first || barrier > last)
      return WalkResult::advance();
    found = {other, first, last};
    return WalkResult::interrupt();
  });
  return found;
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
  if (failed(verifyWorkspace(*this, "partial sums", getPartials(),
                             threads * size.value())) ||
      failed(verifyWorkspace(*this, "flags", getFlags(), 1)))
    return failure();
  if (Operation *store = std::get<0>(
          findBarrierUser(*this, getBarrierId(), /*perWarpgroupOnly=*/true))) {
    InFlightDiagnostic diag =
        emitOpError()
        << "the named barrier " << getBarrierId() << " of the TiledMMA's "
        << threads
        << " threads is also a per_warpgroup barrier of an epilogue_store, "
           "where one warpgroup's 128 threads synchronize: give the fixup a "
           "barrier the epilogue does not use";
    diag.attachNote(store->getLoc()) << "the per_warpgroup epilogue_store";
    return diag;
  }
  std::optional<uint32_t> ready = getReady();
  if (!ready)
    return success();
  if (failed(verifyReadyBarrier(*this, *mma, *ready, getBarrierId())))
    return failure();
  auto [other, first, last] =
      findBarrierUser(*this, *ready, /*perWarpgroupOnly=*/false);
  if (!other)
    return success();
  InFlightDiagnostic diag = emitOpError();
  diag << "the ready barrier " << *ready << " is also a named barrier of "
       << other->getName() << " in this kernel (";
  if (first == last)
    diag << "barrier " << first;
  else
    diag << "barriers " << first << ".." << last;
  diag << "), which other threads wait on: give the ready barrier an id no "
          "other op uses";
  diag.attachNote(other->getLoc()) << "the other user of barrier " << *ready;
  return diag;
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
