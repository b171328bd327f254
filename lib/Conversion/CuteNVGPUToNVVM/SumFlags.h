//===- SumFlags.h - Flags of sums the NVPTX backend need not see ---------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_SUMFLAGS_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_SUMFLAGS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlir {
namespace cute {

/// Drops, in `module`, which LLVM's optimizer has finished with and its
/// NVPTX backend is about to compile, two flags of sums of two non-constant
/// values: `disjoint` on an `or` and `nuw` on an `add`. A module for another
/// target is left as it is.
///
/// The flags only permit (the instruction computes the same bits without
/// them), but LLVM 22's straight-line strength reduction, which the backend
/// runs, asks of every candidate whether the poison flags on its way may be
/// kept, walking the whole address computation each time: on a kernel's
/// unrolled shared-memory addresses (the swizzle's bit fields joined by
/// `or disjoint`, tile offsets joined by `add nuw`) that took half of the
/// backend's time. A sum with a constant keeps its flags, since the backend
/// folds it into an address's offset.
void dropFlagsOfVariableSums(llvm::Module &module);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_SUMFLAGS_H
