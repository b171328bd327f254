//===- WarpRoleLowering.cpp - Warp roles to branches ----------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A warp_specialize becomes `scf.if (warpgroup < producers)` with the
// producer region inlined in the then-branch and the consumer region in the
// else-branch. Each branch first moves its register budget from the one the
// kernel starts with (WarpSpecializeOp::getEntryRegisters) with setmaxnreg:
// a warpgroup-uniform branch, as the instruction requires. Where the roles
// move registers, the kernel gets `nvvm.minctasm = 1` (one block per SM)
// unless it says otherwise: the budgets are shares of one block's registers.
//
//===----------------------------------------------------------------------===//

#include "WarpRoleLowering.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

/// Inline `region`'s block at the end of `into` (before its terminator),
/// its warpgroup argument replaced by `warpgroup`, after a setmaxnreg from
/// `entry` registers to `registers`.
void inlineRole(IRRewriter &rewriter, Location loc, Region &region, Block *into,
                Value warpgroup, int64_t entry, int64_t registers) {
  rewriter.setInsertionPoint(into->getTerminator());
  if (registers != entry)
    NVVM::SetMaxRegisterOp::create(rewriter, loc, registers,
                                   registers > entry
                                       ? NVVM::SetMaxRegisterAction::increase
                                       : NVVM::SetMaxRegisterAction::decrease);
  rewriter.inlineBlockBefore(&region.front(), into->getTerminator(),
                             ValueRange{warpgroup});
}

void lower(WarpSpecializeOp op) {
  IRRewriter rewriter(op);
  Location loc = op.getLoc();
  int64_t producers = op.getProducerWarpgroups();
  int64_t entry = op.getEntryRegisters();
  // Budgets moved with setmaxnreg are shares of one block's registers:
  // ptxas ignores setmaxnreg (C7508) where it cannot tell the register
  // count at entry, which one block per SM pins down.
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (func && op.movesRegisters() &&
      !func->hasAttr(NVVM::NVVMDialect::getMinctasmAttrName()))
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  rewriter.getI32IntegerAttr(1));
  Value tid = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
  Value size = arith::ConstantIndexOp::create(
      rewriter, loc, WarpSpecializeOp::kWarpgroupThreads);
  Value warpgroup = arith::DivUIOp::create(rewriter, loc, tid, size);
  Value first = arith::ConstantIndexOp::create(rewriter, loc, producers);
  Value isProducer = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ult, warpgroup, first);
  auto branch = scf::IfOp::create(rewriter, loc, isProducer,
                                  /*withElseRegion=*/true);
  inlineRole(rewriter, loc, op.getProducer(), branch.thenBlock(), warpgroup,
             entry, op.getProducerRegisters());
  rewriter.setInsertionPointToStart(branch.elseBlock());
  Value consumer = arith::SubIOp::create(rewriter, loc, warpgroup, first);
  inlineRole(rewriter, loc, op.getConsumer(), branch.elseBlock(), consumer,
             entry, op.getConsumerRegisters());
  rewriter.eraseOp(op);
}

} // namespace

void cute::lowerWarpRoles(Operation *root) {
  SmallVector<WarpSpecializeOp> ops;
  root->walk([&](WarpSpecializeOp op) { ops.push_back(op); });
  for (WarpSpecializeOp op : ops)
    lower(op);
}
