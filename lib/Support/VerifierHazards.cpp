//===- VerifierHazards.cpp - What MLIR 22's GPU verifiers crash on --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Support/InputGuards.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;

namespace {

/// What GPU verifiers assume of `workgroup_attributions` before they check
/// it: a count of at most `available` of the body's arguments.
LogicalResult checkAttributionCount(Operation *op, StringRef name,
                                    int64_t available, StringRef beyond) {
  auto count = op->getAttrOfType<IntegerAttr>(name);
  if (!count)
    return success();
  const APInt &value = count.getValue();
  if (!count.getType().isSignlessInteger(64) || value.isNegative() ||
      value.getSExtValue() > available)
    return op->emitOpError()
           << "'" << name << "' must be an i64 from 0 to "
           << std::max<int64_t>(available, 0) << " (the body's arguments "
           << beyond << "), not " << count;
  return success();
}

LogicalResult checkWorkgroupAttributions(gpu::GPUFuncOp func) {
  FunctionType type;
  if (TypeAttr attr = func.getFunctionTypeAttr())
    type = dyn_cast<FunctionType>(attr.getValue());
  if (!type || func.getBody().empty())
    return success();
  return checkAttributionCount(
      func, func.getNumWorkgroupAttributionsAttrName(),
      int64_t(func.getBody().front().getNumArguments()) -
          int64_t(type.getNumInputs()),
      "beyond the function's inputs");
}

/// gpu.launch's verifier counts the body's ids and sizes as 12 arguments
/// even with clusters, which add 6, and then reads attributions past the
/// end of the arguments.
LogicalResult checkWorkgroupAttributions(gpu::LaunchOp launch) {
  if (launch.getBody().empty())
    return success();
  // hasClusterSize() reads the operands by operandSegmentSizes: check that
  // they add up, then ODS's checks of the operands (not the verifier of the
  // regions, which crashes), first.
  if (failed(OpTrait::impl::verifyOperandSizeAttr(
          launch, launch.getOperandSegmentSizesAttrName())) ||
      failed(launch.verifyInvariantsImpl()))
    return failure();
  int64_t config = launch.hasClusterSize() ? 18 : 12;
  return checkAttributionCount(
      launch, launch.getNumWorkgroupAttributionsAttrName(),
      int64_t(launch.getBody().front().getNumArguments()) - config,
      "beyond its " + std::to_string(config) + " ids and sizes");
}

} // namespace

LogicalResult cute::checkVerifierHazards(Operation *root) {
  // The GPU dialect verifies `gpu.container_module` by reading every launch's
  // operands and its kernel's function type before either op is verified,
  // and looks the kernel up in its gpu.module, which may lack its region.
  WalkResult result = root->walk([](Operation *op) {
    // First, so that the checks below read only ops that have their region.
    if (op->getNumRegions() == 0 && op->hasTrait<OpTrait::OneRegion>() &&
        failed(verify(op, /*verifyRecursively=*/false)))
      return WalkResult::interrupt();
    if (auto func = dyn_cast<gpu::GPUFuncOp>(op))
      if (failed(checkWorkgroupAttributions(func)))
        return WalkResult::interrupt();
    if (auto launch = dyn_cast<gpu::LaunchOp>(op))
      if (failed(checkWorkgroupAttributions(launch)))
        return WalkResult::interrupt();
    bool readEarly = isa<gpu::LaunchFuncOp>(op) ||
                     isa_and_nonnull<gpu::GPUModuleOp>(op->getParentOp());
    if (readEarly && failed(verify(op, /*verifyRecursively=*/false)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult cute::verifyGuarded(Operation *root) {
  return failure(failed(checkVerifierHazards(root)) || failed(verify(root)));
}
