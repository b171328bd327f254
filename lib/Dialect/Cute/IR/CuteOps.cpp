//===- CuteOps.cpp - Operations of the cute dialect -----------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Each algebra op's `compute` is its whole semantics: one call into the layout
// library. Type inference, folding and cute-expand-layouts all use it.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/CuteOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

#include "cute-mlir/Layout/Notation.h"

using namespace mlir;
using namespace mlir::cute;

#include "cute-mlir/Dialect/Cute/IR/CuteInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// Folding static results
//===----------------------------------------------------------------------===//

static bool isSpecType(Type type) {
  return isa<IntTupleType, ShapeType, StrideType, CoordType, TileType,
             LayoutType>(type);
}

/// Evaluate an algebra op on library values read from its operand types.
static AlgebraResult evaluateOnTypes(AlgebraOpInterface op) {
  SmallVector<AlgebraValue, 4> operands;
  for (Value operand : op->getOperands()) {
    Result<AlgebraValue> value = readAlgebraValue(operand.getType());
    if (value.failed())
      return value.takeError();
    operands.push_back(*value);
  }
  return op.evaluate(operands);
}

LogicalResult mlir::cute::verifyAlgebraOp(Operation *op) {
  auto algebra = dyn_cast<AlgebraOpInterface>(op);
  if (!algebra)
    return success();
  OverflowScope overflow;
  AlgebraResult result = evaluateOnTypes(algebra);
  if (overflow.overflowed())
    return op->emitOpError("integer overflow in the layout algebra");
  if (result.failed())
    return op->emitOpError() << result.message();
  return success();
}

LogicalResult
mlir::cute::foldStaticAlgebraResult(Operation *op,
                                    SmallVectorImpl<OpFoldResult> &results) {
  if (op->getNumResults() != 1)
    return failure();
  Type type = op->getResult(0).getType();
  if (isSpecType(type)) {
    SmallVector<Int> slots;
    if (readAlgebraValue(type, &slots).failed() || !slots.empty())
      return failure();
    results.push_back(TypeAttr::get(type));
    return success();
  }
  // An index result is static when the library computes a constant from the
  // operand types alone.
  auto algebra = dyn_cast<AlgebraOpInterface>(op);
  if (!algebra || !type.isIndex())
    return failure();
  OverflowScope overflow;
  AlgebraResult result = evaluateOnTypes(algebra);
  if (result.failed() || overflow.overflowed())
    return failure();
  const Int *value = std::get_if<Int>(&*result);
  if (!value || !value->isStatic())
    return failure();
  results.push_back(IntegerAttr::get(type, value->value()));
  return success();
}

//===----------------------------------------------------------------------===//
// Slots and constants
//===----------------------------------------------------------------------===//

static LogicalResult verifySlotCount(Operation *op, Type type,
                                     unsigned numValues) {
  unsigned slots = numDynamicSlots(type);
  if (slots != numValues)
    return op->emitOpError() << "has " << numValues << " values for the "
                             << slots << " `?` slots of " << type;
  return success();
}

static OpFoldResult foldIfStatic(Operation *op) {
  if (op->getNumOperands() != 0)
    return {};
  return TypeAttr::get(op->getResult(0).getType());
}

#define CUTE_MAKE_TUPLE_OP(OpT)                                                \
  LogicalResult OpT::verify() {                                                \
    return verifySlotCount(getOperation(), getType(), getValues().size());     \
  }                                                                            \
  OpFoldResult OpT::fold(FoldAdaptor) { return foldIfStatic(getOperation()); }

CUTE_MAKE_TUPLE_OP(MakeIntTupleOp)
CUTE_MAKE_TUPLE_OP(MakeShapeOp)
CUTE_MAKE_TUPLE_OP(MakeStrideOp)
CUTE_MAKE_TUPLE_OP(MakeCoordOp)

#undef CUTE_MAKE_TUPLE_OP

LogicalResult StaticOp::verify() {
  return verifySlotCount(getOperation(), getType(), 0);
}

OpFoldResult StaticOp::fold(FoldAdaptor) { return TypeAttr::get(getType()); }

//===----------------------------------------------------------------------===//
// Operand access for compute
//===----------------------------------------------------------------------===//

