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

/// What GPUFuncOp's verifier assumes of `workgroup_attributions` before it
/// checks it: a count of the body's arguments beyond the function's inputs.
LogicalResult checkWorkgroupAttributions(gpu::GPUFuncOp func) {
  auto count = func->getAttrOfType<IntegerAttr>(
      func.getNumWorkgroupAttributionsAttrName());
  FunctionType type;
  if (TypeAttr attr = func.getFunctionTypeAttr())
    type = dyn_cast<FunctionType>(attr.getValue());
  if (!count || !type || func.getBody().empty())
    return success();
  int64_t available = int64_t(func.getBody().front().getNumArguments()) -
                      int64_t(type.getNumInputs());
  const APInt &value = count.getValue();
  if (!count.getType().isSignlessInteger(64) || value.isNegative() ||
      value.getSExtValue() > available)
    return func.emitOpError()
           << "'" << func.getNumWorkgroupAttributionsAttrName()
           << "' must be an i64 from 0 to " << std::max<int64_t>(available, 0)
           << " (the body's arguments beyond the function's inputs), not "
           << count;
  return success();
}

} // namespace

LogicalResult cute::checkVerifierHazards(Operation *root) {
  // The GPU dialect verifies `gpu.container_module` by reading every launch's
  // operands and its kernel's function type before either op is verified.
  WalkResult result = root->walk([](Operation *op) {
    if (auto func = dyn_cast<gpu::GPUFuncOp>(op))
      if (failed(checkWorkgroupAttributions(func)))
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
