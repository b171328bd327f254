//===- InputGuards.h - Refuse inputs that crash MLIR 22 ---------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Some inputs crash upstream MLIR 22 instead of getting a diagnostic: its
// parser on a dense array of `index`, a result number past the billions,
// brackets nested thousands deep or damaged bytecode (ParserHazards.cpp), the
// GPU dialect's verifiers on `gpu.launch_func` and `gpu.func` ops that they
// read before those ops are verified (VerifierHazards.cpp). The tools and the
// C API run these checks around parsing, and parse and compile on a large
// stack, so such inputs get a located error like any other.
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

/// The deepest nesting of brackets the text may have: MLIR 22's parser
/// recurses once a level (a few KiB of stack each) and ran out of its 8 MiB
/// between 3,000 and 10,000 levels of arrays or regions.
constexpr unsigned kMaxNesting = 1000;

/// Emits a located error for each construct of `sourceMgr`'s main buffer that
/// MLIR 22's parser crashes on, through `context`'s diagnostic handlers.
/// Bytecode is read once into a scratch context with `context`'s dialects,
/// under crash recovery: a fatal error of the reader is an error, but a
/// crash (after which the heap may be corrupt) ends the process with exit
/// status 1 and a message, as a tool would (the C API takes text, which does
/// not start as bytecode does).
LogicalResult checkParserHazards(const llvm::SourceMgr &sourceMgr,
                                 MLIRContext *context);

/// Verifies, each on its own, the ops that MLIR 22's verifiers read before
/// verifying them (the ops of every `gpu.module`, every `gpu.launch_func`),
/// after checking what `gpu.func`'s verifier itself assumes. Run on IR parsed
/// without verification, before verifying `root`.
LogicalResult checkVerifierHazards(Operation *root);

/// Verifies `root`, parsed without verification, as the parser would have,
/// checkVerifierHazards first.
LogicalResult verifyGuarded(Operation *root);

/// The stack `runOnLargeStack` gives: 256 MiB, 32 times a main thread's.
constexpr unsigned kLargeStackBytes = 256u << 20;

/// Runs `work` on a thread with a stack of kLargeStackBytes and waits for
/// it. MLIR's parser, verifier, printer and affine simplification recurse
/// over what they read (a sum of 100,000 affine terms overflowed a main
/// thread's 8 MiB, a million fits in this), so the tools and the C API parse
/// and compile there.
void runOnLargeStack(llvm::function_ref<void()> work);

/// Parses `sourceMgr`'s main buffer as `parseSourceFile` does, the parser's
/// hazards checked first, then verifies the module with verifyGuarded when
/// `verifyAfterParse` (else the caller does, after linking, say).
OwningOpRef<ModuleOp> parseSourceFileGuarded(const llvm::SourceMgr &sourceMgr,
                                             MLIRContext *context,
                                             bool verifyAfterParse = true);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_SUPPORT_INPUTGUARDS_H
