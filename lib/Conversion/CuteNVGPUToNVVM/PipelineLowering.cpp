//===- PipelineLowering.cpp - Pipelines to mbarrier ops -------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A pipeline state is one i32: the phase in bit 31, the stage below it, so
// that advancing by one stage needs no division and the state is a single
// loop-carried register. The steps become the mbarrier ops they stand for, on
// the full barriers (words 0 .. S-1 of the pipeline's memref) and the empty
// ones (words S .. 2S-1). A producer_acquire expects the bytes of every TMA
// copy that names its state, added up before the states are rewritten.
//
//===----------------------------------------------------------------------===//

#include "PipelineLowering.h"

#include "CompileTimeValues.h"

#include "cute-mlir/Conversion/Passes.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_LOWERCUTENVGPUPIPELINESPASS
#include "cute-mlir/Conversion/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

constexpr int32_t kPhaseBit = INT32_MIN; // bit 31
constexpr int32_t kStageMask = INT32_MAX;

Value i32Constant(OpBuilder &b, Location loc, int32_t value) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(value));
}

Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// The stage of a lowered state, as an index.
Value stageOf(OpBuilder &b, Location loc, Value state) {
  Value stage =
      arith::AndIOp::create(b, loc, state, i32Constant(b, loc, kStageMask));
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), stage);
}

/// The phase parity of a lowered state, as an index (0 or 1).
Value phaseOf(OpBuilder &b, Location loc, Value state) {
  Value phase = arith::ShRUIOp::create(b, loc, state, i32Constant(b, loc, 31));
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), phase);
}

/// The index of a stage's empty barrier: after the full ones.
Value emptyBarrierOf(OpBuilder &b, Location loc, Value stage, int64_t stages) {
  return arith::AddIOp::create(b, loc, stage, indexConstant(b, loc, stages));
}

PipelineCreateOp creatorOf(Value pipeline) {
  auto create = pipeline.getDefiningOp<PipelineCreateOp>();
  assert(create && "checkPipelineValues admits pipeline_create results only");
  return create;
}

struct StateLowering : OpConversionPattern<PipelineStateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineStateOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The producer starts one round behind, on the empty barriers' phase
    // that counts as complete before any arrival.
    int32_t start = op.getRole() == PipelineRole::producer ? kPhaseBit : 0;
    rewriter.replaceOp(op, i32Constant(rewriter, op.getLoc(), start));
    return success();
  }
};

/// `state` moved on by `count` stages (an index): stage (s + n) mod stages,
/// the phase flipped once for each round passed.
Value advanceBy(OpBuilder &b, Location loc, Value state, Value count,
                int64_t stages) {
  Value n = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), count);
  Value stage =
      arith::AndIOp::create(b, loc, state, i32Constant(b, loc, kStageMask));
  Value phase =
      arith::AndIOp::create(b, loc, state, i32Constant(b, loc, kPhaseBit));
  Value total = arith::AddIOp::create(b, loc, stage, n);
  Value size = i32Constant(b, loc, int32_t(stages));
  Value newStage = arith::RemUIOp::create(b, loc, total, size);
  Value rounds = arith::DivUIOp::create(b, loc, total, size);
  // Bit 0 of the rounds passed, moved to bit 31, flips the phase.
  Value flip = arith::ShLIOp::create(b, loc, rounds, i32Constant(b, loc, 31));
  Value newPhase = arith::XOrIOp::create(b, loc, phase, flip);
  return arith::OrIOp::create(b, loc, newPhase, newStage);
}

/// `state` moved on by one stage, without a division.
Value advanceByOne(OpBuilder &b, Location loc, Value state, int64_t stages) {
  Value next = arith::AddIOp::create(b, loc, state, i32Constant(b, loc, 1));
  Value stage =
      arith::AndIOp::create(b, loc, next, i32Constant(b, loc, kStageMask));
  Value wraps = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, stage,
                                      i32Constant(b, loc, int32_t(stages)));
  // Stage 0 of the next round: only the flipped phase bit is left.
  Value phase =
      arith::AndIOp::create(b, loc, state, i32Constant(b, loc, kPhaseBit));
  Value flipped =
      arith::XOrIOp::create(b, loc, phase, i32Constant(b, loc, kPhaseBit));
  return arith::SelectOp::create(b, loc, wraps, flipped, next);
}