/// Lift a library result into an AlgebraResult.
template <class T> static AlgebraResult lift(Result<T> r) {
  if (r.failed())
    return r.takeError();
  return AlgebraValue(*r);
}

/// The layout or tuple a size-like query is about.
static Result<IntTuple> shapeOf(const AlgebraValue &v) {
  if (const auto *l = std::get_if<Layout>(&v))
    return l->shape();
  return tupleOf(v);
}

//===----------------------------------------------------------------------===//
// Algebra ops
//===----------------------------------------------------------------------===//

AlgebraResult MakeLayoutOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(shape, tupleOf(operands[0]));
  if (operands.size() == 1)
    return AlgebraValue(makeLayout(shape));
  CUTE_TRY(stride, tupleOf(operands[1]));
  return lift(Layout::get(shape, stride));
}

AlgebraResult MakeTileOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  if (operands.empty())
    return algebraError("a tile needs at least one mode");
  std::vector<Tiler> modes;
  for (const AlgebraValue &v : operands) {
    CUTE_TRY(mode, tilerOf(v));
    if (const auto *l = std::get_if<Layout>(&v); l && !l->isStatic())
      return algebraError("tiles are static, but the layout " + l->typeStr() +
                          " is dynamic");
    modes.push_back(mode);
  }
  return AlgebraValue(Tiler::tuple(std::move(modes)));
}

AlgebraResult GetOp::compute(ArrayRef<AlgebraValue> operands, Adaptor adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  for (int64_t i : adaptor.getModes()) {
    if (i < 0 || static_cast<size_t>(i) >= layout.rank())
      return algebraError("mode " + std::to_string(i) +
                          " is out of range for " + layout.typeStr() +
                          " of rank " + std::to_string(layout.rank()));
    layout = layout.mode(static_cast<size_t>(i));
  }
  return AlgebraValue(layout);
}

AlgebraResult ShapeOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return AlgebraValue(TupleValue{TupleKind::Shape, layout.shape()});
}

AlgebraResult StrideOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return AlgebraValue(TupleValue{TupleKind::Stride, layout.stride()});
}

AlgebraResult SizeOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(shape, shapeOf(operands[0]));
  return AlgebraValue(product(shape));
}

AlgebraResult CosizeOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return AlgebraValue(cosize(layout));
}

AlgebraResult RankOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(shape, shapeOf(operands[0]));
  return AlgebraValue(Int(static_cast<int64_t>(shape.rank())));
}

AlgebraResult DepthOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(shape, shapeOf(operands[0]));
  return AlgebraValue(Int(static_cast<int64_t>(shape.depth())));
}

AlgebraResult Crd2IdxOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(coord, tupleOf(operands[0]));
  CUTE_TRY(layout, layoutOf(operands[1]));
  return lift(layout(coord));
}

AlgebraResult Idx2CrdOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(index, intOf(operands[0]));
  CUTE_TRY(shape, tupleOf(operands[1]));
  return AlgebraValue(TupleValue{TupleKind::Coord, idx2crd(index, shape)});
}

AlgebraResult CoalesceOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return AlgebraValue(coalesce(layout));
}

AlgebraResult FilterOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return AlgebraValue(filter(layout));
}

AlgebraResult FilterZerosOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return AlgebraValue(filterZeros(layout));
}

AlgebraResult RightInverseOp::compute(ArrayRef<AlgebraValue> operands,
                                      Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return AlgebraValue(rightInverse(layout));
}

AlgebraResult LeftInverseOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return lift(leftInverse(layout));
}

AlgebraResult ComplementOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  if (operands.size() == 1)
    return lift(complement(layout));
  CUTE_TRY(cotarget, tupleOf(operands[1]));
  return lift(complement(layout, cotarget));
}

AlgebraResult CompositionOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(lhs, layoutOf(operands[0]));
  CUTE_TRY(rhs, tilerOf(operands[1]));
  return lift(composition(lhs, rhs));
}

/// (layout, tiler) -> layout through `fn`.
static AlgebraResult tiling(ArrayRef<AlgebraValue> operands,
                            Result<Layout> (*fn)(const Layout &,
                                                 const Tiler &)) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  CUTE_TRY(tiler, tilerOf(operands[1]));
  return lift(fn(layout, tiler));
}

