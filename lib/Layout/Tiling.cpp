//===- Tiling.cpp - Divides, products, casts and common vectors -----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The operations CuTe builds from composition and complement: the divide and
// product families, tile_to_shape, up/down/recast and max_common_*.
//
//===----------------------------------------------------------------------===//

#include "AlgebraDetail.h"

#include <numeric>

using namespace mlir::cute;

/// Apply `fn` mode by mode along a tuple tiler (CuTe's transform_layout),
/// `_` keeping a mode as it is; modes past the tiler are kept.
static Result<Layout> byMode(
    const Layout &layout, const Tiler &tiler, const char *op,
    const std::function<Result<Layout>(const Layout &, const Layout &)> &fn) {
  if (tiler.isUnderscore())
    return layout;
  if (tiler.isLayout())
    return fn(layout, tiler.layout());
  if (tiler.rank() > layout.rank())
    return algebraError(std::string(op) + ": tiler " + tiler.str() + " has " +
                        std::to_string(tiler.rank()) +
                        " modes but the layout " + layout.str() + " has rank " +
                        std::to_string(layout.rank()));
  std::vector<Layout> modes;
  for (size_t i = 0; i < layout.rank(); ++i) {
    if (i >= tiler.rank()) {
      modes.push_back(layout.mode(i));
      continue;
    }
    CUTE_TRY(m, byMode(layout.mode(i), tiler.mode(i), op, fn));
    modes.push_back(m);
  }
  return makeLayout(modes);
}

/// CuTe's zip2_by: gather the (tile, rest) pairs at the terminals of the
/// tiler into ((tiles...), (rests..., untiled modes...)).
static Result<IntTuple> zip2By(const IntTuple &t, const Tiler &guide) {
  if (!guide.isTuple()) {
    if (!t.isTuple() || t.rank() != 2)
      return algebraError("mode " + t.str() +
                          " is not a rank-2 (tile, rest) pair");
    return t;
  }
  if (!t.isTuple() || t.rank() < guide.rank())
    return algebraError("tiler " + guide.str() + " has more modes than " +
                        t.str());
  std::vector<IntTuple> first, second;
  for (size_t i = 0; i < guide.rank(); ++i) {
    CUTE_TRY(split, zip2By(t.mode(i), guide.mode(i)));
    first.push_back(split.mode(0));
    second.push_back(split.mode(1));
  }
  for (size_t j = guide.rank(); j < t.rank(); ++j)
    second.push_back(t.mode(j));
  return IntTuple::tuple({IntTuple::tuple(first), IntTuple::tuple(second)});
}

static Result<Layout> tileUnzip(const Layout &layout, const Tiler &tiler) {
  CUTE_TRY(shape, zip2By(layout.shape(), tiler));
  CUTE_TRY(stride, zip2By(layout.stride(), tiler));
  return makeLayoutUnchecked(shape, stride);
}

/// A slice coordinate of `_` repeated for each mode (just `_` for rank 1).
static IntTuple repeatUnderscore(size_t n) {
  if (n == 1)
    return IntTuple::underscore();
  return IntTuple::tuple(std::vector<IntTuple>(n, IntTuple::underscore()));
}

/// Unpack the second mode of a rank-2 (tiles, rests) layout, and the first
/// too when `both`.
static Result<Layout> unpack(const Layout &zipped, bool both) {
  IntTuple first =
      both ? repeatUnderscore(zipped.mode(0).rank()) : IntTuple::underscore();
  IntTuple coord =
      IntTuple::tuple({first, repeatUnderscore(zipped.mode(1).rank())});
  return slice(coord, zipped);
}

//===----------------------------------------------------------------------===//
// Divides
//===----------------------------------------------------------------------===//

static Result<Layout> logicalDivideByLayout(const Layout &layout,
                                            const Layout &tiler) {
  CUTE_TRY(rest, complement(tiler, coalesce(layout).shape()));
  return composition(layout, makeLayout({tiler, rest}));
}

Result<Layout> mlir::cute::logicalDivide(const Layout &layout,
                                         const Tiler &tiler) {
  return detail::guarded("logical_divide", [&]() {
    return byMode(layout, tiler, "logical_divide", logicalDivideByLayout);
  });
}

Result<Layout> mlir::cute::zippedDivide(const Layout &layout,
                                        const Tiler &tiler) {
  return detail::guarded("zipped_divide", [&]() -> Result<Layout> {
    CUTE_TRY(divided, logicalDivide(layout, tiler));
    return tileUnzip(divided, tiler);
  });
}

