//===- EpilogueLowering.cpp - TMA epilogues -------------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// An epilogue_store is unrolled box by box. Each thread computes once where
// its first accumulator sits in the tile (from the TiledMMA's partition at
// its thread index); every run of values then goes to a constant offset
// from there in the box (the plan of cute/Atom/Epilogue.h), swizzled on the
// shared-memory address bits as TMA swizzles them. Per box: thread 0 waits
// until TMA has read the stage, a named barrier, the stores, a proxy fence,
// a named barrier, and thread 0 issues the TMA store and commits it. Where
// the buffer has a stage for every box, the boxes need not wait for each
// other: one wait and barrier, all the boxes, one fence and barrier, and
// all the stores.
// 16-bit C in stmatrix's fragment (cute::planStmatrix) goes out four runs
// at a time through the SM90_U32x4_STSM_N copy atom, each lane addressing
// its matrix row from one more per-thread base.
// A transposed tile is C's transpose: the thread's place and the plan are
// in C's tile, and each value goes out on its own.
// With per_warpgroup, all of this happens per warpgroup, on its part of the
// tile: the warpgroup's slice of the buffer, its barrier (a run-time id)
// and its first thread. epilogue_store_tail is those threads' last wait.
//
//===----------------------------------------------------------------------===//

#include "EpilogueLowering.h"

#include "Pointers.h"

#include "cute-mlir/Atom/Epilogue.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute_nvgpu;

namespace {

class EpilogueLowering {
public:
  EpilogueLowering(EpilogueStoreOp op, LayoutTracer &tracer)
      : op(op), tracer(tracer), b(op), loc(op.getLoc()) {}