AlgebraResult LogicalDivideOp::compute(ArrayRef<AlgebraValue> operands,
                                       Adaptor) {
  return tiling(operands, logicalDivide);
}
AlgebraResult ZippedDivideOp::compute(ArrayRef<AlgebraValue> operands,
                                      Adaptor) {
  return tiling(operands, zippedDivide);
}
AlgebraResult TiledDivideOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  return tiling(operands, tiledDivide);
}
AlgebraResult FlatDivideOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  return tiling(operands, flatDivide);
}
AlgebraResult LogicalProductOp::compute(ArrayRef<AlgebraValue> operands,
                                        Adaptor) {
  return tiling(operands, logicalProduct);
}
AlgebraResult ZippedProductOp::compute(ArrayRef<AlgebraValue> operands,
                                       Adaptor) {
  return tiling(operands, zippedProduct);
}
AlgebraResult TiledProductOp::compute(ArrayRef<AlgebraValue> operands,
                                      Adaptor) {
  return tiling(operands, tiledProduct);
}
AlgebraResult FlatProductOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  return tiling(operands, flatProduct);
}

/// (layout, layout) -> layout through `fn`.
static AlgebraResult layoutPair(ArrayRef<AlgebraValue> operands,
                                Result<Layout> (*fn)(const Layout &,
                                                     const Layout &)) {
  CUTE_TRY(lhs, layoutOf(operands[0]));
  CUTE_TRY(rhs, layoutOf(operands[1]));
  return lift(fn(lhs, rhs));
}

AlgebraResult BlockedProductOp::compute(ArrayRef<AlgebraValue> operands,
                                        Adaptor) {
  return layoutPair(operands, blockedProduct);
}
AlgebraResult RakedProductOp::compute(ArrayRef<AlgebraValue> operands,
                                      Adaptor) {
  return layoutPair(operands, rakedProduct);
}

AlgebraResult TileToShapeOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  CUTE_TRY(shape, tupleOf(operands[1]));
  return lift(tileToShape(layout, shape));
}

AlgebraResult UpcastOp::compute(ArrayRef<AlgebraValue> operands,
                                Adaptor adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return lift(upcast(layout, adaptor.getFactor()));
}

AlgebraResult DowncastOp::compute(ArrayRef<AlgebraValue> operands,
                                  Adaptor adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return lift(downcast(layout, adaptor.getFactor()));
}

AlgebraResult MaxCommonVectorOp::compute(ArrayRef<AlgebraValue> operands,
                                         Adaptor) {
  CUTE_TRY(lhs, layoutOf(operands[0]));
  CUTE_TRY(rhs, layoutOf(operands[1]));
  return lift(maxCommonVector(lhs, rhs));
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

/// The coordinate with every `_` replaced by 0: where a slice starts.
static IntTuple zeroUnderscores(const IntTuple &coord) {
  if (coord.isUnderscore())
    return IntTuple(0);
  if (!coord.isTuple())
    return coord;
  std::vector<IntTuple> elems;
  for (const IntTuple &e : coord.elements())
    elems.push_back(zeroUnderscores(e));
  return IntTuple::tuple(std::move(elems));
}

/// Slice `tensor` at `coord`: keep the `_` modes, move the base to the
/// selected position (CuTe's slice_and_offset).
static AlgebraResult sliceTensor(const TensorValue &tensor,
                                 const IntTuple &coord) {
  CUTE_TRY(layout, slice(coord, tensor.layout));
  CUTE_TRY(start, tensor.layout(zeroUnderscores(coord)));
  TensorValue result = tensor;
  result.layout = layout;
  // A swizzle is not linear: CuTe moves the slice's start into the composed
  // layout's offset rather than into the pointer.
  if (tensor.swizzle)
    result.swizzleOffset = tensor.swizzleOffset + start;
  else
    result.offset = tensor.offset + start;
  return AlgebraValue(result);
}

/// A slice coordinate of `_` for each of `n` modes (just `_` for one).
static IntTuple underscores(size_t n) {
  if (n == 1)
    return IntTuple::underscore();
  return IntTuple::tuple(std::vector<IntTuple>(n, IntTuple::underscore()));
}

AlgebraResult MakeIdentityTensorOp::compute(ArrayRef<AlgebraValue> operands,
                                            Adaptor) {
  CUTE_TRY(shape, tupleOf(operands[0]));
  // Each leaf of the coordinate gets its own digit of radix B, so that tiling
  // and partitioning (which act mode by mode) keep the leaves apart even past
  // the edge of the shape: what CuTe's basis strides (1@0, 1@1, ...) do.
  return AlgebraValue(TensorValue{
      Type(), "coord", makeLayoutUnchecked(shape, identityTensorStrides(shape)),
      Int(0), shape});
}

LogicalResult ElemLessOp::verify() {
  Result<IntTuple> coord = parseIntTuple(getCoord().getType().getSpec());
  Result<IntTuple> shape = parseIntTuple(getShape().getType().getSpec());
  if (coord.failed() || shape.failed() || !congruent(*coord, *shape))
    return emitOpError() << "coordinate " << getCoord().getType()
                         << " is not congruent to the shape "
                         << getShape().getType();
  return success();
}

AlgebraResult GetLayoutOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(tensor, tensorOf(operands[0]));
  if (tensor.swizzle)
    return algebraError("the layout of a swizzled tensor is a composed "
                        "layout, which has no cute type yet");
  return AlgebraValue(tensor.layout);
}

