//===- InputGuards.h - Refuse inputs that crash MLIR 22 ---------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Some inputs crash upstream MLIR 22 instead of getting a diagnostic: its
// parser on a dense array of `index` or a result number past the billions,
// the GPU dialect's verifiers on `gpu.launch_func` and `gpu.func` ops that
// they read before those ops are verified. The tools and the C API run these
// checks around parsing, so such inputs get a located error like any other.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_SUPPORT_INPUTGUARDS_H
#define CUTE_MLIR_SUPPORT_INPUTGUARDS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
class Operation;

namespace cute {

/// The largest result number (`%x#N`) the text may reference: the parser
/// makes a slot for every number up to the one it sees.
constexpr uint64_t kMaxResultNumber = (1u << 20) - 1;

/// Emits a located error for each construct of `sourceMgr`'s main buffer that
/// MLIR 22's parser crashes on, through `context`'s diagnostic handlers.
LogicalResult checkParserHazards(const llvm::SourceMgr &sourceMgr,
                                 MLIRContext *context);

/// Verifies, each on its own, the ops that MLIR 22's verifiers read before
/// verifying them (the ops of every `gpu.module`, every `gpu.launch_func`),
/// after checking what `gpu.func`'s verifier itself assumes. Run on IR parsed
/// without verification, before verifying `root`.
LogicalResult checkVerifierHazards(Operation *root);

/// Parses `sourceMgr`'s main buffer as `parseSourceFile` does, with both
/// checks around the parse, then verifies the module when `verifyAfterParse`.
OwningOpRef<ModuleOp> parseSourceFileGuarded(const llvm::SourceMgr &sourceMgr,
                                             MLIRContext *context,
                                             bool verifyAfterParse = true);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_SUPPORT_INPUTGUARDS_H
