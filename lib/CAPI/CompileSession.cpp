//===- CompileSession.cpp - One compilation of the C API ------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "CompileSession.h"

#include "cute-mlir/InitAllDialects.h"
#include "cute-mlir/InitAllPasses.h"
#include "cute-mlir/Support/InputGuards.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include <algorithm>
#include <mutex>

using namespace mlir;

static DialectRegistry makeRegistry() {
  // Pass registration is global and not thread-safe: do it once.
  static std::once_flag flag;
  std::call_once(flag, [] { cute::registerAllPasses(); });
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  cute::registerAllDialects(registry);
  return registry;
}

cute::CompileSession::CompileSession(StringRef source, StringRef sourceName,
                                     std::string &diagnostics)
    : context(makeRegistry()), diagnosticStream(diagnostics),
      handler(sourceMgr, &context, diagnosticStream) {
  // As cute-run: passes may create ops of dialects no input op loaded.
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, sourceName), llvm::SMLoc());
}

OwningOpRef<ModuleOp> cute::CompileSession::parse() {
  return cute::parseSourceFileGuarded(sourceMgr, &context);
}

cute::CuteToPTXOptions
cute::CompileSession::targetOptions(MlirStringRef chip, MlirStringRef features,
                                    int optLevel) {
  CuteToPTXOptions target;
  target.chip = std::string(chip.data, chip.length);
  target.features = std::string(features.data, features.length);
  target.optLevel = unsigned(std::clamp(optLevel, 0, 3));
  return target;
}