AlgebraResult SliceOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(coord, tupleOf(operands[1]));
  if (const auto *layout = std::get_if<Layout>(&operands[0]))
    return lift(slice(coord, *layout));
  CUTE_TRY(tensor, tensorOf(operands[0]));
  return sliceTensor(tensor, coord);
}

AlgebraResult DiceOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  CUTE_TRY(coord, tupleOf(operands[1]));
  return lift(dice(coord, layout));
}

AlgebraResult MakeOrderedLayoutOp::compute(ArrayRef<AlgebraValue> operands,
                                           Adaptor adaptor) {
  CUTE_TRY(shape, tupleOf(operands[0]));
  CUTE_TRY(order, parseIntTuple(adaptor.getOrder()));
  return lift(makeOrderedLayout(shape, order));
}

AlgebraResult RecastOp::compute(ArrayRef<AlgebraValue> operands,
                                Adaptor adaptor) {
  CUTE_TRY(layout, layoutOf(operands[0]));
  return lift(recast(layout, adaptor.getOldBits(), adaptor.getNewBits()));
}

AlgebraResult LocalTileOp::compute(ArrayRef<AlgebraValue> operands, Adaptor) {
  CUTE_TRY(tensor, tensorOf(operands[0]));
  CUTE_TRY(tiler, tilerOf(operands[1]));
  CUTE_TRY(coord, tupleOf(operands[2]));
  CUTE_TRY(zipped, zippedDivide(tensor.layout, tiler));
  // CuTe's inner_partition: keep every tile mode, index the grid of tiles
  // (a `_` in the coordinate keeps that grid mode, e.g. the k-tiles).
  size_t gridRank = zipped.shape().mode(1).rank();
  if (coord.isTuple() && coord.rank() < gridRank)
    coord = appendTo(coord, gridRank, IntTuple::underscore());
  if (coord.rank() != gridRank)
    return algebraError(
        "tile coordinate " + coord.typeStr() + " has " +
        std::to_string(coord.rank()) + " modes but the grid of tiles " +
        zipped.shape().mode(1).typeStr() + " has " + std::to_string(gridRank));
  tensor.layout = zipped;
  return sliceTensor(
      tensor,
      IntTuple::tuple({underscores(zipped.shape().mode(0).rank()), coord}));
}

