//===- EpilogueOps.cpp - Epilogues ----------------------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "Verification.h"

#include "cute-mlir/Atom/Epilogue.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;
using cute::Result;

static constexpr int64_t kMaxBlockThreads = 1024;
static constexpr int64_t kWarpgroupThreads =
    WarpSpecializeOp::kWarpgroupThreads;

/// Accumulators are stored as they are or narrowed to f32, f16 or bf16: the
/// conversions `arith.truncf` lowers to LLVM (an fp8 one stayed in the IR
/// and failed translation).
static bool convertible(Type from, Type to) {
  if (from == to)
    return true;
  return isa<FloatType>(from) && (to.isF32() || to.isF16() || to.isBF16()) &&
         to.getIntOrFloatBitWidth() < from.getIntOrFloatBitWidth();
}

FailureOr<cute::TiledMma>
mlir::cute_nvgpu::verifyNamedBarrierOfMma(Operation *op, TiledMmaAttr tiledMma,
                                          int64_t barrierId) {
  Result<cute::TiledMma> mma = tiledMma.getTiledMma();
  if (mma.failed())
    return op->emitOpError() << mma.message();
  int64_t threads = mma->numThreads();
  if (threads > kMaxBlockThreads || threads % 32 != 0)
    return op->emitOpError()
           << "the TiledMMA's " << threads
           << " threads must be whole warps of one block (a multiple of 32, "
              "at most 1024) to share a named barrier";
  if (barrierId < 1 || barrierId > 15)
    return op->emitOpError()
           << "the named barrier is 1..15 (0 is the block's), got "
           << barrierId;
  return *mma;
}

FailureOr<cute::Layout>
mlir::cute_nvgpu::verifyAccumulatorFragment(Operation *op,
                                            TiledMmaAttr tiledMma, Value acc) {
  auto type = cast<cute::TensorType>(acc.getType());
  Type accType = tiledMma.getMmaAtom().getValueTypes()[0];
  if (type.getMemory() != "rmem" || type.getElementType() != accType)
    return op->emitOpError()
           << "the accumulators are a fragment (rmem) of the atom's " << accType
           << ", got " << type;
  Result<cute::Layout> layout = innerLayoutOf(type);
  if (layout.failed())
    return op->emitOpError() << layout.message();
  // The lowerings unroll over every accumulator, which must fit the 255
  // 32-bit registers a thread has (a 2^31-value fragment unrolled forever).
  // The size, not the cosize: a stride-0 mode of 2^31 is unrolled too.
  cute::Int values = cute::size(*layout);
  int64_t fit = maxThreadRegisterValues(accType);
  if (values.isDynamic() || fit == 0 || values.value() > fit)
    return op->emitOpError()
           << "a thread's " << values.str() << " accumulators of " << accType
           << " do not fit its " << kMaxThreadRegisters << " registers";
  return *layout;
}

/// An error unless `per_warpgroup` splits the TiledMMA's threads into whole
/// warpgroups.
static LogicalResult verifyWholeWarpgroups(Operation *op,
                                           const cute::TiledMma &mma) {
  if (mma.numThreads() % kWarpgroupThreads != 0)
    return op->emitOpError()
           << "per_warpgroup needs whole warpgroups, but the TiledMMA has "
           << mma.numThreads() << " threads";
  return success();
}

int64_t EpilogueStoreOp::getStoreParts(const cute::TiledMma &mma) {
  return getPerWarpgroup() ? mma.numThreads() / kWarpgroupThreads : 1;
}

