//===- AlgebraOpSyntax.cpp - Assembly of ops with inferred results --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/AlgebraOpSyntax.h"
#include "cute-mlir/Dialect/Cute/IR/CuteTypes.h"

using namespace mlir;
using namespace mlir::cute;

ParseResult mlir::cute::detail::parseAlgebraOpTypes(
    OpAsmParser &parser, OperationState &result,
    ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    function_ref<LogicalResult(SmallVectorImpl<Type> &)> inferReturnTypes) {
  if (parser.parseColon())
    return failure();
  SMLoc typesLoc = parser.getCurrentLocation();
  SmallVector<Type> types;
  auto parseType = [&]() { return parser.parseType(types.emplace_back()); };
  // The long form parenthesizes the operand types of most ops.
  if (succeeded(parser.parseOptionalLParen())) {
    if (failed(parser.parseOptionalRParen()) &&
        (parser.parseCommaSeparatedList(parseType) || parser.parseRParen()))
      return failure();
  } else if (parser.parseCommaSeparatedList(parseType)) {
    return failure();
  }
  Type stated;
  SMLoc statedLoc;
  if (succeeded(parser.parseOptionalArrow())) {
    statedLoc = parser.getCurrentLocation();
    if (parser.parseType(stated))
      return failure();
  }
  if (parser.resolveOperands(operands, types, typesLoc, result.operands))
    return failure();

  SmallVector<Type, 1> inferred;
  if (failed(inferReturnTypes(inferred)))
    return failure();
  std::string reason;
  if (stated && !isSameOrLessPrecise(stated, inferred.front(), &reason)) {
    InFlightDiagnostic diag = parser.emitError(statedLoc)
                              << "result type " << stated
                              << " contradicts the inferred type "
                              << inferred.front();
    if (!reason.empty())
      diag << ": " << reason;
    return diag;
  }
  result.addTypes(inferred);
  return success();
}

ParseResult mlir::cute::parseAlgebraOperands(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
    unsigned minOperands, unsigned maxOperands) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands))
    return failure();
  if (operands.size() < minOperands || operands.size() > maxOperands) {
    InFlightDiagnostic diag = parser.emitError(loc) << "expected ";
    unsigned bound = minOperands;
    if (minOperands == maxOperands)
      diag << minOperands;
    else if (maxOperands == ~0u)
      diag << "at least " << minOperands;
    else
      diag << minOperands << " to " << (bound = maxOperands);
    return diag << (bound == 1 ? " operand" : " operands") << ", got "
                << operands.size();
  }
  return success();
}

void mlir::cute::printAlgebraOpTail(OpAsmPrinter &printer, Operation *op,
                                    ArrayRef<StringRef> elidedAttrs) {
  printer.printOptionalAttrDict(op->getAttrs(), elidedAttrs);
  printer << " : ";
  llvm::interleaveComma(op->getOperandTypes(), printer);
}

void mlir::cute::printAlgebraOp(OpAsmPrinter &printer, Operation *op) {
  printer << ' ';
  printer << op->getOperands();
  printAlgebraOpTail(printer, op);
}