Result<Layout> mlir::cute::tiledDivide(const Layout &layout,
                                       const Tiler &tiler) {
  return detail::guarded("tiled_divide", [&]() -> Result<Layout> {
    CUTE_TRY(zipped, zippedDivide(layout, tiler));
    return unpack(zipped, /*both=*/false);
  });
}

Result<Layout> mlir::cute::flatDivide(const Layout &layout,
                                      const Tiler &tiler) {
  return detail::guarded("flat_divide", [&]() -> Result<Layout> {
    CUTE_TRY(zipped, zippedDivide(layout, tiler));
    return unpack(zipped, /*both=*/true);
  });
}

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

static Result<Layout> logicalProductByLayout(const Layout &block,
                                             const Layout &tiler) {
  CUTE_TRY(rest, complement(block, size(block) * cosize(tiler)));
  CUTE_TRY(repeated, composition(rest, tiler));
  return makeLayout({block, repeated});
}

Result<Layout> mlir::cute::logicalProduct(const Layout &block,
                                          const Tiler &tiler) {
  return detail::guarded("logical_product", [&]() {
    return byMode(block, tiler, "logical_product", logicalProductByLayout);
  });
}

Result<Layout> mlir::cute::zippedProduct(const Layout &block,
                                         const Tiler &tiler) {
  return detail::guarded("zipped_product", [&]() -> Result<Layout> {
    CUTE_TRY(product, logicalProduct(block, tiler));
    return tileUnzip(product, tiler);
  });
}

Result<Layout> mlir::cute::tiledProduct(const Layout &block,
                                        const Tiler &tiler) {
  return detail::guarded("tiled_product", [&]() -> Result<Layout> {
    CUTE_TRY(zipped, zippedProduct(block, tiler));
    return unpack(zipped, /*both=*/false);
  });
}

Result<Layout> mlir::cute::flatProduct(const Layout &block,
                                       const Tiler &tiler) {
  return detail::guarded("flat_product", [&]() -> Result<Layout> {
    CUTE_TRY(zipped, zippedProduct(block, tiler));
    return unpack(zipped, /*both=*/true);
  });
}

/// logical_product of both operands padded to a common rank, then zipped
/// mode by mode: (block, repeat) when `blocked`, (repeat, block) otherwise.
static Result<Layout> rankSensitiveProduct(const Layout &block,
                                           const Layout &tiler, bool blocked) {
  size_t r = std::max(block.rank(), tiler.rank());
  CUTE_TRY(product,
           logicalProductByLayout(appendTo(block, r), appendTo(tiler, r)));
  if (blocked)
    return zip(product.mode(0), product.mode(1));
  return zip(product.mode(1), product.mode(0));
}

Result<Layout> mlir::cute::blockedProduct(const Layout &block,
                                          const Layout &tiler) {
  return detail::guarded("blocked_product", [&]() {
    return rankSensitiveProduct(block, tiler, /*blocked=*/true);
  });
}

Result<Layout> mlir::cute::rakedProduct(const Layout &block,
                                        const Layout &tiler) {
  return detail::guarded("raked_product", [&]() {
    return rankSensitiveProduct(block, tiler, /*blocked=*/false);
  });
}

static Result<Layout> tileToShapeImpl(const Layout &block,
                                      const IntTuple &target) {
  // A zero or negative extent tiled the block zero or a negative number of
  // times: a layout with no elements, or none at all.
  Result<IntTuple> positive = positiveLeaves(target, "the target shape");
  if (positive.failed())
    return positive.takeError();
  if (block.rank() > target.rank())
    return algebraError("the block " + block.str() + " has rank " +
                        std::to_string(block.rank()) +
                        ", more than the target shape " + target.str());
  size_t r = target.rank();
  Layout padded = appendTo(block, r);
  IntTuple blockShape = productEach(padded.shape());
  IntTuple targetShape = productEach(target);
  if (evenlyDivides(targetShape, blockShape) == Truth::False)
    return algebraError("block shape " + blockShape.str() +
                        " does not divide the target shape " +
                        targetShape.str());
  CUTE_TRY(productShape, ceilDiv(targetShape, blockShape));
  return rankSensitiveProduct(padded, makeLayout(productShape),
                              /*blocked=*/true);
}

Result<Layout> mlir::cute::tileToShape(const Layout &block,
                                       const IntTuple &targetShape) {
  return detail::guarded("tile_to_shape",
                         [&]() { return tileToShapeImpl(block, targetShape); });
}

//===----------------------------------------------------------------------===//
// Common vectors
//===----------------------------------------------------------------------===//

/// coalesce(a o right_inverse(b)) and the inverse itself.
static Result<std::pair<Layout, Layout>> commonLayout(const Layout &a,
                                                      const Layout &b) {
  Layout invB = rightInverse(b);
  CUTE_TRY(composed, composition(a, invB));
  return std::make_pair(coalesce(composed), invB);
}

