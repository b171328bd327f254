//===- Layout.cpp - Layouts, construction and queries ---------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Layout/Layout.h"

#include <cassert>

using namespace mlir::cute;

Result<IntTuple> mlir::cute::positiveLeaves(const IntTuple &tuple,
                                            const std::string &what) {
  std::string bad;
  tuple.forEachLeaf([&](const IntTuple &leaf) {
    if (bad.empty() && !leaf.isUnderscore() && leaf.value().isStatic() &&
        leaf.value().value() < 1)
      bad = leaf.value().str();
  });
  if (!bad.empty())
    return algebraError(what + " " + tuple.str() +
                        " has a leaf that is not positive: " + bad);
  return tuple;
}

Result<Layout> Layout::get(IntTuple shape, IntTuple stride) {
  if (!congruent(shape, stride))
    return algebraError("shape " + shape.str() + " and stride " + stride.str() +
                        " are not congruent");
  if (shape.hasUnderscore() || stride.hasUnderscore())
    return algebraError("a layout cannot hold `_`");
  CUTE_TRY(positive, positiveLeaves(shape, "shape"));
  return Layout(std::move(positive), std::move(stride));
}

Layout mlir::cute::makeLayoutUnchecked(IntTuple shape, IntTuple stride) {
  assert(congruent(shape, stride) && "shape and stride must be congruent");
  return Layout(std::move(shape), std::move(stride));
}

Layout Layout::mode(size_t i) const {
  return makeLayoutUnchecked(shapeTuple.mode(i), strideTuple.mode(i));
}

Result<Int> Layout::operator()(const IntTuple &coord) const {
  return cute::crd2idx(coord, shapeTuple, strideTuple);
}

std::string Layout::str() const {
  return shapeTuple.str() + ":" + strideTuple.str();
}

std::string Layout::typeStr() const {
  return shapeTuple.typeStr() + ":" + strideTuple.typeStr();
}

//===----------------------------------------------------------------------===//
// Tiler
//===----------------------------------------------------------------------===//

Tiler::Tiler(Layout layout)
    : kind(Kind::Layout), layoutValue(std::make_shared<Layout>(layout)) {}

Tiler Tiler::underscore() { return Tiler(); }

Tiler Tiler::integer(const IntTuple &n) {
  Tiler t(makeLayout(n));
  t.integer_ = true;
  return t;
}

Tiler Tiler::tuple(std::vector<Tiler> elements) {
  Tiler t;
  t.kind = Kind::Tuple;
  t.elems = std::move(elements);
  return t;
}

std::string Tiler::str() const {
  if (isUnderscore())
    return "_";
  // n:1 is written n, as CuTe writes a shape used as a tiler.
  if (isInteger() ||
      (isLayout() && layout().shape().isInt() && layout().stride().isInt() &&
       layout().stride().value().is(1)))
    return layout().shape().str();
  if (isLayout())
    return layout().str();
  std::string s = "(";
  for (size_t i = 0; i < elems.size(); ++i)
    s += (i ? "," : "") + elems[i].str();
  return s + ")";
}

//===----------------------------------------------------------------------===//
// Construction and queries
//===----------------------------------------------------------------------===//

Layout mlir::cute::makeLayout(const IntTuple &shape) {
  return makeLayoutUnchecked(shape, compactColMajor(shape));
}

Layout mlir::cute::makeLayoutRowMajor(const IntTuple &shape) {
  return makeLayoutUnchecked(shape, compactRowMajor(shape));
}

Result<Layout> mlir::cute::makeOrderedLayout(const IntTuple &shape,
                                             const IntTuple &order) {
  CUTE_TRY(stride, compactOrder(shape, order));
  // A zero extent made a layout of no elements, which no parser reads back.
  return Layout::get(shape, stride);
}

Layout mlir::cute::makeLayout(const std::vector<Layout> &modes) {
  std::vector<IntTuple> shapes, strides;
  for (const Layout &m : modes) {
    shapes.push_back(m.shape());
    strides.push_back(m.stride());
  }
  return makeLayoutUnchecked(IntTuple::tuple(std::move(shapes)),
                             IntTuple::tuple(std::move(strides)));
}

Int mlir::cute::size(const Layout &layout) { return product(layout.shape()); }

Int mlir::cute::cosize(const Layout &layout) {
  // The value at the last coordinate over |stride|, plus one.
  std::vector<IntTuple> shapes = leaves(layout.shape());
  std::vector<IntTuple> strides = leaves(layout.stride());
  Int last = 0;
  for (size_t i = 0; i < shapes.size(); ++i)
    last = last + (shapes[i].value() - 1) * abs(strides[i].value());
  return last + 1;
}

Result<Int> mlir::cute::crd2idx(const IntTuple &coord, const Layout &layout) {
  return layout(coord);
}

IntTuple mlir::cute::idx2crd(const Int &idx, const Layout &layout) {
  return idx2crd(idx, layout.shape());
}