LogicalResult EpilogueStoreOp::verify() {
  FailureOr<cute::TiledMma> mma =
      verifyNamedBarrierOfMma(*this, getTiledMma(), getBarrierId());
  if (failed(mma))
    return failure();
  Result<cute::TmaAtom> atom = getAtom().getTmaAtom();
  if (atom.failed())
    return emitOpError() << atom.message();
  if (atom->kind != cute::TmaKind::Store || atom->box.size() != 2)
    return emitOpError() << "the atom must be a 2-D TMA store, got "
                         << atom->name();
  if (atom->boxes != 1)
    return emitOpError() << "the epilogue stores one box at a time, but the "
                            "atom's tile is "
                         << atom->boxes
                         << " boxes wide: write the atom from one box";
  int64_t boxCols = atom->box[0], boxRows = atom->box[1];

  FailureOr<cute::Layout> accLayout =
      verifyAccumulatorFragment(*this, getTiledMma(), getAcc());
  if (failed(accLayout))
    return failure();
  Type accType = getTiledMma().getMmaAtom().getValueTypes()[0];
  Type out = getAtom().getValueType();
  if (!convertible(accType, out))
    return emitOpError() << "cannot store " << accType << " accumulators as "
                         << out;
  if (Value scale = getScale(); scale && scale.getType() != accType)
    return emitOpError() << "the scale multiplies the " << accType
                         << " accumulators, so it is one too, got "
                         << scale.getType();

  auto tile = cast<cute::TensorType>(getTile().getType());
  Result<cute::Layout> tileLayout = innerLayoutOf(tile);
  if (tileLayout.failed())
    return emitOpError() << tileLayout.message();
  // The tile of C is the TiledMMA's, or with `transposed` its transpose.
  int64_t m = mma->tileSize(0), n = mma->tileSize(1);
  if (getTransposed())
    std::swap(m, n);
  if (tile.getMemory() != "coord" || tileLayout->rank() != 2 ||
      !cute::size(tileLayout->mode(0)).is(m) ||
      !cute::size(tileLayout->mode(1)).is(n))
    return emitOpError() << "the tile is an (" << m << "," << n
                         << ") tile of a coordinate tensor"
                         << (getTransposed() ? " (the TiledMMA's tile "
                                               "transposed)"
                                             : "")
                         << ", got " << tile;

  auto buffer = cast<MemRefType>(getBuffer().getType());
  auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(buffer.getMemorySpace());
  if (!space || space.getValue() != gpu::AddressSpace::Workgroup)
    return emitOpError() << "the staging buffer is in shared memory "
                            "(#gpu.address_space<workgroup>), got "
                         << buffer;
  if (buffer.getElementType() != out)
    return emitOpError() << "the staging buffer holds the stored " << out
                         << " values, got " << buffer;
  // With per_warpgroup, each warpgroup has a named barrier and a slice of
  // the buffer of its own.
  if (getPerWarpgroup() && failed(verifyWholeWarpgroups(*this, *mma)))
    return failure();
  int64_t parts = getStoreParts(*mma);
  if (getBarrierId() + parts - 1 > 15)
    return emitOpError() << "the " << parts
                         << " warpgroups take named barriers " << getBarrierId()
                         << ".." << getBarrierId() + parts - 1
                         << ", past the last one, 15";
  int64_t boxElements = boxRows * boxCols;
  if (!buffer.hasStaticShape() || buffer.getNumElements() < boxElements ||
      buffer.getNumElements() % (boxElements * parts) != 0)
    return emitOpError() << "the staging buffer holds whole boxes of "
                         << boxElements << " values"
                         << (parts > 1 ? " for each warpgroup" : "") << ", got "
                         << buffer;
  // A block's shared memory bounds it (and the lowering's count of stores
  // in flight, which a 2^62-value buffer made negative).
  int64_t maxValues = kMaxSharedMemoryBytes * 8 / elementBits(out);
  if (buffer.getNumElements() > maxValues)
    return emitOpError() << "the staging buffer is in shared memory, which "
                            "holds at most "
                         << kMaxSharedMemoryBytes << " bytes (" << maxValues
                         << " values of " << out << "), got " << buffer;

  // Every stage (and warpgroup slice) starts where TMA may read a box: at a
  // 128-byte boundary, and where the swizzle's 8-row pattern starts.
  int64_t boxBytes = atom->boxBytes();
  int64_t boundary = std::max<int64_t>(128, int64_t(atom->swizzleBytes) * 8);
  if (buffer.getNumElements() > boxElements && boxBytes % boundary != 0)
    return emitOpError()
           << "each stage of the staging buffer starts a box at a " << boundary
           << "-byte boundary (TMA's alignment and the swizzle's "
              "pattern), but a box is "
           << boxBytes << " bytes";
  // So does the buffer: a view of dynamic shared memory (1024-byte
  // aligned) at a constant byte shift is checked here; TMA faults on a
  // misaligned box, and a swizzle pattern out of phase scrambles the tile.
  if (auto view = getBuffer().getDefiningOp<memref::ViewOp>()) {
    APInt shift;
    if (view.getSource().getDefiningOp<gpu::DynamicSharedMemoryOp>() &&
        matchPattern(view.getByteShift(), m_ConstantInt(&shift)) &&
        shift.srem(boundary) != 0)
      return emitOpError()
             << "the staging buffer starts at byte " << shift.getSExtValue()
             << " of dynamic shared memory, but TMA reads its boxes from a "
             << boundary << "-byte boundary (TMA's alignment and the "
             << "swizzle's pattern): place it at a multiple of " << boundary;
  }

  Result<cute::EpiloguePlan> plan =
      cute::planEpilogue(*mma, boxRows, boxCols, cute_nvgpu::elementBits(out),
                         parts, getTransposed());
  if (plan.failed())
    return emitOpError() << plan.message();
  int64_t values = 0;
  for (const cute::EpilogueRun &run : plan->runs)
    values += run.length;
  if (!cute::size(*accLayout).is(values))
    return emitOpError() << "each thread holds " << values
                         << " accumulators, but the fragment is "
                         << accLayout->str();
  // The TMA stores and their bulk-group waits are PTX ISA 8.0 (sm_90's
  // default is 7.8, where LLVM cannot select the read-only wait).
  return checkTarget(*this, "a TMA store epilogue", 90, /*ptxIsa=*/80);
}

LogicalResult EpilogueStoreTailOp::verify() {
  Result<cute::TiledMma> mma = getTiledMma().getTiledMma();
  if (mma.failed())
    return emitOpError() << mma.message();
  if (getPerWarpgroup() && failed(verifyWholeWarpgroups(*this, *mma)))
    return failure();
  // Without per_warpgroup only thread 0 waits, but per_warpgroup stores of
  // the TiledMMA's other warpgroups were issued by their first threads,
  // which would exit with the stores still reading shared memory. (A
  // per_warpgroup tail after plain stores waits in thread 0 too.)
  if (!getPerWarpgroup() && mma->numThreads() > kWarpgroupThreads) {
    Operation *scope =
        (*this)->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
    EpilogueStoreOp store;
    if (scope)
      scope->walk([&](EpilogueStoreOp candidate) {
        if (candidate.getTiledMma() != getTiledMma() ||
            !candidate.getPerWarpgroup())
          return WalkResult::advance();
        store = candidate;
        return WalkResult::interrupt();
      });
    if (store) {
      InFlightDiagnostic diag =
          emitOpError() << "waits in thread 0 only, but an epilogue_store "
                           "of the same TiledMMA issues its stores "
                           "per_warpgroup (from the first thread of each of "
                           "its "
                        << mma->numThreads() / kWarpgroupThreads
                        << " warpgroups): add per_warpgroup";
      diag.attachNote(store.getLoc()) << "the per_warpgroup epilogue_store";
      return diag;
    }
  }
  return checkTarget(*this, "a TMA store epilogue", 90, /*ptxIsa=*/80);
}
