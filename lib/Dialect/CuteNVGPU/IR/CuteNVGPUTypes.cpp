//===- CuteNVGPUTypes.cpp - Pipeline types --------------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUTypes.cpp.inc"

void CuteNVGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUTypes.cpp.inc"
      >();
}

/// More stages than this cannot fit the 227 KiB of shared memory a block
/// can have with any useful stage size.
static constexpr int64_t kMaxStages = 64;

static LogicalResult verifyStages(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t stages) {
  if (stages < 1 || stages > kMaxStages)
    return emitError() << "a pipeline has 1 to " << kMaxStages
                       << " stages, got " << stages;
  return success();
}

LogicalResult PipelineType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   int64_t stages) {
  return verifyStages(emitError, stages);
}

LogicalResult
PipelineStateType::verify(function_ref<InFlightDiagnostic()> emitError,
                          int64_t stages) {
  return verifyStages(emitError, stages);
}