/// The static stride-1 leading mode of `common`, if there is one.
static bool hasStaticIdentityFront(const Layout &common) {
  Layout front = common.mode(0);
  return front.shape().isInt() && front.shape().value().isStatic() &&
         front.stride().isInt() && front.stride().value().is(1);
}

Result<Layout> mlir::cute::maxCommonLayout(const Layout &a, const Layout &b) {
  return detail::guarded("max_common_layout", [&]() -> Result<Layout> {
    CUTE_TRY(common, commonLayout(a, b));
    if (!hasStaticIdentityFront(common.first))
      return Layout();
    return composition(common.second, common.first.mode(0));
  });
}

Result<Int> mlir::cute::maxCommonVector(const Layout &a, const Layout &b) {
  return detail::guarded("max_common_vector", [&]() -> Result<Int> {
    CUTE_TRY(common, commonLayout(a, b));
    if (!hasStaticIdentityFront(common.first))
      return Int(1);
    return common.first.mode(0).shape().value();
  });
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

using LeafFn = std::function<Result<std::pair<Int, Int>>(const Int &shape,
                                                         const Int &stride)>;

/// Rebuild a layout leaf by leaf, keeping its structure.
static Result<Layout> mapLeaves(const Layout &layout, const LeafFn &fn) {
  if (!layout.shape().isTuple()) {
    CUTE_TRY(leaf, fn(layout.shape().value(), layout.stride().value()));
    return makeLayoutUnchecked(leaf.first, leaf.second);
  }
  std::vector<Layout> modes;
  for (size_t i = 0; i < layout.rank(); ++i) {
    CUTE_TRY(m, mapLeaves(layout.mode(i), fn));
    modes.push_back(m);
  }
  return makeLayout(modes);
}

static Result<Layout> upcastImpl(const Layout &layout, int64_t n) {
  if (n < 1)
    return algebraError("the factor must be positive, got " +
                        std::to_string(n));
  Int factor = n;
  return mapLeaves(
      layout, [&](const Int &s, const Int &d) -> Result<std::pair<Int, Int>> {
        if (d.is(0))
          return std::make_pair(s, d);
        if (d.isStatic()) {
          if (d.value() % n != 0 && n % d.value() != 0)
            return algebraError("divisibility condition violated: stride " +
                                d.str() + " and " + std::to_string(n) +
                                " do not divide one another");
          Int ad = abs(d);
          return std::make_pair(ceilDiv(s, ceilDiv(factor, ad)),
                                signum(d) * ceilDiv(ad, factor));
        }
        Truth ok = divides(factor, d);
        if (ok != Truth::True)
          return algebraError("dynamic stride " + d.str() + " needs " +
                              divisibilityHint(factor, d));
        return std::make_pair(s, d / factor);
      });
}

static Result<Layout> downcastImpl(const Layout &layout, int64_t n) {
  if (n < 1)
    return algebraError("the factor must be positive, got " +
                        std::to_string(n));
  bool adjacent = false;
  layout.stride().forEachLeaf(
      [&](const IntTuple &d) { adjacent = adjacent || d.value().is(1); });
  if (!adjacent)
    return algebraError("needs a stride-1 mode (adjacent elements) in " +
                        layout.str());
  return mapLeaves(
      layout, [&](const Int &s, const Int &d) -> Result<std::pair<Int, Int>> {
        if (d.is(1) || d.is(-1))
          return std::make_pair(s * n, d);
        return std::make_pair(s, d * n);
      });
}

Result<Layout> mlir::cute::upcast(const Layout &layout, int64_t n) {
  return detail::guarded("upcast", [&]() { return upcastImpl(layout, n); });
}

Result<Layout> mlir::cute::downcast(const Layout &layout, int64_t n) {
  return detail::guarded("downcast", [&]() { return downcastImpl(layout, n); });
}

Result<Layout> mlir::cute::recast(const Layout &layout, int64_t oldBits,
                                  int64_t newBits) {
  return detail::guarded("recast", [&]() -> Result<Layout> {
    if (oldBits < 1 || newBits < 1)
      return algebraError("element widths must be positive");
    int64_t g = std::gcd(oldBits, newBits);
    int64_t num = newBits / g, den = oldBits / g;
    if (num == den)
      return layout;
    if (num == 1)
      return downcastImpl(layout, den);
    if (den == 1)
      return upcastImpl(layout, num);
    CUTE_TRY(up, upcastImpl(layout, num));
    return downcastImpl(up, den);
  });
}
