//===- Pointers.h - LLVM pointers into memrefs ------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Instructions that take addresses (ldmatrix, cp.async, TMA, mbarriers) get
// them from the memref's LLVM descriptor through an unrealized cast, which
// the memref-to-LLVM conversion folds away, so the pointers keep provenance.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_POINTERS_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_POINTERS_H

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace cute {

/// The LLVM address space of a memref's memory space.
unsigned addressSpaceOf(MemRefType type);

/// The address space an instruction wants for a tensor in `memory` (gmem,
/// smem; generic otherwise).
unsigned addressSpaceFor(StringRef memory);

/// The LLVM struct of a 1-D memref in address space `space`: allocated and
/// aligned pointers, offset, size, stride.
LLVM::LLVMStructType oneDimMemRefDescriptor(MLIRContext *ctx, unsigned space);

/// An LLVM pointer to element `index` of the 1-D memref `memref`, cast to
/// address space `space`, or an error emitted at `op`.
FailureOr<Value> pointerIntoMemref(OpBuilder &b, Operation *op, Value memref,
                                   Value index, unsigned space);

/// A shared-memory pointer to mbarrier `index` of the memref `barriers`, or
/// an error emitted at `op`.
FailureOr<Value> mbarrierPointer(OpBuilder &b, Operation *op, Value barriers,
                                 Value index);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_POINTERS_H