AlgebraResult LocalPartitionOp::compute(ArrayRef<AlgebraValue> operands,
                                        Adaptor adaptor) {
  CUTE_TRY(tensor, tensorOf(operands[0]));
  CUTE_TRY(threads, layoutOf(operands[1]));
  CUTE_TRY(index, intOf(operands[2]));
  std::optional<ArrayRef<bool>> projection = adaptor.getProjection();
  if (projection && projection->size() != threads.rank())
    return algebraError("projection has " + std::to_string(projection->size()) +
                        " entries but the thread layout has rank " +
                        std::to_string(threads.rank()));
  // The thread's coordinate in each mode of the thread layout, and the tile
  // extent of each mode the projection keeps (CuTe's Step<_1,X>).
  CUTE_TRY(flat, flatCoord(threads, index));
  std::vector<IntTuple> coords;
  std::vector<Tiler> tiles;
  for (size_t i = 0; i < threads.rank(); ++i) {
    if (projection && !(*projection)[i])
      continue;
    coords.push_back(flat[i]);
    tiles.push_back(Tiler(makeLayout(product(threads.shape().mode(i)))));
  }
  if (tiles.empty())
    return algebraError("the projection keeps no mode of the thread layout");
  bool single = !threads.shape().isTuple();
  Tiler tiler = single ? tiles.front() : Tiler::tuple(tiles);
  IntTuple threadCoord = single ? coords.front() : IntTuple::tuple(coords);
  CUTE_TRY(zipped, zippedDivide(tensor.layout, tiler));
  tensor.layout = zipped;
  return sliceTensor(
      tensor, IntTuple::tuple(
                  {threadCoord, underscores(zipped.shape().mode(1).rank())}));
}

static Type tensorElementType(Value tensor) {
  return cast<cute::TensorType>(tensor.getType()).getElementType();
}

/// Static sizes of a tensor's layout, or nullopt when dynamic.
static std::optional<int64_t> staticSize(Value tensor) {
  Result<Layout> layout =
      parseLayout(cast<cute::TensorType>(tensor.getType()).getInnerLayout());
  if (layout.failed())
    return std::nullopt;
  Int n = size(*layout);
  if (!n.isStatic())
    return std::nullopt;
  return n.value();
}

/// The width of an element in bytes, rounded up.
static int64_t widthInBytes(Type type) {
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, (type.getIntOrFloatBitWidth() + 7) / 8);
  return 1;
}

LogicalResult PtrOfOp::verify() {
  Type element = cast<MemRefType>(getMemref().getType()).getElementType();
  if (element != getType().getElementType())
    return emitOpError() << "element type " << getType().getElementType()
                         << " does not match the memref's " << element;
  return success();
}

LogicalResult AddPtrOp::verify() {
  PtrType from = getPtr().getType(), to = getType();
  if (from.getElementType() != to.getElementType() ||
      from.getMemory() != to.getMemory())
    return emitOpError("keeps the element type and memory of the pointer");
  // What the offset keeps of the alignment.
  int64_t width = widthInBytes(from.getElementType());
  int64_t kept = width;
  APInt offset;
  if (matchPattern(getOffset(), m_ConstantInt(&offset))) {
    int64_t bytes = offset.getSExtValue() * width;
    kept = bytes == 0 ? from.getAlignment()
                      : std::min<int64_t>(from.getAlignment(), bytes & -bytes);
  }
  kept = std::min(kept, from.getAlignment());
  if (to.getAlignment() != kept)
    return emitOpError() << "result alignment must be " << kept << ", got "
                         << to.getAlignment();
  return success();
}

LogicalResult MakeTensorOp::verify() {
  cute::TensorType type = getType();
  Type storageElement;
  if (auto ptr = dyn_cast<PtrType>(getMemref().getType())) {
    storageElement = ptr.getElementType();
    if (ptr.getMemory() != type.getMemory())
      return emitOpError() << "tensor memory " << type.getMemory()
                           << " is not the pointer's " << ptr.getMemory();
  } else {
    auto memref = cast<MemRefType>(getMemref().getType());
    storageElement = memref.getElementType();
    if (!memref.getLayout().isIdentity())
      return emitOpError("needs a memref with the identity layout");
  }
  if (storageElement != type.getElementType())
    return emitOpError() << "element type " << type.getElementType()
                         << " does not match the storage's " << storageElement;
  if (getLayout().getType().getSpec() != type.getInnerLayout())
    return emitOpError() << "result layout \"" << type.getLayout()
                         << "\" is not the layout operand's \""
                         << getLayout().getType().getSpec() << "\"";
  if (type.isSwizzled() && !StringRef(type.getLayout()).contains(" o 0 o "))
    return emitOpError("a swizzled tensor starts at swizzle offset 0");
  return success();
}

