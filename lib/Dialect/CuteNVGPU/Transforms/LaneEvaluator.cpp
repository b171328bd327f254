//===- LaneEvaluator.cpp - Index values of a kernel, thread by thread -----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "LaneEvaluator.h"

#include "cute-mlir/Dialect/Cute/IR/CuteDialect.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

FailureOr<ThreadRange> cute_nvgpu::threadsRunning(Operation *op,
                                                  std::string &why) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func) {
    why = "it is not inside a gpu.func";
    return failure();
  }
  std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
  if (!block) {
    why = "the gpu.func has no known_block_size";
    return failure();
  }
  if ((*block)[1] != 1 || (*block)[2] != 1) {
    why = "its block has more than one dimension";
    return failure();
  }
  ThreadRange range{0, (*block)[0]};
  if (auto roles = op->getParentOfType<WarpSpecializeOp>()) {
    int64_t producers =
        roles.getProducerWarpgroups() * WarpSpecializeOp::kWarpgroupThreads;
    if (roles.getProducer().isAncestor(op->getParentRegion()))
      range = {0, producers};
    else
      range = {producers,
               static_cast<int64_t>(roles.getConsumerWarpgroups() *
                                    WarpSpecializeOp::kWarpgroupThreads)};
  }
  return range;
}

/// The warp_specialize role's first thread, if `arg` is its warpgroup index.
static std::optional<int64_t> roleStart(BlockArgument arg) {
  auto roles =
      dyn_cast_or_null<WarpSpecializeOp>(arg.getOwner()->getParentOp());
  if (!roles)
    return std::nullopt;
  if (arg.getOwner()->getParent() == &roles.getProducer())
    return 0;
  return roles.getProducerWarpgroups() * WarpSpecializeOp::kWarpgroupThreads;
}

/// Values the same in every thread of a warp, which the evaluator samples.
static bool isWarpUniform(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    return isa_and_nonnull<scf::ForOp, scf::WhileOp, FunctionOpInterface>(
        owner);
  }
  Operation *def = value.getDefiningOp();
  if (isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp, gpu::ClusterIdOp,
          gpu::ClusterBlockIdOp, gpu::ClusterDimOp, gpu::ClusterDimBlocksOp>(
          def))
    return true;
  // The cute dialects' index results are queries of static structure or
  // scheduling state (stage indices, tile coordinates), the same in a warp.
  return isa<cute::CuteDialect, CuteNVGPUDialect>(def->getDialect());
}

std::optional<int64_t> LaneEvaluator::evaluate(Value value, int64_t thread,
                                               std::string &why) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  if (auto arg = dyn_cast<BlockArgument>(value))
    if (std::optional<int64_t> start = roleStart(arg))
      return (thread - *start) / WarpSpecializeOp::kWarpgroupThreads;
  if (isWarpUniform(value)) {
    leafValues.insert(value);
    return samples.lookup(value);
  }
  Operation *def = value.getDefiningOp();
  if (!def) {
    why = "a block argument may differ between threads";
    return std::nullopt;
  }
  if (auto tid = dyn_cast<gpu::ThreadIdOp>(def)) {
    if (tid.getDimension() == gpu::Dimension::x)
      return thread;
    return 0; // threadsRunning checked that the block is one-dimensional
  }
  if (isa<gpu::LaneIdOp>(def))
    return thread % 32;
  auto operand = [&](unsigned i) {
    return evaluate(def->getOperand(i), thread, why);
  };
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtUIOp,
          arith::ExtSIOp>(def))
    return operand(0);
  if (def->getNumOperands() != 2 || def->getNumResults() != 1 ||
      !isa<arith::ArithDialect>(def->getDialect())) {
    why = "the value of " + def->getName().getStringRef().str() +
          " may differ between threads";
    return std::nullopt;
  }
  std::optional<int64_t> a = operand(0), b = operand(1);
  if (!a || !b)
    return std::nullopt;
  int64_t x = *a, y = *b;
  bool divides =
      isa<arith::DivUIOp, arith::DivSIOp, arith::RemUIOp, arith::RemSIOp,
          arith::CeilDivUIOp, arith::CeilDivSIOp, arith::FloorDivSIOp>(def);
  if (divides && y == 0) {
    why = "a division by zero";
    return std::nullopt;
  }
  std::optional<int64_t> result =
      llvm::TypeSwitch<Operation *, std::optional<int64_t>>(def)
          .Case([&](arith::AddIOp) { return x + y; })
          .Case([&](arith::SubIOp) { return x - y; })
          .Case([&](arith::MulIOp) { return x * y; })
          .Case<arith::DivUIOp, arith::DivSIOp>([&](auto) { return x / y; })
          .Case<arith::RemUIOp, arith::RemSIOp>([&](auto) { return x % y; })
          .Case<arith::CeilDivUIOp, arith::CeilDivSIOp>(
              [&](auto) { return (x + y - 1) / y; })
          .Case([&](arith::FloorDivSIOp) {
            return x / y - ((x % y != 0) && ((x < 0) != (y < 0)));
          })
          .Case([&](arith::AndIOp) { return x & y; })
          .Case([&](arith::OrIOp) { return x | y; })
          .Case([&](arith::XOrIOp) { return x ^ y; })
          .Case([&](arith::ShLIOp) { return x << y; })
          .Case<arith::ShRUIOp, arith::ShRSIOp>([&](auto) { return x >> y; })
          .Case<arith::MinUIOp, arith::MinSIOp>(
              [&](auto) { return std::min(x, y); })
          .Case<arith::MaxUIOp, arith::MaxSIOp>(
              [&](auto) { return std::max(x, y); })
          .Default([&](Operation *) { return std::nullopt; });
  if (!result)
    why = "cannot evaluate " + def->getName().getStringRef().str();
  return result;
}

SmallVector<int64_t> LaneEvaluator::samplesOf(Value leaf) {
  SmallVector<int64_t> samples;
  if (auto arg = dyn_cast<BlockArgument>(leaf))
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
      if (arg == loop.getInductionVar()) {
        APInt lb, ub, step;
        if (matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) &&
            matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)) &&
            matchPattern(loop.getStep(), m_ConstantInt(&step)) &&
            step.getSExtValue() > 0) {
          int64_t s = step.getSExtValue();
          for (int64_t v = lb.getSExtValue(); v < ub.getSExtValue(); v += s) {
            if (samples.size() == 16)
              break;
            samples.push_back(v);
          }
          if (!samples.empty())
            return samples;
        }
      }
  return {0, 1, 2, 3, 4, 5, 6, 7};
}
