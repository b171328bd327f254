//===- ReportBankConflicts.cpp - Shared-memory bank conflicts as remarks --===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// For each op that moves data between threads and shared memory, every warp
// of the block is replayed lane by lane: the operand's layout is traced with
// the lowering's LayoutTracer, its run-time offsets are evaluated for each
// lane (LaneEvaluator), and the instructions the lowering would issue are
// costed by the bank model of cute/Atom/BankConflicts.h. Warp-uniform
// run-time values are sampled and the worst case is reported.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/Transforms/Passes.h"

#include "LaneEvaluator.h"

#include "cute-mlir/Atom/BankConflicts.h"
#include "cute-mlir/Atom/Epilogue.h"
#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"
#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"

namespace mlir {
namespace cute_nvgpu {
#define GEN_PASS_DEF_CUTENVGPUREPORTBANKCONFLICTSPASS
#include "cute-mlir/Dialect/CuteNVGPU/Transforms/Passes.h.inc"
} // namespace cute_nvgpu
} // namespace mlir

using namespace mlir;
using namespace mlir::cute_nvgpu;
using cute::ConflictSummary;
using cute::LayoutTracer;
using cute::TensorValue;
using cute::WarpAccess;

namespace {

/// The accesses of every instruction one warp issues for an op, given the
/// warp's first thread; failure with the reason in `why`.
using WarpAccessesFn = std::function<FailureOr<std::vector<WarpAccess>>(
    int64_t firstThread, LaneEvaluator &lanes, std::string &why)>;

/// The most combinations of sampled warp-uniform values tried for one op.
constexpr size_t kMaxSampleCombinations = 64;

/// The cost of an op over every warp that runs it and every sampled
/// combination of the warp-uniform values its addresses depend on.
struct OpCost {
  /// The worst combination's summary over all warps.
  ConflictSummary all;
  /// Instructions one thread issues, and the most wavefronts one warp spends.
  int64_t perThread = 0;
  int64_t perWarp = 0;
  /// Whether the wavefronts differ between warps / sampled values.
  bool variesWithWarp = false;
  bool variesWithValues = false;
};

FailureOr<OpCost> costOf(Operation *op, const WarpAccessesFn &accessesOf,
                         std::string &why) {
  FailureOr<ThreadRange> threads = threadsRunning(op, why);
  if (failed(threads))
    return failure();
  if (threads->count % cute::kWarpLanes != 0 ||
      threads->first % cute::kWarpLanes != 0) {
    why = "its threads are not whole warps";
    return failure();
  }
  LaneEvaluator lanes;
  // One combination of samples: every warp.
  auto costWith = [&]() -> FailureOr<OpCost> {
    OpCost cost;
    std::optional<int64_t> firstWarp;
    for (int64_t t = threads->first; t < threads->first + threads->count;
         t += cute::kWarpLanes) {
      FailureOr<std::vector<WarpAccess>> accesses = accessesOf(t, lanes, why);
      if (failed(accesses))
        return failure();
      ConflictSummary warp;
      for (const WarpAccess &access : *accesses) {
        cute::Result<cute::BankConflicts> c =
            cute::analyzeBankConflicts(access);
        if (c.failed()) {
          why = c.message();
          return failure();
        }
        warp.add(*c);
        cost.all.add(*c);
      }
      cost.perThread = warp.instructions;
      if (firstWarp && *firstWarp != warp.wavefronts)
        cost.variesWithWarp = true;
      firstWarp = warp.wavefronts;
      cost.perWarp = std::max(cost.perWarp, warp.wavefronts);
    }
    return cost;
  };
  // A first pass finds the warp-uniform values; then each is sampled.
  FailureOr<OpCost> worst = costWith();
  if (failed(worst))
    return failure();
  SmallVector<Value> leaves(lanes.leaves());
  SmallVector<SmallVector<int64_t>> samples;
  size_t combinations = 1;
  for (Value leaf : leaves) {
    samples.push_back(LaneEvaluator::samplesOf(leaf));
    combinations *= samples.back().size();
  }
  // Every combination when there are few, else one value at a time.
  SmallVector<SmallVector<int64_t>> choices;
  if (combinations <= kMaxSampleCombinations) {
    SmallVector<size_t> index(leaves.size(), 0);
    for (size_t n = 0; n < combinations; ++n) {
      SmallVector<int64_t> choice;
      size_t rest = n;
      for (size_t i = 0; i < leaves.size(); ++i) {
        choice.push_back(samples[i][rest % samples[i].size()]);
        rest /= samples[i].size();
      }
      choices.push_back(choice);
    }
  } else {
    for (size_t i = 0; i < leaves.size(); ++i)
      for (int64_t s : samples[i]) {
        SmallVector<int64_t> choice;
        for (size_t j = 0; j < leaves.size(); ++j)
          choice.push_back(j == i ? s : samples[j].front());
        choices.push_back(choice);
      }
  }
  bool first = true;
  for (ArrayRef<int64_t> choice : choices) {
    for (auto [leaf, value] : llvm::zip(leaves, choice))
      lanes.setSample(leaf, value);
    FailureOr<OpCost> cost = costWith();
    if (failed(cost))
      return failure();
    if (first) {
      worst = cost;
      first = false;
      continue;
    }
    if (cost->all.wavefronts != worst->all.wavefronts)
      worst->variesWithValues = true;
    if (cost->all.wavefronts > worst->all.wavefronts) {
      bool varies = worst->variesWithValues;
      worst = cost;
      worst->variesWithValues = varies;
    }
  }
  return worst;
}

/// Where the storage of a shared-memory tensor starts, in bytes from a
/// 128-byte boundary: a constant shift into dynamic shared memory (which is
/// aligned to 1024 bytes), else 0.
int64_t baseBytesOf(Value memref) {
  auto view = memref.getDefiningOp<memref::ViewOp>();
  APInt shift;
  if (view && view.getSource().getDefiningOp<gpu::DynamicSharedMemoryOp>() &&
      matchPattern(view.getByteShift(), m_ConstantInt(&shift)))
    return shift.getSExtValue() % 1024;
  return 0;
}

class Reporter {
public:
  explicit Reporter(MLIRContext *ctx) : ctx(ctx) {}

