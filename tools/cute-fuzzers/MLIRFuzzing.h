//===- MLIRFuzzing.h - Shared set-up of the MLIR fuzz targets ---*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_TOOLS_CUTE_FUZZERS_MLIRFUZZING_H
#define CUTE_MLIR_TOOLS_CUTE_FUZZERS_MLIRFUZZING_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <memory>
#include <string>
#include <string_view>

namespace cute_fuzz {

/// What a fuzz target's contexts know.
enum class Dialects {
  /// The cute dialects and what they depend on: fast to create.
  Cute,
  /// Every dialect, extension and translation cute-opt knows.
  All,
};

/// A fresh context (no state carried from one input to the next);
/// single-threaded.
std::unique_ptr<mlir::MLIRContext> makeContext(Dialects dialects);

/// Collects the diagnostics of a context instead of printing them.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(mlir::MLIRContext &context);

  /// Abort through fuzzFailure unless at least one error was reported and
  /// every error is located (`stage` names what failed).
  void expectLocatedError(std::string_view stage, std::string_view input);

private:
  mlir::ScopedDiagnosticHandler handler;
  unsigned errors = 0;
  std::string unlocated;
};

} // namespace cute_fuzz

#endif // CUTE_MLIR_TOOLS_CUTE_FUZZERS_MLIRFUZZING_H