Result<std::vector<Int>> mlir::cute::flatCoord(const Layout &layout,
                                               const Int &idx) {
  IntTuple hier = idx2crd(idx, layout.shape(), layout.stride());
  std::vector<Int> flat;
  for (size_t i = 0; i < layout.rank(); ++i) {
    const IntTuple &shape = layout.shape().mode(i);
    CUTE_TRY(c, crd2idx(hier.mode(i), shape, compactColMajor(shape)));
    flat.push_back(c);
  }
  return flat;
}

Result<Layout> mlir::cute::slice(const IntTuple &coord, const Layout &layout) {
  CUTE_TRY(shape, slice(coord, layout.shape()));
  CUTE_TRY(stride, slice(coord, layout.stride()));
  return makeLayoutUnchecked(shape, stride);
}

Result<Layout> mlir::cute::dice(const IntTuple &coord, const Layout &layout) {
  CUTE_TRY(shape, dice(coord, layout.shape()));
  CUTE_TRY(stride, dice(coord, layout.stride()));
  return makeLayoutUnchecked(shape, stride);
}

Layout mlir::cute::flatten(const Layout &layout) {
  return makeLayoutUnchecked(flatten(layout.shape()), flatten(layout.stride()));
}

Result<std::vector<int64_t>> mlir::cute::staticImage(const Layout &layout,
                                                     int64_t limit) {
  if (!layout.isStatic())
    return algebraError("expected a static layout, got " + layout.str());
  std::vector<IntTuple> shapes = leaves(layout.shape());
  std::vector<IntTuple> strides = leaves(layout.stride());
  int64_t elements = 1;
  int64_t largest = 0, smallest = 0; // the extreme values, for overflow
  for (size_t i = 0; i < shapes.size(); ++i) {
    int64_t extent = shapes[i].value().value();
    int64_t stride = strides[i].value().value();
    int64_t reach;
    if (extent <= 0) // an empty layout
      return std::vector<int64_t>();
    if (__builtin_mul_overflow(elements, extent, &elements) || elements > limit)
      return algebraError("the layout " + layout.str() + " has more than " +
                          std::to_string(limit) + " elements to enumerate");
    if (__builtin_mul_overflow(extent - 1, stride, &reach) ||
        __builtin_add_overflow(reach > 0 ? largest : smallest, reach,
                               reach > 0 ? &largest : &smallest))
      return algebraError("the values of " + layout.str() +
                          " overflow 64 bits");
  }
  // An odometer over the flat coordinate, first mode fastest, carrying the
  // value along instead of recomputing it.
  std::vector<int64_t> image;
  image.reserve(elements);
  std::vector<int64_t> coord(shapes.size(), 0);
  int64_t value = 0;
  for (int64_t i = 0; i < elements; ++i) {
    image.push_back(value);
    for (size_t m = 0; m < shapes.size(); ++m) {
      int64_t stride = strides[m].value().value();
      if (++coord[m] < shapes[m].value().value()) {
        value += stride;
        break;
      }
      value -= (coord[m] - 1) * stride;
      coord[m] = 0;
    }
  }
  return image;
}

Layout mlir::cute::appendTo(const Layout &layout, size_t n) {
  return makeLayoutUnchecked(appendTo(layout.shape(), n, 1),
                             appendTo(layout.stride(), n, 0));
}

/// CuTe's zip of two tuples: transpose ((a0,a1,..),(b0,b1,..)) into
/// ((a0,b0),(a1,b1),..); two non-tuples become ((a,b)).
static Result<IntTuple> zipTuples(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple())
    return IntTuple::tuple({IntTuple::tuple({a, b})});
  if (b.rank() != a.rank())
    return algebraError("zip: rank mismatch between " + a.str() + " and " +
                        b.str());
  std::vector<IntTuple> r;
  for (size_t i = 0; i < a.rank(); ++i)
    r.push_back(IntTuple::tuple({a.mode(i), b.mode(i)}));
  return IntTuple::tuple(std::move(r));
}

Result<Layout> mlir::cute::zip(const Layout &a, const Layout &b) {
  CUTE_TRY(shape, zipTuples(a.shape(), b.shape()));
  CUTE_TRY(stride, zipTuples(a.stride(), b.stride()));
  return makeLayoutUnchecked(shape, stride);
}

Result<Layout> mlir::cute::makeFragmentLike(const Layout &layout) {
  // Strides known only at run time cannot order the modes: column-major.
  if (layout.rank() <= 1 || !layout.isStatic())
    return makeLayout(layout.shape());
  const IntTuple &shape0 = layout.shape().mode(0);
  Layout first = makeLayoutUnchecked(
      shape0, compactColMajor(filterZeros(layout.stride().mode(0), shape0)));
  std::vector<IntTuple> shapes, orders;
  for (size_t i = 1; i < layout.rank(); ++i) {
    shapes.push_back(layout.shape().mode(i));
    orders.push_back(layout.stride().mode(i));
  }
  CUTE_TRY(rest,
           makeOrderedLayout(IntTuple::tuple(shapes), IntTuple::tuple(orders)));
  return tiledProduct(first, Tiler(rest));
}
