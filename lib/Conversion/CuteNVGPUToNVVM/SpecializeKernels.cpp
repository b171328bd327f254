//===- SpecializeKernels.cpp - Kernels compiled for known launches --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A kernel's argument values (cute.known_value) and launch sizes
// (known_grid_size, known_cluster_size, known_block_size) become constants,
// so that the canonicalizer folds what depends on them: a persistent GEMM's
// tile counts, stream-K schedule and bounds checks, for one problem. Host
// launches that pass such a kernel values unknown at compile time assert
// that they are the ones it was compiled for.
//
//===----------------------------------------------------------------------===//

#include "KnownLaunchValues.h"

#include "cute-mlir/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

#include "llvm/Support/InterleavedRange.h"

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_CUTESPECIALIZEKERNELSPASS
#include "cute-mlir/Conversion/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;

namespace {

/// Replaces each argument's uses with its cute.known_value.
LogicalResult foldKnownArguments(gpu::GPUFuncOp kernel) {
  Block &entry = kernel.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    Attribute known = kernel.getArgAttr(i, cute::kKnownValueAttrName);
    if (!known)
      continue;
    BlockArgument arg = kernel.getArgument(i);
    auto value = dyn_cast<IntegerAttr>(known);
    if (!arg.getType().isIntOrIndex() || !value ||
        value.getType() != arg.getType())
      return kernel.emitOpError()
             << "argument #" << i << " of type " << arg.getType() << " has "
             << cute::kKnownValueAttrName << " = " << known
             << ", but it must be an integer attribute of the argument's "
                "type (an integer or index argument)";
    if (arg.use_empty())
      continue;
    Value constant =
        arith::ConstantOp::create(builder, arg.getLoc(), value).getResult();
    arg.replaceAllUsesWith(constant);
  }
  return success();
}

/// The size of `dim` in `sizes`, if the kernel states them.
std::optional<int64_t> sizeOf(std::optional<ArrayRef<int32_t>> sizes,
                              gpu::Dimension dim) {
  auto index = static_cast<unsigned>(dim);
  if (!sizes || sizes->size() <= index)
    return std::nullopt;
  return (*sizes)[index];
}

/// Replaces the kernel's size queries with its known launch sizes.
LogicalResult foldKnownSizes(gpu::GPUFuncOp kernel) {
  std::optional<ArrayRef<int32_t>> grid = kernel.getKnownGridSize();
  std::optional<ArrayRef<int32_t>> cluster = kernel.getKnownClusterSize();
  if (grid && cluster)
    for (unsigned i = 0; i < std::min(grid->size(), cluster->size()); ++i)
      if ((*cluster)[i] < 1 || (*grid)[i] % (*cluster)[i] != 0)
        return kernel.emitOpError()
               << "known_grid_size " << llvm::interleaved_array(*grid)
               << " is not a whole number of known_cluster_size "
               << llvm::interleaved_array(*cluster) << " clusters";
  kernel.walk([&](Operation *op) {
    std::optional<int64_t> size;
    if (auto q = dyn_cast<gpu::BlockDimOp>(op))
      size = sizeOf(kernel.getKnownBlockSize(), q.getDimension());
    else if (auto q = dyn_cast<gpu::GridDimOp>(op))
      size = sizeOf(grid, q.getDimension());
    else if (auto q = dyn_cast<gpu::ClusterDimBlocksOp>(op))
      size = sizeOf(cluster, q.getDimension());
    else if (auto q = dyn_cast<gpu::ClusterDimOp>(op)) {
      std::optional<int64_t> blocks = sizeOf(grid, q.getDimension());
      std::optional<int64_t> ctas = sizeOf(cluster, q.getDimension());
      if (blocks && ctas)
        size = *blocks / *ctas;
    }
    if (!size)
      return;
    OpBuilder builder(op);
    op->replaceAllUsesWith(
        arith::ConstantIndexOp::create(builder, op->getLoc(), *size));
    op->erase();
  });
  return success();
}

/// Asserts before `launch` that each operand it passes `kernel` that is not a
/// constant equals what the kernel was compiled for: constants that differ
/// are cute-nvgpu-check-launches' errors, these would be silently wrong.
void guardLaunch(gpu::LaunchFuncOp launch, gpu::GPUFuncOp kernel) {
  OpBuilder builder(launch);
  Location loc = launch.getLoc();
  for (const cute::KnownLaunchValue &value :
       cute::knownLaunchValues(launch, kernel)) {
    if (matchPattern(value.given, m_Constant()))
      continue;
    std::string what = value.kind == cute::KnownLaunchKind::Argument
                           ? ("an argument #" + Twine(value.index)).str()
                           : ("a " + cute::knownLaunchKindName(value.kind) +
                              " " + StringRef("xyz").substr(value.index, 1))
                                 .str();
    Value expected = arith::ConstantOp::create(builder, loc, value.known);
    Value same = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                       value.given, expected);
    cf::AssertOp::create(builder, loc, same,
                         ("@" + kernel.getName() + " was launched with " +
                          what + " (" + cute::knownLaunchAttrName(value.kind) +
                          ") other than " + Twine(value.known.getInt()))
                             .str());
  }
}

struct CuteSpecializeKernelsPass
    : public cute::impl::CuteSpecializeKernelsPassBase<
          CuteSpecializeKernelsPass> {
  void runOnOperation() override {
    getOperation()->walk([](gpu::LaunchFuncOp launch) {
      if (auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
              launch, launch.getKernel()))
        guardLaunch(launch, kernel);
    });
    WalkResult result = getOperation()->walk([](gpu::GPUFuncOp func) {
      if (!func.isKernel() || func.getBody().empty())
        return WalkResult::advance();
      if (failed(foldKnownArguments(func)) || failed(foldKnownSizes(func)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
