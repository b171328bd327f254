//===- TmaLowering.cpp - TMA descriptors, TMA copies and mbarriers --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A TMA copy becomes one cp.async.bulk.tensor: the box's coordinate is the
// first element of the coordinate tile, reversed into TMA's innermost-first
// order; the shared-memory address is the tile's first element. On the host,
// make_tma_descriptor becomes a call to the runtime's
// cuteTmaDescriptorCreate with the tensor's base, extents and strides in the
// same order.
//
//===----------------------------------------------------------------------===//

#include "TmaLowering.h"

#include "Pointers.h"
#include "RuntimeCalls.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;
using namespace mlir::cute_nvgpu;

/// The runtime entry point that encodes a tensor map (lib/Runtime).
static constexpr StringLiteral kCreateDescriptor = "cuteTmaDescriptorCreate";
static constexpr StringLiteral kDestroyDescriptor = "cuteTmaDescriptorDestroy";
static constexpr int64_t kMaxTmaRank = 5;

namespace {

/// CUtensorMapDataType of an element type, if TMA can copy it.
std::optional<int64_t> tensorMapDataType(Type type) {
  if (type.isF16())
    return 6; // FLOAT16
  if (type.isBF16())
    return 9; // BFLOAT16
  if (type.isF32())
    return 7; // FLOAT32
  if (type.isF64())
    return 8; // FLOAT64
  if (isa<FloatType>(type) && type.getIntOrFloatBitWidth() == 8)
    return 0; // fp8 formats travel as UINT8
  if (auto i = dyn_cast<IntegerType>(type)) {
    switch (i.getWidth()) {
    case 8:
      return 0; // UINT8
    case 16:
      return 1; // UINT16
    case 32:
      return 3; // INT32
    case 64:
      return 5; // INT64
    }
  }
  return std::nullopt;
}

class TmaLowering {
public:
  explicit TmaLowering(LayoutTracer &tracer) : tracer(tracer) {}