  LogicalResult lower() {
    // The verifier checked the TiledMMA, the atom and the plan.
    cute::TiledMma mma = *op.getTiledMma().getTiledMma();
    cute::TmaAtom atom = *op.getAtom().getTmaAtom();
    int64_t boxCols = atom.box[0], boxRows = atom.box[1];
    outType = op.getAtom().getValueType();
    bytes = elementBits(outType) / 8;
    int64_t parts = op.getStoreParts(mma);
    cute::EpiloguePlan plan = *cute::planEpilogue(
        mma, boxRows, boxCols, bytes * 8, parts, op.getTransposed());
    // 16-bit C in stmatrix's fragment: one stmatrix.x4 per four runs.
    Result<cute::EpilogueStmatrixPlan> stmatrix =
        cute::planStmatrix(mma, plan, boxRows, boxCols, bytes * 8);
    FailureOr<TracedTensor> acc = tracer.traceTensor(op.getAcc(), op);
    FailureOr<AlgebraValue> tile = tracer.trace(op.getTile(), op);
    FailureOr<AlgebraValue> thread = tracer.trace(op.getThread(), op);
    if (failed(acc) || failed(tile) || failed(thread))
      return failure();
    Result<cute::Int> tid = cute::intOf(*thread);
    Result<cute::IntTuple> origin =
        std::get<TensorValue>(*tile).coordinateAt(cute::IntTuple(int64_t(0)));
    if (tid.failed() || origin.failed() || !origin->isTuple() ||
        origin->rank() != 2 || !origin->mode(0).isInt() ||
        !origin->mode(1).isInt())
      return op.emitOpError() << "cannot trace the thread index and the "
                                 "tile's origin";

    // Where the thread's first accumulator sits in the (M,N) tile, and so
    // in the tile of C (its transpose, with `transposed`).
    int64_t m = mma.tileSize(0), n = mma.tileSize(1);
    cute::Layout colMajor = cute::makeLayout(
        cute::IntTuple::tuple({cute::IntTuple(m), cute::IntTuple(n)}));
    Result<std::pair<cute::Layout, cute::Int>> part =
        mma.partitionC(colMajor, *tid);
    if (part.failed())
      return op.emitOpError() << part.message();
    ArithEmitter emitter(b, loc, tracer);
    Value first = emitter.emit(part->second);
    Value row = arith::RemUIOp::create(b, loc, first, index(m));
    Value col = arith::DivUIOp::create(b, loc, first, index(m));
    if (plan.transposed) {
      std::swap(row, col);
      std::swap(m, n);
    }
    // A thread's part starts at the multiple of the part's size before its
    // first value; rows and columns from here on are in the part.
    Value partRow, partCol;
    if (plan.partRows < m) {
      Value inPart = arith::RemUIOp::create(b, loc, row, index(plan.partRows));
      partRow = arith::SubIOp::create(b, loc, row, inPart);
      row = inPart;
    }
    if (plan.partCols < n) {
      Value inPart = arith::RemUIOp::create(b, loc, col, index(plan.partCols));
      partCol = arith::SubIOp::create(b, loc, col, inPart);
      col = inPart;
    }
    // Its byte offset in a box; runs sit at constant offsets from it.
    threadOffset = arith::MulIOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, row, index(boxCols)), col),
        index(bytes));
    if (stmatrix)
      stmatrixOffset = stmatrixRowOffset(*stmatrix, row, col, boxCols);
    Value originM = emitter.emit(origin->mode(0).value());
    Value originN = emitter.emit(origin->mode(1).value());
    if (partRow)
      originM = arith::AddIOp::create(b, loc, originM, partRow);
    if (partCol)
      originN = arith::AddIOp::create(b, loc, originN, partCol);

    // The thread's part: its slice of the buffer, its named barrier, and
    // the first of its threads, which issues the part's TMA stores.
    int64_t partElements =
        cast<MemRefType>(op.getBuffer().getType()).getNumElements() / parts;
    Value partThread = op.getThread(), partIndex = index(0);
    Value sliceStart = partIndex;
    if (parts > 1) {
      partIndex =
          arith::DivUIOp::create(b, loc, partThread, index(plan.partThreads));
      partThread =
          arith::RemUIOp::create(b, loc, partThread, index(plan.partThreads));
      sliceStart =
          arith::MulIOp::create(b, loc, partIndex, index(partElements));
    }
    auto shared = unsigned(NVVM::NVVMMemorySpace::Shared);
    FailureOr<Value> base =
        pointerIntoMemref(b, op, op.getBuffer(), sliceStart, shared);
    if (failed(base))
      return failure();
    buffer = *base;
    baseAddress = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), buffer);
    swizzle = atom.byteSwizzle();
    int64_t boxBytes = boxRows * boxCols * bytes;
    int64_t stages = partElements * bytes / boxBytes;
    leader = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, partThread,
                                   index(0));
    barrierId = i32(op.getBarrierId());
    if (parts > 1)
      barrierId = arith::AddIOp::create(
          b, loc, barrierId,
          arith::IndexCastOp::create(b, loc, b.getI32Type(), partIndex));
    barrierThreads = i32(plan.partThreads);
    Value storePredicate;
    if (Value store = op.getStore())
      storePredicate = opaquePredicate(store);

    // With a stage for every box, no box waits for another's store: one
    // wait and barrier before the boxes, one fence and barrier after them,
    // then the stores (on an H100, the fp8 example's 128x192 tiles in three
    // 16 KiB stages ran 0.2-2.3% faster than in two, except at 2048^3).
    int64_t boxes = plan.boxesM * plan.boxesN;
    bool wholeTile = stages >= boxes;
    size_t next = 0;
    for (int64_t box = 0; box < boxes; ++box) {
      int64_t stage = box % stages;
      // TMA has read the stage this box reuses (all stages, at the first
      // box: the previous epilogue's last stores may still be reading).
      if (box == 0 || !wholeTile) {
        int32_t pending = box == 0 ? 0 : int32_t(stages - 1);
        onLeader([&] {
          NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, pending,
                                               /*read=*/b.getUnitAttr());
        });
        namedBarrier();
      }
      if (stmatrix) {
        for (const cute::EpilogueStmatrix &group : stmatrix->groups)
          if (group.box == box &&
              failed(storeMatrices(acc->memref, acc->value, plan, group,
                                   stage * boxBytes, boxCols)))
            return failure();
      } else {
        for (; next < plan.runs.size() && plan.runs[next].box == box; ++next)
          if (failed(storeRun(acc->memref, acc->value, plan.runs[next],
                              stage * boxBytes, boxCols)))
            return failure();
      }
      if (wholeTile && box + 1 < boxes)
        continue;
      NVVM::FenceProxyOp::create(
          b, loc, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(b.getContext(),
                                     NVVM::SharedSpace::shared_cta));
      namedBarrier();
      for (int64_t stored = wholeTile ? 0 : box; stored <= box; ++stored)
        storeBox(plan, stored, stored % stages, boxRows, boxCols, originM,
                 originN, storePredicate);
    }
    op.erase();
    return success();
  }

