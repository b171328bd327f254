//===- DecomposeBoundaries.cpp - Cute values across boundaries as parts ---===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The cute lowerings trace every cute value to the ops that make it; a block
// argument has none. This pass makes function, kernel and loop boundaries
// carry the parts of a cute value instead (its memref and `index` values)
// and rebuilds the value with `cute.from_parts` where it is used, so the
// tracer sees ordinary defining ops on both sides.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/Transforms/BoundaryConversion.h"
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h"

#include "cute-mlir/Dialect/Cute/IR/BoundaryParts.h"
#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace cute {
#define GEN_PASS_DEF_CUTEDECOMPOSEBOUNDARIESPASS
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace cute
} // namespace mlir

using namespace mlir;
using namespace mlir::cute;

/// Whether `op` passes values across a boundary this pass converts.
static bool isBoundaryOp(Operation *op) {
  return isa<FunctionOpInterface, func::CallOp, func::ReturnOp, gpu::ReturnOp,
             gpu::LaunchFuncOp>(op) ||
         isa<scf::SCFDialect>(op->getDialect());
}

/// Report every cute value at a boundary that has no parts, before the
/// conversion would fail without saying why.
static LogicalResult checkDecomposable(Operation *root) {
  bool failed = false;
  llvm::SmallDenseSet<Type> reported; // per op: an iter_arg is also a result
  auto check = [&](Operation *op, Type type) {
    if (!isCuteValueType(type) || !reported.insert(type).second)
      return;
    Result<BoundaryParts> parts = getBoundaryParts(type);
    if (!parts.failed())
      return;
    op->emitOpError() << "cannot pass " << type
                      << " across a boundary: " << parts.message();
    failed = true;
  };
  root->walk([&](Operation *op) {
    if (!isBoundaryOp(op))
      return;
    reported.clear();
    if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      for (Type type : func.getArgumentTypes())
        check(op, type);
      for (Type type : func.getResultTypes())
        check(op, type);
      return;
    }
    for (Type type : op->getOperandTypes())
      check(op, type);
    for (Type type : op->getResultTypes())
      check(op, type);
  });
  return failure(failed);
}

/// Convert the boundaries under `root` with the parts' types of the device
/// or of the host.
static LogicalResult convertBoundaries(Operation *root, bool device) {
  MLIRContext *context = root->getContext();
  BoundaryTypeConverter converter(context, device);
  ConversionTarget target(*context);
  RewritePatternSet patterns(context);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  target.addDynamicallyLegalOp<func::FuncOp, gpu::GPUFuncOp>(
      [&](Operation *op) {
        return converter.isSignatureLegal(cast<FunctionType>(
            cast<FunctionOpInterface>(op).getFunctionType()));
      });
  target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp, gpu::ReturnOp,
                               gpu::LaunchFuncOp>(
      [&](Operation *op) { return converter.isLegal(op); });
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 converter);
  populateCallOpTypeConversionPattern(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  populateGPUBoundaryConversionPatterns(converter, patterns);
  return applyPartialConversion(root, target, std::move(patterns));
}

namespace {
struct CuteDecomposeBoundariesPass
    : public cute::impl::CuteDecomposeBoundariesPassBase<
          CuteDecomposeBoundariesPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(checkDecomposable(root)))
      return signalPassFailure();
    // Kernels first: the host's launches then cast to their new arguments.
    SmallVector<gpu::GPUModuleOp> gpuModules;
    root->walk([&](gpu::GPUModuleOp module) { gpuModules.push_back(module); });
    for (gpu::GPUModuleOp module : gpuModules)
      if (failed(convertBoundaries(module, /*device=*/true)))
        return signalPassFailure();
    if (failed(convertBoundaries(root, /*device=*/false)))
      signalPassFailure();
  }
};
} // namespace