MemRefType ToMemrefOp::memrefTypeOf(cute::TensorType type) {
  if (type.isSwizzled())
    return {};
  Result<Layout> layout = parseLayout(type.getLayout());
  if (layout.failed() || layout->depth() > 1 || type.getMemory() == "coord")
    return {};
  SmallVector<int64_t> sizes, strides;
  for (const IntTuple &s : leaves(layout->shape()))
    sizes.push_back(s.value().isStatic() ? s.value().value()
                                         : ShapedType::kDynamic);
  for (const IntTuple &d : leaves(layout->stride()))
    strides.push_back(d.value().isStatic() ? d.value().value()
                                           : ShapedType::kDynamic);
  auto strided =
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, strides);
  return MemRefType::get(sizes, type.getElementType(), strided);
}

LogicalResult ToMemrefOp::verify() {
  auto type = cast<cute::TensorType>(getTensor().getType());
  MemRefType expected = memrefTypeOf(type);
  if (!expected)
    return emitOpError() << "needs a flat, unswizzled layout (depth <= 1) over "
                            "memory, got "
                         << type;
  if (getType() != expected)
    return emitOpError() << "result type must be " << expected;
  return success();
}

LogicalResult MakeFragmentOp::verify() {
  cute::TensorType type = getType();
  if (type.getMemory() != "rmem" && type.getMemory() != "smem")
    return emitOpError() << "fragments live in rmem or smem, not "
                         << type.getMemory();
  if (numDynamicSlots(type.getLayoutType()) != 0)
    return emitOpError() << "needs a static layout, got \"" << type.getLayout()
                         << "\"";
  if (!getLike())
    return success();
  Result<Layout> like = parseLayout(
      cast<cute::TensorType>(getLike().getType()).getInnerLayout().str());
  if (like.failed())
    return emitOpError() << like.message();
  Result<Layout> fragment = makeFragmentLike(*like);
  if (fragment.failed())
    return emitOpError() << fragment.message();
  if (type.isSwizzled() || type.getLayout() != fragment->str())
    return emitOpError() << "a fragment like " << like->str()
                         << " has the layout \"" << fragment->str()
                         << "\", not \"" << type.getLayout() << "\"";
  return success();
}

/// The coordinate must address the tensor's layout (an integer or a
/// congruent tuple), with no `_`.
static LogicalResult verifyElementCoord(Operation *op, Value tensor,
                                        Value coord) {
  Result<AlgebraValue> t = readAlgebraValue(tensor.getType());
  Result<AlgebraValue> c = readAlgebraValue(coord.getType());
  if (t.failed() || c.failed())
    return failure();
  const IntTuple &crd = std::get<TupleValue>(*c).tuple;
  if (crd.hasUnderscore())
    return op->emitOpError() << "coordinate " << coord.getType()
                             << " holds `_`; slice the tensor instead";
  Result<Int> at = std::get<TensorValue>(*t).layout(crd);
  if (at.failed())
    return op->emitOpError() << at.message();
  return success();
}

LogicalResult LoadOp::verify() {
  if (getType() != tensorElementType(getTensor()))
    return emitOpError() << "result type " << getType()
                         << " is not the tensor's element type "
                         << tensorElementType(getTensor());
  return verifyElementCoord(*this, getTensor(), getCoord());
}

LogicalResult StoreOp::verify() {
  if (getValue().getType() != tensorElementType(getTensor()))
    return emitOpError() << "value type " << getValue().getType()
                         << " is not the tensor's element type "
                         << tensorElementType(getTensor());
  if (cast<cute::TensorType>(getTensor().getType()).getMemory() == "coord")
    return emitOpError("coord tensors cannot be stored to");
  return verifyElementCoord(*this, getTensor(), getCoord());
}

/// A tensor and a vector agree on element type and (static) size.
static LogicalResult verifyVectorOfTensor(Operation *op, Value tensor,
                                          VectorType vector) {
  auto type = cast<cute::TensorType>(tensor.getType());
  if (type.getMemory() == "coord")
    return op->emitOpError("coord tensors hold no memory to move vectors");
  // A tensor's static size is a fixed number of elements.
  if (vector.isScalable())
    return op->emitOpError() << "the tensor's elements fill a fixed-size "
                                "vector, not the scalable "
                             << vector;
  if (vector.getElementType() != type.getElementType())
    return op->emitOpError()
           << "vector elements " << vector.getElementType()
           << " are not the tensor's " << type.getElementType();
  std::optional<int64_t> n = staticSize(tensor);
  if (!n)
    return op->emitOpError("needs a tensor of static size");
  if (*n != vector.getNumElements())
    return op->emitOpError()
           << "the tensor has " << *n << " elements but the vector "
           << vector.getNumElements();
  return success();
}

