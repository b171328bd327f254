//===- CuteDialect.cpp - The cute dialect ---------------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/CuteDialect.h"
#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"
#include "cute-mlir/Dialect/Cute/IR/CuteTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::cute;

#include "cute-mlir/Dialect/Cute/IR/CuteOpsDialect.cpp.inc"

void CuteDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "cute-mlir/Dialect/Cute/IR/CuteOps.cpp.inc"
      >();
}

Operation *CuteDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  // A static cute value is its type.
  if (auto typeAttr = dyn_cast<TypeAttr>(value))
    if (typeAttr.getValue() == type)
      return StaticOp::create(builder, loc, type);
  if (auto intAttr = dyn_cast<IntegerAttr>(value))
    if (type.isIndex())
      return arith::ConstantOp::create(builder, loc, type, intAttr);
  return nullptr;
}
