//===- BoundaryParts.cpp - Cute values as parts across boundaries ---------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/BoundaryParts.h"
#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::cute;

bool mlir::cute::isCuteValueType(Type type) {
  return isa<IntTupleType, ShapeType, StrideType, CoordType, TileType,
             LayoutType, PtrType, cute::TensorType>(type);
}

Result<BoundaryParts> mlir::cute::getBoundaryParts(Type type) {
  if (!isCuteValueType(type))
    return algebraError("not a cute type");
  if (auto ptr = dyn_cast<PtrType>(type))
    return BoundaryParts{ptr.getElementType(), ptr.getMemory().str(), 1};
  if (auto tensor = dyn_cast<cute::TensorType>(type)) {
    if (tensor.getMemory() == "coord")
      return algebraError("a coordinate tensor has no memory to pass; pass "
                          "its shape and make it again");
    Result<AlgebraValue> value = readAlgebraValue(type);
    if (value.failed())
      return value.takeError();
    const TensorValue &t = std::get<TensorValue>(*value);
    // The offset in the memref, the layout's slots, a dynamic swizzle offset.
    unsigned indices = 1 + numDynamicSlots(tensor.getLayoutType());
    if (t.swizzle && t.swizzleOffset.isDynamic())
      ++indices;
    return BoundaryParts{tensor.getElementType(), tensor.getMemory().str(),
                         indices};
  }
  if (readAlgebraValue(type).failed())
    return algebraError("cannot read the type");
  return BoundaryParts{Type(), "", numDynamicSlots(type)};
}

/// Check that `parts` are the parts of `type`; `what` names them.
static LogicalResult verifyParts(Operation *op, Type type, TypeRange parts,
                                 StringRef what) {
  Result<BoundaryParts> expected = getBoundaryParts(type);
  if (expected.failed())
    return op->emitOpError()
           << "cannot split " << type << " into parts: " << expected.message();
  unsigned storage = expected->storageElement ? 1 : 0;
  if (parts.size() != storage + expected->numIndices)
    return op->emitOpError()
           << "expects " << storage + expected->numIndices << " parts for "
           << type << ", got " << parts.size();
  if (storage) {
    auto memref = dyn_cast<MemRefType>(parts.front());
    if (!memref || memref.getRank() != 1 || !memref.getLayout().isIdentity() ||
        memref.getElementType() != expected->storageElement)
      return op->emitOpError()
             << what << " #0 must be a 1-D memref of "
             << expected->storageElement << " with the identity layout, got "
             << parts.front();
  }
  for (auto [i, part] : llvm::enumerate(parts.drop_front(storage)))
    if (!part.isIndex())
      return op->emitOpError()
             << what << " #" << i + storage << " must be index, got " << part;
  return success();
}

LogicalResult FromPartsOp::verify() {
  return verifyParts(*this, getType(), getParts().getTypes(), "operand");
}

LogicalResult ToPartsOp::verify() {
  return verifyParts(*this, getValue().getType(), getResultTypes(), "result");
}

LogicalResult ToPartsOp::fold(FoldAdaptor,
                              SmallVectorImpl<OpFoldResult> &results) {
  // Splitting what was just rebuilt gives back the parts.
  auto from = getValue().getDefiningOp<FromPartsOp>();
  if (!from || from.getParts().getTypes() != getResultTypes())
    return failure();
  for (Value part : from.getParts())
    results.push_back(part);
  return success();
}