  void report(cute_nvgpu::CopyOp op) {
    CopyAtomAttrInterface atom = op.getCopyAtom();
    if (!atom || !isa<CopyAtomAttr>(atom))
      return; // TMA and bulk copies have their own ops
    int bits = elementBits(atom.getValueType());
    for (bool source : {true, false}) {
      Value tensor = source ? op.getSrc() : op.getDst();
      if (memoryOf(tensor) != "smem")
        continue;
      cute::Result<cute::SharedInstruction> inst =
          cute::sharedInstructionOf(atom.getTraits(), bits, source);
      if (inst.failed()) {
        cannotAnalyse(op, inst.message());
        continue;
      }
      reportTensor(op, tensor, *inst, source);
    }
  }

  void report(cute::CopyOp op) {
    // Lowered element by element (cute-lower-to-scf).
    for (bool source : {true, false}) {
      Value tensor = source ? op.getSrc() : op.getDst();
      if (memoryOf(tensor) != "smem")
        continue;
      auto type = cast<cute::TensorType>(tensor.getType());
      int bits = elementBits(type.getElementType());
      cute::Result<cute::SharedInstruction> inst =
          cute::vectorInstruction(1, bits, source);
      if (inst.failed()) {
        cannotAnalyse(op, inst.message());
        continue;
      }
      // LLVM may still merge neighbouring elements into vectors.
      inst->name += " per element";
      reportTensor(op, tensor, *inst, source);
    }
  }