  LogicalResult lower(MakeTmaDescriptorOp op) {
    FailureOr<TracedTensor> t = tracer.traceTensor(op.getTensor(), op);
    if (failed(t))
      return failure();
    cute::TmaAtom atom = *op.getAtom().getTmaAtom();
    std::optional<int64_t> dataType =
        tensorMapDataType(op.getAtom().getValueType());
    if (!dataType)
      return op.emitOpError() << "TMA cannot copy elements of type "
                              << op.getAtom().getValueType();
    FailureOr<func::FuncOp> callee = declareCreateDescriptor(op);
    if (failed(callee))
      return failure();
    OpBuilder b(op);
    Location loc = op.getLoc();
    ArithEmitter emitter(b, loc, tracer);
    Type i64 = b.getI64Type();
    auto toI64 = [&](Value index) -> Value {
      return arith::IndexCastOp::create(b, loc, i64, index);
    };
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, i64, v);
    };
    // The tensor's first element: the memref's aligned base, its offset and
    // the tensor's.
    Value aligned =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, t->memref);
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, t->memref);
    Value first = arith::AddIOp::create(b, loc, metadata.getOffset(),
                                        emitter.emit(t->value.offset));
    int64_t bytes = atom.valueBits / 8;
    Value address = arith::AddIOp::create(
        b, loc, toI64(aligned),
        arith::MulIOp::create(b, loc, toI64(first), constant(bytes)));
    Value base = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()), address);
    // Extents, strides (in elements) and box, innermost first; unused
    // dimensions are 1.
    const cute::Layout &layout = t->value.layout;
    size_t rank = layout.rank();
    SmallVector<Value> dims, strides, box;
    for (size_t i = 0; i < kMaxTmaRank; ++i) {
      if (i < rank) {
        cute::Layout mode = layout.mode(rank - 1 - i);
        dims.push_back(toI64(emitter.emit(mode.shape().value())));
        strides.push_back(toI64(emitter.emit(mode.stride().value())));
        box.push_back(constant(atom.box[i]));
      } else {
        dims.push_back(constant(1));
        strides.push_back(constant(1));
        box.push_back(constant(1));
      }
    }
    SmallVector<Value> args = {base, constant(*dataType), constant(rank),
                               constant(atom.swizzleBytes)};
    llvm::append_range(args, dims);
    llvm::append_range(args, strides);
    llvm::append_range(args, box);
    auto call = func::CallOp::create(b, loc, *callee, args);
    op.replaceAllUsesWith(call.getResult(0));
    op.erase();
    return success();
  }

  /// `void cuteTmaDescriptorDestroy(void *descriptor)`.
  LogicalResult lower(DestroyTmaDescriptorOp op) {
    MLIRContext *ctx = op->getContext();
    FailureOr<func::FuncOp> callee = declareRuntimeFunction(
        op, kDestroyDescriptor,
        FunctionType::get(ctx, {LLVM::LLVMPointerType::get(ctx)}, {}));
    if (failed(callee))
      return failure();
    OpBuilder b(op);
    func::CallOp::create(b, op.getLoc(), *callee, op.getDescriptor());
    op.erase();
    return success();
  }

  LogicalResult lower(TmaCopyOp op) {
    cute::TmaAtom atom = *op.getAtom().getTmaAtom();
    bool load = atom.kind == cute::TmaKind::Load ||
                atom.kind == cute::TmaKind::LoadMulticast;
    Value coordTile = load ? op.getSrc() : op.getDst();
    Value smemTile = load ? op.getDst() : op.getSrc();
    FailureOr<AlgebraValue> coords = tracer.trace(coordTile, op);
    FailureOr<TracedTensor> smem = tracer.traceTensor(smemTile, op);
    if (failed(coords) || failed(smem))
      return failure();
    OpBuilder b(op);
    Location loc = op.getLoc();
    FailureOr<SmallVector<Value>> origin =
        boxOrigin(b, op, std::get<TensorValue>(*coords));
    if (failed(origin))
      return failure();
    FailureOr<Value> offset = tracer.emitElementOffset(
        b, op, smem->value, cute::IntTuple(int64_t(0)));
    if (failed(offset))
      return failure();
    auto shared = unsigned(NVVM::NVVMMemorySpace::Shared);
    FailureOr<Value> smemPtr =
        pointerIntoMemref(b, op, smem->memref, *offset, shared);
    if (failed(smemPtr))
      return failure();
    Value desc = op.getDescriptor();
    Value bar;
    if (load) {
      FailureOr<Value> barrier =
          mbarrierPointer(b, op, op.getBarriers(), op.getBarrierIndex());
      if (failed(barrier))
        return failure();
      bar = *barrier;
    }
    // One instruction a box: box j starts j boxes further along TMA's
    // innermost dimension and j whole boxes further in shared memory.
    for (int64_t j = 0; j < atom.boxes; ++j) {
      SmallVector<Value> coords = *origin;
      Value ptr = *smemPtr;
      if (j > 0) {
        coords[0] =
            arith::AddIOp::create(b, loc, coords[0],
                                  arith::ConstantIntOp::create(
                                      b, loc, b.getI32Type(), j * atom.box[0]));
        ptr = LLVM::GEPOp::create(
            b, loc, ptr.getType(), b.getI8Type(), ptr,
            ArrayRef<LLVM::GEPArg>{
                int32_t(j * atom.boxStride() * atom.valueBits / 8)});
      }
      emitCopy(b, loc, op, atom.kind, desc, ptr, coords, bar);
    }
    op.erase();
    return success();
  }

  /// One TMA instruction of `kind` for the box at `coords` and `smemPtr`.
  static void emitCopy(OpBuilder &b, Location loc, TmaCopyOp op,
                       cute::TmaKind kind, Value desc, Value smemPtr,
                       ValueRange coords, Value bar) {
    switch (kind) {
    case cute::TmaKind::Load:
    case cute::TmaKind::LoadMulticast: {
      // The instruction writes shared::cluster addresses, of which the
      // CTA's own shared memory is a part.
      Value clusterPtr = LLVM::AddrSpaceCastOp::create(
          b, loc,
          LLVM::LLVMPointerType::get(
              b.getContext(), unsigned(NVVM::NVVMMemorySpace::SharedCluster)),
          smemPtr);
      NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
          b, loc, clusterPtr, desc, coords, bar, ValueRange{},
          op.getMulticast(), /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE,
          /*isCTAOnly=*/false, /*group=*/nullptr, /*predicate=*/Value());
      return;
    }
    case cute::TmaKind::Store:
      NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
          b, loc, desc, smemPtr, coords, /*l2CacheHint=*/Value(),
          NVVM::TMAStoreMode::TILE, /*predicate=*/Value());
      return;
    case cute::TmaKind::ReduceAdd:
      NVVM::CpAsyncBulkTensorReduceOp::create(
          b, loc, desc, smemPtr, NVVM::TMAReduxKind::ADD,
          NVVM::TMAStoreMode::TILE, coords, /*l2CacheHint=*/Value());
      return;
    }
  }

  LogicalResult lower(MbarrierInitOp op) {
    OpBuilder b(op);
    FailureOr<Value> bar =
        mbarrierPointer(b, op, op.getBarriers(), op.getIndex());
    if (failed(bar))
      return failure();
    NVVM::MBarrierInitOp::create(b, op.getLoc(), *bar,
                                 toI32(b, op.getLoc(), op.getCount()),
                                 /*predicate=*/Value());
    op.erase();
    return success();
  }

  LogicalResult lower(MbarrierArriveOp op) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    FailureOr<Value> bar =
        mbarrierPointer(b, op, op.getBarriers(), op.getIndex());
    if (failed(bar))
      return failure();
    // A peer's barrier: the same offset in its shared memory. The release
    // stays at CTA scope, as CUTLASS's ClusterBarrier arrives: the peer
    // only reuses the buffers (TMA writes, in the async proxy), and a
    // cluster-scope release stalls the arriving warp.
    Value target = *bar;
    if (Value cta = op.getCta())
      target = NVVM::MapaOp::create(
          b, loc,
          LLVM::LLVMPointerType::get(
              b.getContext(), unsigned(NVVM::NVVMMemorySpace::SharedCluster)),
          *bar, toI32(b, loc, cta));
    NVVM::MemScopeKind scope = NVVM::MemScopeKind::CTA;
    if (Value bytes = op.getBytes())
      NVVM::MBarrierArriveExpectTxOp::create(
          b, loc, /*res=*/Type(), target, toI32(b, loc, bytes), scope,
          /*relaxed=*/false, /*predicate=*/Value());
    else
      NVVM::MBarrierArriveOp::create(b, loc, /*res=*/Type(), target,
                                     /*count=*/Value(), scope,
                                     /*relaxed=*/false);
    op.erase();
    return success();
  }

  LogicalResult lower(MbarrierWaitOp op) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    FailureOr<Value> bar =
        mbarrierPointer(b, op, op.getBarriers(), op.getIndex());
    if (failed(bar))
      return failure();
    Value parity = arith::AndIOp::create(
        b, loc, toI32(b, loc, op.getPhase()),
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1));
    // Each try suspends the thread for up to 10 ms (CUTLASS's hint) rather
    // than returning at once and spinning.
    Value ticks =
        arith::ConstantIntOp::create(b, loc, b.getI32Type(), 10'000'000);
    NVVM::MBarrierTryWaitParityOp::create(b, loc, *bar, parity, ticks);
    op.erase();
    return success();
  }

