//===- CompileCache.h - Lowered modules keyed by content hash ---*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// cute-run keeps each lowered module (LLVM dialect plus its gpu.binary, as
// MLIR bytecode) under a SHA-256 of the input text, the target options and
// the cute-run binary itself, so a second run of the same program skips the
// cute lowering and the PTX code generation.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_TOOLS_CUTE_RUN_COMPILECACHE_H
#define CUTE_MLIR_TOOLS_CUTE_RUN_COMPILECACHE_H

#include "cute-mlir/Conversion/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace mlir::cute::run {

class CompileCache {
public:
  /// An empty `directory` means the default location; a disabled cache
  /// neither loads nor stores.
  CompileCache(bool enabled, StringRef directory, StringRef input,
               const CuteToPTXOptions &target);

  /// The cached lowered module, or null on a miss (or a corrupt entry).
  OwningOpRef<ModuleOp> load(MLIRContext &context) const;

  /// Saves `module`; failures only cost the next run a compile (reported
  /// as a warning).
  void store(ModuleOp module) const;

  StringRef path() const { return entryPath; }

private:
  std::string entryPath; // empty when disabled
};

} // namespace mlir::cute::run

#endif // CUTE_MLIR_TOOLS_CUTE_RUN_COMPILECACHE_H