private:
  /// The values of `run`, scaled (with `scale`) and converted to the output
  /// type: a scalar, or a vector of `run.length`.
  FailureOr<Value> convertedRun(Value accMemref, const TensorValue &accValue,
                                const cute::EpilogueRun &run) {
    Type accType = cast<MemRefType>(accMemref.getType()).getElementType();
    SmallVector<Value> values;
    for (int64_t v = run.value; v < run.value + run.length; ++v) {
      FailureOr<Value> at =
          tracer.emitElementOffset(b, op, accValue, cute::IntTuple(v));
      if (failed(at))
        return failure();
      values.push_back(memref::LoadOp::create(b, loc, accMemref, *at));
    }
    if (run.length == 1) {
      Value stored = values.front();
      if (Value scale = op.getScale())
        stored = arith::MulFOp::create(b, loc, stored, scale);
      if (accType != outType)
        stored = arith::TruncFOp::create(b, loc, outType, stored);
      return stored;
    }
    auto vectorType = VectorType::get({run.length}, accType);
    Value stored = vector::FromElementsOp::create(b, loc, vectorType, values);
    if (Value scale = op.getScale())
      stored = arith::MulFOp::create(
          b, loc, stored,
          vector::BroadcastOp::create(b, loc, vectorType, scale));
    if (accType != outType)
      stored = arith::TruncFOp::create(
          b, loc, VectorType::get({run.length}, outType), stored);
    return stored;
  }

  /// A pointer to byte `offset` (index) of the buffer, swizzled as TMA
  /// swizzles the address bits (the XOR reads the whole address).
  Value swizzledPointer(Value offset) {
    Value bytes = arith::IndexCastOp::create(b, loc, b.getI64Type(), offset);
    if (swizzle.bits()) {
      Value address = LLVM::AddOp::create(b, loc, baseAddress, bytes);
      Value bits = LLVM::AndOp::create(
          b, loc, LLVM::LShrOp::create(b, loc, address, i64(swizzle.shift())),
          i64(swizzle.zzzMask()));
      bytes = LLVM::XOrOp::create(b, loc, bytes, bits);
    }
    return LLVM::GEPOp::create(b, loc, buffer.getType(), b.getI8Type(), buffer,
                               ArrayRef<LLVM::GEPArg>{bytes});
  }

  /// One vector store of `run.length` converted values.
  LogicalResult storeRun(Value accMemref, const TensorValue &accValue,
                         const cute::EpilogueRun &run, int64_t stageOffset,
                         int64_t boxCols) {
    FailureOr<Value> stored = convertedRun(accMemref, accValue, run);
    if (failed(stored))
      return failure();
    int64_t constant =
        stageOffset + (run.rowOffset * boxCols + run.colOffset) * bytes;
    Value ptr = swizzledPointer(
        arith::AddIOp::create(b, loc, threadOffset, index(constant)));
    LLVM::StoreOp::create(b, loc, *stored, ptr, run.length * bytes);
    return success();
  }

  /// The byte offset in a box of the row whose address this thread gives
  /// stmatrix for the first group: EpilogueStmatrixPlan::laneOffset from
  /// the thread's first value (row, col), computed for the run-time lane.
  Value stmatrixRowOffset(const cute::EpilogueStmatrixPlan &stmatrix, Value row,
                          Value col, int64_t boxCols) {
    Value lane = arith::RemUIOp::create(b, loc, op.getThread(), index(32));
    Value matrix = arith::DivUIOp::create(b, loc, lane, index(8));
    auto pick = [&](auto field) -> Value {
      Value picked = index(field(stmatrix.matrixOffsets[0]));
      for (int64_t i = 1; i < 4; ++i)
        picked = arith::SelectOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, matrix,
                                  index(i)),
            index(field(stmatrix.matrixOffsets[i])), picked);
      return picked;
    };
    auto [boxRow, boxCol] = stmatrix.firstBoxOrigin;
    Value warpRow = arith::SubIOp::create(
        b, loc, row, arith::DivUIOp::create(b, loc, lane, index(4)));
    Value warpCol = arith::SubIOp::create(
        b, loc, col,
        arith::MulIOp::create(
            b, loc, arith::RemUIOp::create(b, loc, lane, index(4)), index(2)));
    Value r = arith::AddIOp::create(
        b, loc, arith::AddIOp::create(b, loc, warpRow, pick([](auto p) {
                                        return p.first;
                                      })),
        arith::SubIOp::create(b, loc,
                              arith::RemUIOp::create(b, loc, lane, index(8)),
                              index(boxRow)));
    Value c = arith::SubIOp::create(
        b, loc, arith::AddIOp::create(b, loc, warpCol, pick([](auto p) {
                                        return p.second;
                                      })),
        index(boxCol));
    return arith::MulIOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, r, index(boxCols)), c),
        index(bytes));
  }

  /// One stmatrix.x4 of a group's four runs, through the copy atom
  /// SM90_U32x4_STSM_N: each run is a pair of 16-bit values, one matrix's
  /// register.
  LogicalResult storeMatrices(Value accMemref, const TensorValue &accValue,
                              const cute::EpiloguePlan &plan,
                              const cute::EpilogueStmatrix &group,
                              int64_t stageOffset, int64_t boxCols) {
    SmallVector<Value> values;
    for (int64_t i = 0; i < 4; ++i) {
      FailureOr<Value> pair =
          convertedRun(accMemref, accValue, plan.runs[group.firstRun + i]);
      if (failed(pair))
        return failure();
      for (int64_t e = 0; e < 2; ++e)
        values.push_back(vector::ExtractOp::create(b, loc, *pair, e));
    }
    int64_t constant =
        stageOffset + (group.rowOffset * boxCols + group.colOffset) * bytes;
    Value ptr = swizzledPointer(
        arith::AddIOp::create(b, loc, stmatrixOffset, index(constant)));
    auto atom = cast<CopyAtomAttrInterface>(
        CopyAtomAttr::get(b.getContext(), "SM90_U32x4_STSM_N", outType));
    return atom.buildCopy(b, loc, /*srcPtr=*/Value(), values, ptr,
                          /*pred=*/Value(), /*mbarrier=*/Value());
  }

  /// Thread 0 stores box `box` of the tile from `stage` of the buffer with
  /// TMA and commits it as a bulk async group.
  void storeBox(const cute::EpiloguePlan &plan, int64_t box, int64_t stage,
                int64_t boxRows, int64_t boxCols, Value originM, Value originN,
                Value storePredicate) {
    int64_t boxBytes = boxRows * boxCols * bytes;
    int64_t boxM = box / plan.boxesN, boxN = box % plan.boxesN;
    Value coordN =
        toI32(arith::AddIOp::create(b, loc, originN, index(boxN * boxCols)));
    Value coordM =
        toI32(arith::AddIOp::create(b, loc, originM, index(boxM * boxRows)));
    onLeader([&] {
      Value smem = LLVM::GEPOp::create(
          b, loc, buffer.getType(), b.getI8Type(), buffer,
          ArrayRef<LLVM::GEPArg>{int32_t(stage * boxBytes)});
      // With `if %store`, a predicated store rather than a branch: the
      // rest of the epilogue runs regardless, and a branch on the store
      // flag here made ptxas move the mainloop's wgmma descriptors out of
      // uniform registers (an empty bulk group commits harmlessly).
      NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
          b, loc, op.getDescriptor(), smem, ValueRange{coordN, coordM},
          /*l2CacheHint=*/Value(), NVVM::TMAStoreMode::TILE,
          /*predicate=*/storePredicate);
      NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
    });
  }

  /// `flag` as a predicate register that LLVM cannot fold: a constant `i1`
  /// given straight to the TMA store's inline PTX prints as `@-1`, which
  /// ptxas rejects, while an `i32` through `setp` is valid PTX either way.
  Value opaquePredicate(Value flag) {
    Value word = arith::ExtUIOp::create(b, loc, b.getI32Type(), flag);
    MLIRContext *ctx = b.getContext();
    return LLVM::InlineAsmOp::create(
               b, loc, b.getI1Type(), ValueRange{word},
               "setp.ne.b32 $0, $1, 0;", "=b,r",
               /*has_side_effects=*/false, /*is_align_stack=*/false,
               LLVM::TailCallKind::None,
               LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT),
               /*operand_attrs=*/ArrayAttr())
        .getRes();
  }

  void onLeader(function_ref<void()> body) {
    auto branch = scf::IfOp::create(b, loc, leader, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(branch.thenBlock()->getTerminator());
    body();
  }

  void namedBarrier() {
    NVVM::BarrierOp::create(b, loc, TypeRange{}, barrierId, barrierThreads,
                            /*reductionOp=*/{}, /*reductionPredicate=*/Value());
  }

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value i32(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  }
  Value i64(int64_t v) {
    return LLVM::ConstantOp::create(b, loc, b.getI64Type(), v);
  }
  Value toI32(Value v) {
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), v);
  }

  EpilogueStoreOp op;
  LayoutTracer &tracer;
  OpBuilder b;
  Location loc;
  Type outType;
  int64_t bytes = 0;
  cute::Swizzle swizzle = *cute::Swizzle::get(0, 4, 3);
  Value threadOffset, stmatrixOffset, buffer, baseAddress, leader, barrierId,
      barrierThreads;
};

} // namespace