private:
  static Value toI32(OpBuilder &b, Location loc, Value index) {
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), index);
  }

  /// The coordinate of the first element of a coordinate tile, as i32s in
  /// TMA order (the tensor's last mode first).
  FailureOr<SmallVector<Value>> boxOrigin(OpBuilder &b, Operation *op,
                                          const TensorValue &tile) {
    cute::Result<cute::IntTuple> first =
        tile.coordinateAt(cute::IntTuple(int64_t(0)));
    if (first.failed())
      return op->emitOpError() << first.message();
    const cute::IntTuple &coord = *first;
    SmallVector<Value> leaves;
    ArithEmitter emitter(b, op->getLoc(), tracer);
    bool nested = false;
    for (const cute::IntTuple &mode : coord.elements()) {
      nested |= !mode.isInt();
      if (!nested)
        leaves.push_back(toI32(b, op->getLoc(), emitter.emit(mode.value())));
    }
    if (nested || !coord.isTuple())
      return op->emitOpError() << "the coordinate tensor must have one flat "
                                  "coordinate per TMA dimension, got "
                               << coord.str();
    std::reverse(leaves.begin(), leaves.end());
    return leaves;
  }

  /// `void *cuteTmaDescriptorCreate(void *base, i64 dataType, i64 rank,
  /// i64 swizzleBytes, i64 dims[5], i64 strides[5], i64 box[5])`.
  FailureOr<func::FuncOp> declareCreateDescriptor(Operation *op) {
    MLIRContext *ctx = op->getContext();
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    SmallVector<Type> inputs = {ptr};
    inputs.append(3 + 3 * kMaxTmaRank, IntegerType::get(ctx, 64));
    return declareRuntimeFunction(op, kCreateDescriptor,
                                  FunctionType::get(ctx, inputs, {ptr}));
  }

  LayoutTracer &tracer;
};

} // namespace

LogicalResult cute::lowerTmaOps(Operation *root, LayoutTracer &tracer) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<MakeTmaDescriptorOp, DestroyTmaDescriptorOp, TmaCopyOp,
            MbarrierInitOp, MbarrierArriveOp, MbarrierWaitOp>(op))
      ops.push_back(op);
  });
  TmaLowering lowering(tracer);
  bool failed = false;
  for (Operation *op : ops) {
    LogicalResult result =
        llvm::TypeSwitch<Operation *, LogicalResult>(op)
            .Case<MakeTmaDescriptorOp, DestroyTmaDescriptorOp, TmaCopyOp,
                  MbarrierInitOp, MbarrierArriveOp, MbarrierWaitOp>(
                [&](auto typed) { return lowering.lower(typed); })
            .Default([](Operation *) { return failure(); });
    failed |= ::mlir::failed(result);
  }
  return failure(failed);
}