  void report(cute_nvgpu::GemmOp op) {
    bool shared =
        memoryOf(op.getA()) == "smem" || memoryOf(op.getB()) == "smem";
    if (!shared)
      return;
    if (op.getTiledMma().getMmaAtom().getTraits().arch >= 90) {
      op.emitRemark() << "wgmma reads shared memory through matrix "
                         "descriptors: not analysed";
      return;
    }
    // mma.sync operands in shared memory are loaded value by value.
    for (Value tensor : {op.getA(), op.getB()}) {
      if (memoryOf(tensor) != "smem")
        continue;
      int bits = elementBits(
          cast<cute::TensorType>(tensor.getType()).getElementType());
      cute::Result<cute::SharedInstruction> inst =
          cute::vectorInstruction(1, bits, /*load=*/true);
      if (inst.failed()) {
        cannotAnalyse(op, inst.message());
        continue;
      }
      reportTensor(op, tensor, *inst, /*source=*/true);
    }
  }

  void report(EpilogueStoreOp op);

private:
  static StringRef memoryOf(Value tensor) {
    if (auto type = dyn_cast<cute::TensorType>(tensor.getType()))
      return type.getMemory();
    return "";
  }

  void cannotAnalyse(Operation *op, const std::string &why) {
    op->emitRemark() << "shared-memory accesses cannot be analysed: " << why;
  }

  /// `op`'s cost as a remark: `<instruction> from shared: ...`.
  void emit(Operation *op, StringRef name, bool load, const OpCost &cost) {
    InFlightDiagnostic remark = op->emitRemark();
    remark << name;
    if (!name.contains(".shared"))
      remark << (load ? " from" : " to") << " shared";
    remark << ": " << cost.perThread << " per thread, " << cost.all.str()
           << "; " << cost.perWarp << " wavefronts per warp";
    if (cost.variesWithWarp)
      remark << " (at most; it differs between warps)";
    if (cost.variesWithValues)
      remark << "; worst over sampled run-time values";
  }

  /// Trace `value` with the lowering's tracer, its errors kept in `why`.
  FailureOr<cute::AlgebraValue> trace(Value value, Operation *user,
                                      std::string &why) {
    ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      if (why.empty())
        why = diag.str();
      return success();
    });
    return tracer.trace(value, user);
  }

  /// The instructions a thread issues over the shared-memory tensor `tensor`.
  void reportTensor(Operation *op, Value tensor,
                    const cute::SharedInstruction &inst, bool source);

  MLIRContext *ctx;
  LayoutTracer tracer;
};

