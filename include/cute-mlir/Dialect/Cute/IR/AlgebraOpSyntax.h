//===- AlgebraOpSyntax.h - Syntax of inferred-type ops ----------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Every op whose result type the layout library infers (an algebra op, see
// CuteAlgebraOpBase.td) is written
//
//   %r = op-name head attr-dict `:` operand-type (`,` operand-type)*
//                                   (`->` result-type)?
//
// where the head is the op's operands and the attributes among them. The
// result type is inferred; one stated after `->` (the long form, which is how
// these ops used to be written) may say less than the inferred type but not
// contradict it (cute::isSameOrLessPrecise), and the result has the inferred
// type. The operand types may be parenthesized, as in the long form. Printing
// writes the short form. The declarative assembly format cannot express an
// optional result type that is checked against the inferred one, hence these
// hand-written helpers.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTE_IR_ALGEBRAOPSYNTAX_H
#define CUTE_MLIR_DIALECT_CUTE_IR_ALGEBRAOPSYNTAX_H

#include "mlir/IR/OpImplementation.h"

#include <type_traits>

namespace mlir {
namespace cute {
namespace detail {
/// The part of parseAlgebraOpTail after the attribute dictionary: operand
/// types, an optional stated result type, and the inferred result type.
ParseResult parseAlgebraOpTypes(
    OpAsmParser &parser, OperationState &result,
    ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    function_ref<LogicalResult(SmallVectorImpl<Type> &)> inferReturnTypes);
} // namespace detail

/// Parses an algebra op after its head: `operands` are the head's operands;
/// the attributes of the head are in `result.attributes`.
template <typename OpTy>
ParseResult
parseAlgebraOpTail(OpAsmParser &parser, OperationState &result,
                   ArrayRef<OpAsmParser::UnresolvedOperand> operands) {
  SMLoc attrLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  // Inference reads the inherent attributes from the properties, as the
  // op will.
  using Properties = typename OpTy::Properties;
  if constexpr (!std::is_same_v<Properties, EmptyProperties>) {
    if (failed(OpTy::verifyInherentAttrs(result.name, result.attributes, [&]() {
          return parser.emitError(attrLoc)
                 << "'" << result.name.getStringRef() << "' op ";
        })))
      return failure();
    auto &properties = result.getOrAddProperties<Properties>();
    for (StringRef name : OpTy::getAttributeNames())
      if (Attribute value = result.attributes.erase(name))
        OpTy::setInherentAttr(properties, name, value);
  }
  return detail::parseAlgebraOpTypes(
      parser, result, operands, [&](SmallVectorImpl<Type> &types) {
        MLIRContext *context = parser.getContext();
        return OpTy::inferReturnTypes(context, result.location, result.operands,
                                      result.attributes.getDictionary(context),
                                      result.getRawProperties(), result.regions,
                                      types);
      });
}

/// Parses `%a, %b, ...`: between `minOperands` and `maxOperands` operands
/// (~0u: no bound).
ParseResult
parseAlgebraOperands(OpAsmParser &parser,
                     SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
                     unsigned minOperands, unsigned maxOperands);

/// Parses an algebra op whose head is its operands, `%a, %b, ...`.
template <typename OpTy>
ParseResult parseAlgebraOp(OpAsmParser &parser, OperationState &result,
                           unsigned minOperands, unsigned maxOperands) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parseAlgebraOperands(parser, operands, minOperands, maxOperands))
    return failure();
  return parseAlgebraOpTail<OpTy>(parser, result, operands);
}

/// Prints an algebra op after its head: the attributes but `elidedAttrs`
/// (the head's), `:` and the operand types.
void printAlgebraOpTail(OpAsmPrinter &printer, Operation *op,
                        ArrayRef<StringRef> elidedAttrs = {});

/// Prints an algebra op whose head is its operands.
void printAlgebraOp(OpAsmPrinter &printer, Operation *op);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTE_IR_ALGEBRAOPSYNTAX_H