/// The threads that issued the stores (thread 0, or each warpgroup's first)
/// wait for all their bulk groups.
static void lowerStoreTail(EpilogueStoreTailOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value thread = op.getThread();
  if (op.getPerWarpgroup())
    thread = arith::RemUIOp::create(
        b, loc, thread,
        arith::ConstantIndexOp::create(b, loc,
                                       WarpSpecializeOp::kWarpgroupThreads));
  Value issuer =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, thread,
                            arith::ConstantIndexOp::create(b, loc, 0));
  auto branch = scf::IfOp::create(b, loc, issuer, /*withElse=*/false);
  b.setInsertionPoint(branch.thenBlock()->getTerminator());
  NVVM::CpAsyncBulkWaitGroupOp::create(b, loc, 0, /*read=*/UnitAttr());
  op.erase();
}

LogicalResult cute::lowerEpilogueStores(Operation *root, LayoutTracer &tracer) {
  SmallVector<EpilogueStoreOp> ops;
  SmallVector<EpilogueStoreTailOp> tails;
  root->walk([&](Operation *op) {
    if (auto store = dyn_cast<EpilogueStoreOp>(op))
      ops.push_back(store);
    else if (auto tail = dyn_cast<EpilogueStoreTailOp>(op))
      tails.push_back(tail);
  });
  bool failed = false;
  for (EpilogueStoreOp op : ops)
    failed |= ::mlir::failed(EpilogueLowering(op, tracer).lower());
  for (EpilogueStoreTailOp tail : tails)
    lowerStoreTail(tail);
  return failure(failed);
}
