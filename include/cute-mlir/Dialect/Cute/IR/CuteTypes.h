//===- CuteTypes.h - Types of the cute dialect ------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_IR_CUTETYPES_H
#define CUTE_MLIR_DIALECT_CUTE_IR_CUTETYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#include <string>

#define GET_TYPEDEF_CLASSES
#include "cute-mlir/Dialect/Cute/IR/CuteOpsTypes.h.inc"

namespace mlir {
namespace cute {

/// Whether a result type stated in the IR admits the type the layout library
/// infers: it is the same type, or one that knows less about the same value.
/// The two have the same kind and structure (ranks and nesting, `_` modes of
/// coordinates, element type, memory, swizzle, tile), and each leaf of the
/// stated type admits the inferred leaf: a static leaf only itself, a dynamic
/// leaf `?{div=d}` any leaf that d is known to divide (so `?` admits every
/// leaf). A stated pointer alignment admits any multiple of itself. When it
/// does not admit it, `reason` (if given) names the first place they part.
bool isSameOrLessPrecise(Type stated, Type inferred,
                         std::string *reason = nullptr);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTE_IR_CUTETYPES_H
