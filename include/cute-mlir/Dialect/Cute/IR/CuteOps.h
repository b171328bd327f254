//===- CuteOps.h - Operations of the cute dialect ---------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_IR_CUTEOPS_H
#define CUTE_MLIR_DIALECT_CUTE_IR_CUTEOPS_H

#include "cute-mlir/Dialect/Cute/IR/AlgebraValue.h"
#include "cute-mlir/Dialect/Cute/IR/CuteDialect.h"
#include "cute-mlir/Dialect/Cute/IR/CuteTypes.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "cute-mlir/Dialect/Cute/IR/CuteInterfaces.h.inc"

namespace mlir {
namespace OpTrait {
/// Marks the ops whose semantics are a `compute` over library values:
/// verifies that the library accepts the operands and folds every such op
/// whose result is static.
template <typename ConcreteType>
class CuteAlgebraOp : public TraitBase<ConcreteType, CuteAlgebraOp> {
public:
  static LogicalResult verifyTrait(Operation *op);
  static LogicalResult foldTrait(Operation *op, ArrayRef<Attribute> operands,
                                 SmallVectorImpl<OpFoldResult> &results);
};
} // namespace OpTrait

namespace cute {
/// Report the library's error for an algebra op's operands, if any.
LogicalResult verifyAlgebraOp(Operation *op);
/// Fold an algebra op whose result is static: a cute type without slots
/// becomes `cute.static`, a static index becomes a constant.
LogicalResult foldStaticAlgebraResult(Operation *op,
                                      SmallVectorImpl<OpFoldResult> &results);
} // namespace cute

template <typename ConcreteType>
LogicalResult OpTrait::CuteAlgebraOp<ConcreteType>::verifyTrait(Operation *op) {
  return cute::verifyAlgebraOp(op);
}

template <typename ConcreteType>
LogicalResult OpTrait::CuteAlgebraOp<ConcreteType>::foldTrait(
    Operation *op, ArrayRef<Attribute>,
    SmallVectorImpl<OpFoldResult> &results) {
  return cute::foldStaticAlgebraResult(op, results);
}
} // namespace mlir

#define GET_OP_CLASSES
#include "cute-mlir/Dialect/Cute/IR/CuteOps.h.inc"

#endif // CUTE_MLIR_DIALECT_CUTE_IR_CUTEOPS_H
