//===- DisjointFlags.h - Disjoint flags the NVPTX backend need not see ----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_DISJOINTFLAGS_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_DISJOINTFLAGS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlir {
namespace cute {

/// Drops the `disjoint` flag of each `or` of two non-constant values in
/// `module`, which LLVM's optimizer has finished with and its NVPTX backend
/// is about to compile.
///
/// The flag only permits (the `or` computes the same bits without it), but
/// LLVM 22's straight-line strength reduction, which the backend runs, asks
/// of every candidate whether the poison flags on its way may be kept, and
/// on a kernel's unrolled shared-memory addresses (the swizzle's disjoint
/// bit fields) that took half of the backend's time. An `or` with a
/// constant keeps the flag: the backend folds it into an address's offset.
void dropVariableDisjointFlags(llvm::Module &module);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_DISJOINTFLAGS_H
