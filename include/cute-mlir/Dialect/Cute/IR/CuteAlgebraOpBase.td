//===- CuteAlgebraOpBase.td - Ops computed by the layout library -===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_ALGEBRA_OP_BASE
#define CUTE_ALGEBRA_OP_BASE

include "cute-mlir/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// The traits of an op whose result is computed by `compute` through the
/// layout library. Its result type is inferred from the same computation,
/// unless the result is an `index` (which ODS infers by itself). Ops of any
/// cute-mlir dialect use them, so that folding, `cute-expand-layouts` and
/// `cute-lower-to-scf` treat them alike.
class Cute_AlgebraOpTraits<bit indexResult = 0> {
  list<Trait> traits = [
        // First, so that the library's diagnostic comes before the generic
        // "failed to infer returned types".
        NativeOpTrait<"CuteAlgebraOp", [], [{
          /// The op's semantics over library values.
          static ::mlir::cute::AlgebraResult
          compute(::llvm::ArrayRef<::mlir::cute::AlgebraValue> operands,
                  Adaptor adaptor);
        }], !if(indexResult, "", [{
          ::llvm::LogicalResult $cppClass::inferReturnTypes(
              ::mlir::MLIRContext *context,
              std::optional<::mlir::Location> location,
              ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
              ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
              ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
            $cppClass::Adaptor adaptor(operands, attributes, properties,
                                       regions);
            return ::mlir::cute::inferAlgebraResultType(
                context, location, getOperationName(), operands.getTypes(),
                [&](::llvm::ArrayRef<::mlir::cute::AlgebraValue> values) {
                  return compute(values, adaptor);
                },
                inferredReturnTypes);
          }
        }]) # [{
          ::mlir::cute::AlgebraResult $cppClass::evaluate(
              ::llvm::ArrayRef<::mlir::cute::AlgebraValue> operands) {
            return compute(operands, Adaptor(*this));
          }
        }]>,
        Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>,
        DeclareOpInterfaceMethods<Cute_AlgebraOpInterface>];
}

#endif // CUTE_ALGEBRA_OP_BASE