LogicalResult LoadVectorOp::verify() {
  return verifyVectorOfTensor(*this, getTensor(), getType());
}

LogicalResult StoreVectorOp::verify() {
  return verifyVectorOfTensor(*this, getTensor(), getValue().getType());
}

/// The sizes of two tensors as text, if they can never be equal: static
/// sizes that differ, or dynamic ones such as 3 and 4*? (a multiple of 4).
static std::optional<std::pair<std::string, std::string>>
differentSizes(Value a, Value b) {
  Result<Layout> la =
      parseLayout(cast<cute::TensorType>(a.getType()).getInnerLayout());
  Result<Layout> lb =
      parseLayout(cast<cute::TensorType>(b.getType()).getInnerLayout());
  if (!la || !lb || equal(size(*la), size(*lb)) != Truth::False)
    return std::nullopt;
  return std::make_pair(size(*la).str(), size(*lb).str());
}

LogicalResult CopyOp::verify() {
  if (getPred()) {
    if (!tensorElementType(getPred()).isInteger(1))
      return emitOpError() << "predicate elements must be i1, got "
                           << tensorElementType(getPred());
    if (auto sizes = differentSizes(getSrc(), getPred()))
      return emitOpError() << "source has " << sizes->first
                           << " elements but the predicate has "
                           << sizes->second;
  }
  for (Value t : {getSrc(), getDst()})
    if (cast<cute::TensorType>(t.getType()).getMemory() == "coord")
      return emitOpError("cannot copy to or from a coord tensor");
  if (tensorElementType(getSrc()) != tensorElementType(getDst()))
    return emitOpError() << "element types differ: "
                         << tensorElementType(getSrc()) << " and "
                         << tensorElementType(getDst());
  // Dynamic sizes too: 3 values into (?,4) (the lowering found it, after
  // the verifier had passed it).
  if (auto sizes = differentSizes(getSrc(), getDst()))
    return emitOpError() << "source has " << sizes->first
                         << " elements but destination has " << sizes->second;
  return success();
}

LogicalResult FillOp::verify() {
  auto type = cast<cute::TensorType>(getTensor().getType());
  if (type.getMemory() == "coord")
    return emitOpError("coord tensors cannot be filled");
  if (getValue().getType() != type.getElementType())
    return emitOpError() << "value type " << getValue().getType()
                         << " is not the tensor's element type "
                         << type.getElementType();
  return success();
}

LogicalResult GemmOp::verify() {
  Value operands[3] = {getA(), getB(), getC()};
  const char *names[3] = {"A", "B", "C"};
  SmallVector<Layout> layouts;
  for (int i = 0; i < 3; ++i) {
    Result<Layout> l = parseLayout(
        cast<cute::TensorType>(operands[i].getType()).getInnerLayout());
    if (l.failed() || l->rank() != 2)
      return emitOpError()
             << names[i] << " must be a rank-2 tensor, (M,K), (N,K) and (M,N)";
    layouts.push_back(*l);
  }
  Type elem = tensorElementType(getC());
  if (tensorElementType(getA()) != elem || tensorElementType(getB()) != elem)
    return emitOpError(
        "the universal FMA needs one element type for A, B and C");
  // Extents that must agree: M of A and C, N of B and C, K of A and B.
  auto check = [&](const Layout &x, size_t mx, const Layout &y, size_t my,
                   const char *what) -> LogicalResult {
    Int a = size(x.mode(mx)), b = size(y.mode(my));
    if (equal(a, b) == Truth::False)
      return emitOpError() << what << " differs: " << a.str() << " and "
                           << b.str();
    return success();
  };
  if (failed(check(layouts[0], 0, layouts[2], 0, "M")) ||
      failed(check(layouts[1], 0, layouts[2], 1, "N")) ||
      failed(check(layouts[0], 1, layouts[1], 1, "K")))
    return failure();
  return success();
}

#define GET_OP_CLASSES
#include "cute-mlir/Dialect/Cute/IR/CuteOps.cpp.inc"