struct AdvanceLowering : OpConversionPattern<PipelineAdvanceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineAdvanceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t stages = op.getState().getType().getStages();
    Value state = adaptor.getState();
    if (Value count = adaptor.getCount()) {
      rewriter.replaceOp(op, advanceBy(rewriter, loc, state, count, stages));
      return success();
    }
    rewriter.replaceOp(op, advanceByOne(rewriter, loc, state, stages));
    return success();
  }
};

struct StageLowering : OpConversionPattern<PipelineStageOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineStageOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, stageOf(rewriter, op.getLoc(), adaptor.getState()));
    return success();
  }
};

struct ProducerAcquireLowering
    : OpConversionPattern<PipelineProducerAcquireOp> {
  ProducerAcquireLowering(TypeConverter &converter, MLIRContext *ctx,
                          const DenseMap<Operation *, int64_t> &bytes)
      : OpConversionPattern(converter, ctx), bytes(bytes) {}
  LogicalResult
  matchAndRewrite(PipelineProducerAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PipelineCreateOp pipe = creatorOf(op.getPipeline());
    int64_t stages = op.getPipeline().getType().getStages();
    Value stage = stageOf(rewriter, loc, adaptor.getState());
    Value empty = emptyBarrierOf(rewriter, loc, stage, stages);
    Value phase = phaseOf(rewriter, loc, adaptor.getState());
    MbarrierWaitOp::create(rewriter, loc, pipe.getBarriers(), empty, phase);
    MbarrierArriveOp::create(rewriter, loc, pipe.getBarriers(), stage,
                             indexConstant(rewriter, loc, bytes.lookup(op)));
    rewriter.eraseOp(op);
    return success();
  }
  const DenseMap<Operation *, int64_t> &bytes;
};

struct ConsumerWaitLowering : OpConversionPattern<PipelineConsumerWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineConsumerWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value stage = stageOf(rewriter, loc, adaptor.getState());
    Value phase = phaseOf(rewriter, loc, adaptor.getState());
    MbarrierWaitOp::create(
        rewriter, loc, creatorOf(op.getPipeline()).getBarriers(), stage, phase);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ProducerTailLowering : OpConversionPattern<PipelineProducerTailOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineProducerTailOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value barriers = creatorOf(op.getPipeline()).getBarriers();
    int64_t stages = op.getPipeline().getType().getStages();
    // The acquires of one more round, without their arrivals.
    Value state = adaptor.getState();
    for (int64_t i = 0; i < stages; ++i) {
      if (i > 0)
        state = advanceByOne(rewriter, loc, state, stages);
      Value stage = stageOf(rewriter, loc, state);
      MbarrierWaitOp::create(rewriter, loc, barriers,
                             emptyBarrierOf(rewriter, loc, stage, stages),
                             phaseOf(rewriter, loc, state));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConsumerReleaseLowering
    : OpConversionPattern<PipelineConsumerReleaseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PipelineConsumerReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    PipelineCreateOp pipe = creatorOf(op.getPipeline());
    int64_t stages = op.getPipeline().getType().getStages();
    Value stage = stageOf(rewriter, loc, adaptor.getState());
    Value empty = emptyBarrierOf(rewriter, loc, stage, stages);
    // The warp's reads are ordered before its lanes' arrivals.
    NVVM::SyncWarpOp::create(rewriter, loc, i32Constant(rewriter, loc, -1));
    Value lane = NVVM::LaneIdOp::create(rewriter, loc, rewriter.getI32Type());
    auto [x, y] = pipe.getClusterShape();
    if (x * y == 1) {
      Value first =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, lane,
                                i32Constant(rewriter, loc, 0));
      auto ifFirst = scf::IfOp::create(rewriter, loc, first);
      rewriter.setInsertionPointToStart(ifFirst.thenBlock());
      MbarrierArriveOp::create(rewriter, loc, pipe.getBarriers(), empty,
                               /*bytes=*/Value());
      rewriter.eraseOp(op);
      return success();
    }
    // Lane r signals CTA r (rank x + X * y) if it shares this CTA's cluster
    // row or column: the CTAs whose loads write into this one.
    Value peer = arith::IndexCastUIOp::create(rewriter, loc,
                                              rewriter.getIndexType(), lane);
    Value cx = indexConstant(rewriter, loc, x);
    Value peerX = arith::RemUIOp::create(rewriter, loc, peer, cx);
    Value peerY = arith::DivUIOp::create(rewriter, loc, peer, cx);
    Value ownX =
        gpu::ClusterBlockIdOp::create(rewriter, loc, gpu::Dimension::x);
    Value ownY =
        gpu::ClusterBlockIdOp::create(rewriter, loc, gpu::Dimension::y);
    auto cmp = [&](arith::CmpIPredicate pred, Value a, Value b) -> Value {
      return arith::CmpIOp::create(rewriter, loc, pred, a, b);
    };
    Value inCluster = cmp(arith::CmpIPredicate::ult, peer,
                          indexConstant(rewriter, loc, x * y));
    Value sameRowOrColumn = arith::OrIOp::create(
        rewriter, loc, cmp(arith::CmpIPredicate::eq, peerX, ownX),
        cmp(arith::CmpIPredicate::eq, peerY, ownY));
    Value signals =
        arith::AndIOp::create(rewriter, loc, inCluster, sameRowOrColumn);
    auto ifSignals = scf::IfOp::create(rewriter, loc, signals);
    rewriter.setInsertionPointToStart(ifSignals.thenBlock());
    MbarrierArriveOp::create(rewriter, loc, pipe.getBarriers(), empty,
                             /*bytes=*/Value(), /*cta=*/peer);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmaCopyLowering : OpConversionPattern<TmaCopyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TmaCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    rewriter.replaceOpWithNewOp<TmaCopyOp>(
        op, op.getAtom(), adaptor.getDescriptor(), adaptor.getSrc(),
        adaptor.getDst(), creatorOf(op.getPipeline()).getBarriers(),
        stageOf(rewriter, loc, adaptor.getPipelineState()),
        /*pipeline=*/Value(), /*pipelineState=*/Value(),
        adaptor.getMulticast());
    return success();
  }
};

