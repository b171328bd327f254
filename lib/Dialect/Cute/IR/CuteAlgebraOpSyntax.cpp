//===- CuteAlgebraOpSyntax.cpp - Heads of the cute algebra ops ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The parsers and printers of the cute ops whose result type is inferred:
// each writes its head (operands and the attributes among them) and leaves
// the rest, types included, to AlgebraOpSyntax.h.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/AlgebraOpSyntax.h"
#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"

using namespace mlir;
using namespace mlir::cute;

/// An op whose head is `minOperands` to `maxOperands` operands.
#define CUTE_OPERANDS_HEAD(OpTy, minOperands, maxOperands)                     \
  ParseResult OpTy::parse(OpAsmParser &parser, OperationState &result) {       \
    return parseAlgebraOp<OpTy>(parser, result, minOperands, maxOperands);     \
  }                                                                            \
  void OpTy::print(OpAsmPrinter &printer) { printAlgebraOp(printer, *this); }

CUTE_OPERANDS_HEAD(CoalesceOp, 1, 1)
CUTE_OPERANDS_HEAD(CosizeOp, 1, 1)
CUTE_OPERANDS_HEAD(DepthOp, 1, 1)
CUTE_OPERANDS_HEAD(FilterOp, 1, 1)
CUTE_OPERANDS_HEAD(FilterZerosOp, 1, 1)
CUTE_OPERANDS_HEAD(GetLayoutOp, 1, 1)
CUTE_OPERANDS_HEAD(LeftInverseOp, 1, 1)
CUTE_OPERANDS_HEAD(MakeIdentityTensorOp, 1, 1)
CUTE_OPERANDS_HEAD(RankOp, 1, 1)
CUTE_OPERANDS_HEAD(RightInverseOp, 1, 1)
CUTE_OPERANDS_HEAD(ShapeOp, 1, 1)
CUTE_OPERANDS_HEAD(SizeOp, 1, 1)
CUTE_OPERANDS_HEAD(StrideOp, 1, 1)

CUTE_OPERANDS_HEAD(BlockedProductOp, 2, 2)
CUTE_OPERANDS_HEAD(CompositionOp, 2, 2)
CUTE_OPERANDS_HEAD(Crd2IdxOp, 2, 2)
CUTE_OPERANDS_HEAD(FlatDivideOp, 2, 2)
CUTE_OPERANDS_HEAD(FlatProductOp, 2, 2)
CUTE_OPERANDS_HEAD(Idx2CrdOp, 2, 2)
CUTE_OPERANDS_HEAD(LogicalDivideOp, 2, 2)
CUTE_OPERANDS_HEAD(LogicalProductOp, 2, 2)
CUTE_OPERANDS_HEAD(MaxCommonVectorOp, 2, 2)
CUTE_OPERANDS_HEAD(RakedProductOp, 2, 2)
CUTE_OPERANDS_HEAD(TiledDivideOp, 2, 2)
CUTE_OPERANDS_HEAD(TiledProductOp, 2, 2)
CUTE_OPERANDS_HEAD(TileToShapeOp, 2, 2)
CUTE_OPERANDS_HEAD(ZippedDivideOp, 2, 2)
CUTE_OPERANDS_HEAD(ZippedProductOp, 2, 2)

CUTE_OPERANDS_HEAD(LocalPartitionOp, 3, 3)
CUTE_OPERANDS_HEAD(LocalTileOp, 3, 3)

// The optional stride or cotarget is the second operand.
CUTE_OPERANDS_HEAD(ComplementOp, 1, 2)
CUTE_OPERANDS_HEAD(MakeLayoutOp, 1, 2)

CUTE_OPERANDS_HEAD(MakeTileOp, 1, ~0u)

#undef CUTE_OPERANDS_HEAD

/// `%l [1, 0]`
ParseResult GetOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand layout;
  DenseI64ArrayAttr modes;
  if (parser.parseOperand(layout) ||
      parser.parseCustomAttributeWithFallback(modes))
    return failure();
  result.addAttribute(getModesAttrName(result.name), modes);
  return parseAlgebraOpTail<GetOp>(parser, result, layout);
}

void GetOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getLayout() << ' ';
  printer.printStrippedAttrOrType(getModesAttr());
  printAlgebraOpTail(printer, *this, {getModesAttrName()});
}

/// `%l by 2`
template <typename OpTy>
static ParseResult parseCastOp(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand layout;
  IntegerAttr factor;
  if (parser.parseOperand(layout) || parser.parseKeyword("by") ||
      parser.parseAttribute(factor, parser.getBuilder().getI64Type()))
    return failure();
  result.addAttribute(OpTy::getFactorAttrName(result.name), factor);
  return parseAlgebraOpTail<OpTy>(parser, result, layout);
}

template <typename OpTy>
static void printCastOp(OpAsmPrinter &printer, OpTy op) {
  printer << ' ' << op.getLayout() << " by ";
  printer.printAttributeWithoutType(op.getFactorAttr());
  printAlgebraOpTail(printer, op, {op.getFactorAttrName()});
}

ParseResult UpcastOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCastOp<UpcastOp>(parser, result);
}
void UpcastOp::print(OpAsmPrinter &printer) { printCastOp(printer, *this); }

ParseResult DowncastOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseCastOp<DowncastOp>(parser, result);
}
void DowncastOp::print(OpAsmPrinter &printer) { printCastOp(printer, *this); }

/// `%l from 16 to 32`
ParseResult RecastOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand layout;
  IntegerAttr oldBits, newBits;
  Type i64 = parser.getBuilder().getI64Type();
  if (parser.parseOperand(layout) || parser.parseKeyword("from") ||
      parser.parseAttribute(oldBits, i64) || parser.parseKeyword("to") ||
      parser.parseAttribute(newBits, i64))
    return failure();
  result.addAttribute(getOldBitsAttrName(result.name), oldBits);
  result.addAttribute(getNewBitsAttrName(result.name), newBits);
  return parseAlgebraOpTail<RecastOp>(parser, result, layout);
}

void RecastOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getLayout() << " from ";
  printer.printAttributeWithoutType(getOldBitsAttr());
  printer << " to ";
  printer.printAttributeWithoutType(getNewBitsAttr());
  printAlgebraOpTail(printer, *this,
                     {getOldBitsAttrName(), getNewBitsAttrName()});
}

/// `%s order "(1,0)"`
ParseResult MakeOrderedLayoutOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  OpAsmParser::UnresolvedOperand shape;
  StringAttr order;
  if (parser.parseOperand(shape) || parser.parseKeyword("order") ||
      parser.parseAttribute(order, parser.getBuilder().getType<NoneType>()))
    return failure();
  result.addAttribute(getOrderAttrName(result.name), order);
  return parseAlgebraOpTail<MakeOrderedLayoutOp>(parser, result, shape);
}

void MakeOrderedLayoutOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getShape() << " order ";
  printer.printAttributeWithoutType(getOrderAttr());
  printAlgebraOpTail(printer, *this, {getOrderAttrName()});
}

/// `%l[%c]`
template <typename OpTy>
static ParseResult parseSubscriptOp(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand operands[2];
  if (parser.parseOperand(operands[0]) || parser.parseLSquare() ||
      parser.parseOperand(operands[1]) || parser.parseRSquare())
    return failure();
  return parseAlgebraOpTail<OpTy>(parser, result, operands);
}

static void printSubscriptOp(OpAsmPrinter &printer, Operation *op) {
  printer << ' ' << op->getOperand(0) << '[' << op->getOperand(1) << ']';
  printAlgebraOpTail(printer, op);
}

ParseResult SliceOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseSubscriptOp<SliceOp>(parser, result);
}
void SliceOp::print(OpAsmPrinter &printer) { printSubscriptOp(printer, *this); }

ParseResult DiceOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseSubscriptOp<DiceOp>(parser, result);
}
void DiceOp::print(OpAsmPrinter &printer) { printSubscriptOp(printer, *this); }