void Reporter::reportTensor(Operation *op, Value tensor,
                            const cute::SharedInstruction &inst, bool source) {
  std::string why;
  FailureOr<cute::AlgebraValue> traced = trace(tensor, op, why);
  FailureOr<Value> storage = failure();
  if (succeeded(traced)) {
    ScopedDiagnosticHandler quiet(ctx, [&](Diagnostic &diag) {
      if (why.empty())
        why = diag.str();
      return success();
    });
    storage = tracer.storageOf(tensor, op);
  }
  if (failed(traced) || failed(storage))
    return cannotAnalyse(op, why);
  const auto &value = std::get<TensorValue>(*traced);
  if (!value.layout.shape().isStatic() || !value.layout.stride().isStatic())
    return cannotAnalyse(op,
                         "its layout " + value.layout.str() + " is not static");
  int bits = elementBits(value.elementType);
  int64_t bytes = bits / 8;
  int64_t base = baseBytesOf(*storage);
  if (bits % 8 != 0 || base % bytes != 0)
    return cannotAnalyse(op, "its elements are not whole, aligned bytes");
  auto evaluate = [&](const cute::Int &v, int64_t thread, LaneEvaluator &lanes,
                      std::string &why) -> std::optional<int64_t> {
    bool failedLeaf = false;
    std::optional<int64_t> result =
        v.evaluate([&](const cute::Int &unknown) -> std::optional<int64_t> {
          Value filler = tracer.boundValue(unknown.getNode());
          if (!filler) {
            why = "a run-time value of its layout cannot be traced";
            failedLeaf = true;
            return std::nullopt;
          }
          std::optional<int64_t> x = lanes.evaluate(filler, thread, why);
          failedLeaf |= !x.has_value();
          return x;
        });
    if (!result && !failedLeaf)
      why = "its offset " + v.str() + " cannot be evaluated";
    return result;
  };
  WarpAccessesFn accessesOf =
      [&](int64_t first, LaneEvaluator &lanes,
          std::string &why) -> FailureOr<std::vector<WarpAccess>> {
    std::vector<cute::ThreadSharedView> views;
    for (int64_t t = first; t < first + cute::kWarpLanes; ++t) {
      std::optional<int64_t> offset = evaluate(value.offset, t, lanes, why);
      std::optional<int64_t> swizzleOffset =
          evaluate(value.swizzleOffset, t, lanes, why);
      if (!offset || !swizzleOffset)
        return failure();
      views.push_back(cute::ThreadSharedView{
          value.layout, value.swizzle, *swizzleOffset, *offset + base / bytes});
    }
    cute::Result<std::vector<WarpAccess>> accesses =
        cute::warpAccesses(views, bits, inst);
    if (accesses.failed()) {
      why = accesses.message();
      return failure();
    }
    return *accesses;
  };
  FailureOr<OpCost> cost = costOf(op, accessesOf, why);
  if (failed(cost))
    return cannotAnalyse(op, why);
  emit(op, inst.name, source, *cost);
}

