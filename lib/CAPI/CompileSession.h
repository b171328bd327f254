//===- CompileSession.h - One compilation of the C API ----------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CAPI_COMPILESESSION_H
#define CUTE_MLIR_LIB_CAPI_COMPILESESSION_H

#include "cute-mlir/Conversion/Passes.h"

#include "mlir-c/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace cute {

/// A context that knows every dialect, extension and pass cute-opt knows,
/// with one source buffer; its diagnostics, located in that buffer, are
/// collected as text and never printed.
class CompileSession {
public:
  /// `diagnostics` receives every diagnostic; it must outlive the session.
  CompileSession(StringRef source, StringRef sourceName,
                 std::string &diagnostics);

  MLIRContext &getContext() { return context; }

  /// Parses and verifies the source buffer; null on error.
  OwningOpRef<ModuleOp> parse();

  /// cute-to-ptx's options from the C API's arguments (`optLevel` clamped to
  /// 0-3; the format left at PTX).
  static CuteToPTXOptions targetOptions(MlirStringRef chip,
                                        MlirStringRef features, int optLevel);

private:
  MLIRContext context;
  llvm::raw_string_ostream diagnosticStream;
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler;
};

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CAPI_COMPILESESSION_H
