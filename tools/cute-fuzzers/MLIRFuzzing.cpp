//===- MLIRFuzzing.cpp - Shared set-up of the MLIR fuzz targets -----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "MLIRFuzzing.h"
#include "FuzzerOracle.h"

#include "cute-mlir/InitAllDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

using namespace mlir;

static const DialectRegistry &allDialects() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry;
    registerAllDialects(*r);
    registerAllExtensions(*r);
    registerAllToLLVMIRTranslations(*r);
    cute::registerAllDialects(*r);
    return r;
  }();
  return *registry;
}

static const DialectRegistry &cuteDialects() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry;
    cute::registerAllDialects(*r);
    return r;
  }();
  return *registry;
}

std::unique_ptr<MLIRContext>
cute_fuzz::makeContext(cute_fuzz::Dialects dialects) {
  return std::make_unique<MLIRContext>(
      dialects == Dialects::All ? allDialects() : cuteDialects(),
      MLIRContext::Threading::DISABLED);
}

cute_fuzz::DiagnosticCollector::DiagnosticCollector(MLIRContext &context)
    : handler(&context, [this](Diagnostic &diag) {
        if (diag.getSeverity() != DiagnosticSeverity::Error)
          return success();
        ++errors;
        if (isa<UnknownLoc>(diag.getLocation()) && unlocated.empty())
          unlocated = diag.str();
        return success();
      }) {}

void cute_fuzz::DiagnosticCollector::expectLocatedError(
    std::string_view stage, std::string_view input) {
  if (errors == 0)
    fuzzFailure(std::string(stage) + " failed without an error", input);
  if (!unlocated.empty())
    fuzzFailure(std::string(stage) +
                    " reported an unlocated error: " + unlocated,
                input);
}