bool isPipelineStep(Operation *op) {
  return isa<PipelineProducerAcquireOp, PipelineProducerTailOp,
             PipelineConsumerWaitOp, PipelineConsumerReleaseOp, TmaCopyOp>(op);
}

/// Every pipeline comes straight from a pipeline_create and is used by
/// pipeline steps only; the lowering finds each step's mbarriers there.
LogicalResult checkPipelineValues(Operation *root) {
  if (failed(cute::checkMadeOnlyByMaker(
          root, llvm::IsaPred<PipelineType>, llvm::IsaPred<PipelineCreateOp>,
          "a pipeline", "cute_nvgpu.pipeline_create")))
    return failure();
  WalkResult result = root->walk([](PipelineCreateOp create) {
    for (Operation *user : create.getPipeline().getUsers())
      if (!isPipelineStep(user)) {
        user->emitOpError() << "a pipeline can only be used by the pipeline "
                               "ops and cute_nvgpu.tma_copy";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// States lower to i32s where pipeline ops use them and where scf carries
/// them; anything else (a call, a return) would need the state type itself.
LogicalResult checkStateValues(Operation *root) {
  auto check = [](Value state) -> LogicalResult {
    for (Operation *user : state.getUsers()) {
      // A yield carries the state only where its parent does.
      bool carried =
          isa<scf::ForOp, scf::WhileOp, scf::ConditionOp>(user) ||
          (isa<scf::YieldOp>(user) &&
           isa<scf::ForOp, scf::IfOp, scf::WhileOp>(user->getParentOp()));
      if (!carried &&
          !isa<PipelineAdvanceOp, PipelineStageOp, PipelineProducerAcquireOp,
               PipelineProducerTailOp, PipelineConsumerWaitOp,
               PipelineConsumerReleaseOp, TmaCopyOp>(user))
        return user->emitOpError()
               << "cannot lower a pipeline state that crosses this op: carry "
                  "states through scf.for, scf.if and scf.while only";
    }
    return success();
  };
  WalkResult result = root->walk([&](Operation *op) {
    for (Value v : op->getResults()) {
      if (!isa<PipelineStateType>(v.getType()))
        continue;
      if (!isa<PipelineStateOp, PipelineAdvanceOp, scf::ForOp, scf::IfOp,
               scf::WhileOp>(op)) {
        op->emitOpError() << "cannot lower a pipeline state that is a result "
                             "of this op: carry states through scf.for, "
                             "scf.if and scf.while only";
        return WalkResult::interrupt();
      }
      if (failed(check(v)))
        return WalkResult::interrupt();
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments()) {
          if (!isa<PipelineStateType>(arg.getType()))
            continue;
          if (!isa<scf::ForOp, scf::WhileOp>(op)) {
            op->emitOpError() << "cannot lower a pipeline state that is an "
                                 "argument of this op: carry states through "
                                 "scf.for, scf.if and scf.while only";
            return WalkResult::interrupt();
          }
          if (failed(check(arg)))
            return WalkResult::interrupt();
        }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// The bytes a copy's pattern lands in each CTA: its boxes, or for a
/// multicast to k CTAs the k shares that they load and multicast to all of
/// them (CuTe's split of the tile; the verifier checked that k CTAs make a
/// row or a column of the pipeline's cluster).
int64_t bytesLandedPerCta(TmaCopyOp copy) {
  cute::TmaAtom atom = *copy.getAtom().getTmaAtom();
  return atom.copyBytes() * atom.multicastCtas;
}

/// The TMA bytes each producer_acquire expects: the boxes of the copies that
/// complete on its pipeline and state.
FailureOr<DenseMap<Operation *, int64_t>> acquiredBytes(Operation *root) {
  DenseMap<Operation *, int64_t> bytes;
  WalkResult result = root->walk([&](PipelineProducerAcquireOp acquire) {
    int64_t total = 0;
    for (Operation *user : acquire.getState().getUsers()) {
      auto copy = dyn_cast<TmaCopyOp>(user);
      if (!copy || copy.getPipelineState() != acquire.getState() ||
          copy.getPipeline() != acquire.getPipeline())
        continue;
      total += bytesLandedPerCta(copy);
    }
    if (total == 0) {
      acquire.emitOpError()
          << "no cute_nvgpu.tma_copy completes on this pipeline state, so "
             "nothing would fill the stage: name it in the copies with "
             "`pipeline %pipe[%state]`";
      return WalkResult::interrupt();
    }
    bytes[acquire] = total;
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  return bytes;
}

/// Whether `op` is or holds a cluster barrier (another pipeline's among
/// them): a cluster barrier's arrive must be followed by its wait first.
bool hasClusterBarrier(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isa<PipelineCreateOp, NVVM::ClusterArriveOp,
                   NVVM::ClusterArriveRelaxedOp, NVVM::ClusterWaitOp>(inner)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// A cluster pipeline's barrier wait (acquire), before the pipeline's first
/// use in the block of its pipeline_create (or an earlier cluster barrier),
/// placed before the uses are lowered: what the kernel computes after the
/// create overlaps the peers' initialization.
void placeClusterWaits(Operation *root) {
  root->walk([](PipelineCreateOp op) {
    auto [x, y] = op.getClusterShape();
    if (x * y == 1)
      return;
    Block *block = op->getBlock();
    Operation *firstUse =
        block->mightHaveTerminator() ? block->getTerminator() : nullptr;
    for (Operation *user : op.getPipeline().getUsers())
      if (Operation *ancestor = block->findAncestorOpInBlock(*user))
        if (!firstUse || ancestor->isBeforeInBlock(firstUse))
          firstUse = ancestor;
    Operation *wait = op->getNextNode();
    while (wait && wait != firstUse && !hasClusterBarrier(wait))
      wait = wait->getNextNode();
    OpBuilder b = wait ? OpBuilder(wait) : OpBuilder::atBlockEnd(block);
    NVVM::ClusterWaitOp::create(b, op.getLoc(), /*aligned=*/b.getUnitAttr());
  });
}

/// Thread (0, 0, 0) initializes the mbarriers; then the whole block syncs
/// (the cluster arrives, and waits where placeClusterWaits put it).
void lowerCreate(PipelineCreateOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  int64_t stages = op.getPipeline().getType().getStages();
  Value first;
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
    Value zero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       gpu::ThreadIdOp::create(b, loc, dim),
                                       indexConstant(b, loc, 0));
    first = first ? arith::AndIOp::create(b, loc, first, zero) : zero;
  }
  auto ifFirst = scf::IfOp::create(b, loc, first);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  Value zero = indexConstant(b, loc, 0);
  Value count = indexConstant(b, loc, stages);
  Value one = indexConstant(b, loc, 1);
  auto loop = scf::ForOp::create(b, loc, zero, count, one);
  b.setInsertionPointToStart(loop.getBody());
  Value stage = loop.getInductionVar();
  MbarrierInitOp::create(b, loc, op.getBarriers(), stage, one);
  Value empty = emptyBarrierOf(b, loc, stage, stages);
  int64_t releases = op.getConsumers() / 32 * op.getReleaseTargets();
  MbarrierInitOp::create(b, loc, op.getBarriers(), empty,
                         indexConstant(b, loc, releases));
  auto [x, y] = op.getClusterShape();
  if (x * y == 1) {
    b.setInsertionPointAfter(ifFirst);
    gpu::BarrierOp::create(b, loc);
    op.erase();
    return;
  }
  // Peers arrive on and multicast into this CTA's barriers: they must see
  // them initialized. The init fence releases them to the cluster, so the
  // arrive is relaxed (a release arrive is a GPU-wide memory barrier).
  b.setInsertionPointAfter(loop);
  NVVM::FenceMbarrierInitOp::create(b, loc);
  b.setInsertionPointAfter(ifFirst);
  NVVM::ClusterArriveRelaxedOp::create(b, loc, /*aligned=*/b.getUnitAttr());
  // placeClusterWaits put the wait before the pipeline's first use.
  op.erase();
}

} // namespace

LogicalResult cute::lowerPipelines(Operation *root) {
  if (failed(checkPipelineValues(root)) || failed(checkStateValues(root)))
    return failure();
  FailureOr<DenseMap<Operation *, int64_t>> bytes = acquiredBytes(root);
  if (failed(bytes))
    return failure();
  placeClusterWaits(root);

  MLIRContext *ctx = root->getContext();
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](PipelineStateType type) -> Type {
    return IntegerType::get(type.getContext(), 32);
  });
  ConversionTarget target(*ctx);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  target.addIllegalOp<PipelineStateOp, PipelineAdvanceOp, PipelineStageOp,
                      PipelineProducerAcquireOp, PipelineProducerTailOp,
                      PipelineConsumerWaitOp, PipelineConsumerReleaseOp>();
  target.addDynamicallyLegalOp<TmaCopyOp>(
      [](TmaCopyOp op) { return !op.getPipeline(); });
  RewritePatternSet patterns(ctx);
  patterns.add<StateLowering,           // cute_nvgpu.pipeline_state
               AdvanceLowering,         // cute_nvgpu.pipeline_advance
               StageLowering,           // cute_nvgpu.pipeline_stage
               ProducerTailLowering,    // cute_nvgpu.pipeline_producer_tail
               ConsumerWaitLowering,    // cute_nvgpu.pipeline_consumer_wait
               ConsumerReleaseLowering, // cute_nvgpu.pipeline_consumer_release
               TmaCopyLowering          // cute_nvgpu.tma_copy ... pipeline
               >(converter, ctx);
  // cute_nvgpu.pipeline_producer_acquire
  patterns.add<ProducerAcquireLowering>(converter, ctx, *bytes);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  if (failed(applyPartialConversion(root, target, std::move(patterns))))
    return failure();

  SmallVector<PipelineCreateOp> creates;
  root->walk([&](PipelineCreateOp op) { creates.push_back(op); });
  for (PipelineCreateOp op : creates)
    lowerCreate(op);
  return success();
}

namespace {
struct LowerCuteNVGPUPipelinesPass
    : public cute::impl::LowerCuteNVGPUPipelinesPassBase<
          LowerCuteNVGPUPipelinesPass> {
  void runOnOperation() override {
    if (failed(cute::lowerPipelines(getOperation())))
      signalPassFailure();
  }
};
} // namespace