void Reporter::report(EpilogueStoreOp op) {
  // As EpilogueLowering issues them: each run of the plan is one vector
  // store of every thread, at its first accumulator's place in the box plus
  // the run's constant offset, swizzled on the address bits; or, for 16-bit
  // C in stmatrix's fragment, each group of four runs one stmatrix.x4 whose
  // lane l addresses row l % 8 of matrix l / 8. With per_warpgroup, each
  // warpgroup's offsets are in its part of the tile and its buffer slice.
  cute::Result<cute::TiledMma> mma = op.getTiledMma().getTiledMma();
  cute::Result<cute::TmaAtom> atom = op.getAtom().getTmaAtom();
  if (mma.failed() || atom.failed())
    return cannotAnalyse(op, mma.failed() ? mma.message() : atom.message());
  int64_t boxCols = atom->box[0], boxRows = atom->box[1];
  int bits = elementBits(op.getAtom().getValueType());
  int64_t bytes = bits / 8;
  int64_t parts = op.getStoreParts(*mma);
  cute::Result<cute::EpiloguePlan> plan = cute::planEpilogue(
      *mma, boxRows, boxCols, bits, parts, op.getTransposed());
  if (plan.failed())
    return cannotAnalyse(op, plan.message());
  int64_t boxBytes = boxRows * boxCols * bytes;
  auto bufferType = cast<MemRefType>(op.getBuffer().getType());
  int64_t partBytes = bufferType.getNumElements() *
                      elementBits(bufferType.getElementType()) / 8 / parts;
  int64_t stages = partBytes / boxBytes;
  if (stages < 1)
    return cannotAnalyse(op, "its buffer holds no box");
  cute::Swizzle swizzle = atom->byteSwizzle();
  int64_t base = baseBytesOf(op.getBuffer());
  int64_t m = mma->tileSize(0), n = mma->tileSize(1);
  cute::Layout colMajor = cute::makeLayout(
      cute::IntTuple::tuple({cute::IntTuple(m), cute::IntTuple(n)}));
  cute::Result<cute::EpilogueStmatrixPlan> stmatrix =
      cute::planStmatrix(*mma, *plan, boxRows, boxCols, bits);
  // One name for the op: stmatrix, or the widest store.
  int64_t widest = 0;
  for (const cute::EpilogueRun &run : plan->runs)
    widest = std::max(widest, run.length * bytes);
  std::string name = stmatrix
                         ? std::string("stmatrix.x4")
                         : "st.shared " + std::to_string(widest * 8) + "-bit";
  auto swizzled = [&](int64_t offset) {
    int64_t address = base + offset;
    if (swizzle.bits())
      offset ^= (address >> swizzle.shift()) & swizzle.zzzMask();
    return base + offset;
  };
  WarpAccessesFn accessesOf =
      [&](int64_t first, LaneEvaluator &lanes,
          std::string &why) -> FailureOr<std::vector<WarpAccess>> {
    std::vector<int64_t> threadOffsets;
    for (int64_t t = first; t < first + cute::kWarpLanes; ++t) {
      std::optional<int64_t> tid = lanes.evaluate(op.getThread(), t, why);
      if (!tid)
        return failure();
      if (*tid < 0 || *tid >= mma->numThreads()) {
        why = "thread " + std::to_string(*tid) + " is not one of the " +
              std::to_string(mma->numThreads()) + " of the TiledMMA";
        return failure();
      }
      cute::Result<std::pair<cute::Layout, cute::Int>> part =
          mma->partitionC(colMajor, *tid);
      if (part.failed() || !part->second.isStatic()) {
        why = part.failed() ? part.message() : "a dynamic partition";
        return failure();
      }
      int64_t at = part->second.value();
      int64_t row = at % m, col = at / m;
      if (plan->transposed)
        std::swap(row, col);
      row %= plan->partRows;
      col %= plan->partCols;
      if (stmatrix) {
        // The row this lane addresses, from its warp's first matrix.
        auto [dRow, dCol] = stmatrix->laneOffset(*tid % cute::kWarpLanes);
        row += dRow;
        col += dCol;
      }
      threadOffsets.push_back(*tid / plan->partThreads * partBytes +
                              (row * boxCols + col) * bytes);
    }
    std::vector<WarpAccess> accesses;
    if (stmatrix) {
      for (const cute::EpilogueStmatrix &group : stmatrix->groups) {
        WarpAccess access;
        access.bytesPerLane = 16;
        access.matrices = 4;
        int64_t constant =
            (group.box % stages) * boxBytes +
            (group.rowOffset * boxCols + group.colOffset) * bytes;
        for (int64_t threadOffset : threadOffsets)
          access.lanes.push_back(swizzled(threadOffset + constant));
        accesses.push_back(std::move(access));
      }
      return accesses;
    }
    for (const cute::EpilogueRun &run : plan->runs) {
      WarpAccess access;
      access.bytesPerLane = run.length * bytes;
      int64_t constant = (run.box % stages) * boxBytes +
                         (run.rowOffset * boxCols + run.colOffset) * bytes;
      for (int64_t threadOffset : threadOffsets)
        access.lanes.push_back(swizzled(threadOffset + constant));
      accesses.push_back(std::move(access));
    }
    return accesses;
  };
  std::string why;
  FailureOr<OpCost> cost = costOf(op, accessesOf, why);
  if (failed(cost))
    return cannotAnalyse(op, why);
  emit(op, name, /*load=*/false, *cost);
}

struct CuteNVGPUReportBankConflictsPass
    : public cute_nvgpu::impl::CuteNVGPUReportBankConflictsPassBase<
          CuteNVGPUReportBankConflictsPass> {
  using Base::Base;

  void runOnOperation() override {
    Reporter reporter(&getContext());
    getOperation()->walk([&](Operation *op) {
      if (auto copy = dyn_cast<cute_nvgpu::CopyOp>(op))
        reporter.report(copy);
      else if (auto copy = dyn_cast<cute::CopyOp>(op))
        reporter.report(copy);
      else if (auto gemm = dyn_cast<cute_nvgpu::GemmOp>(op))
        reporter.report(gemm);
      else if (auto store = dyn_cast<EpilogueStoreOp>(op))
        reporter.report(store);
    });
  }
};

} // namespace
