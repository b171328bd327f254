//===- Layout.h - CuTe layouts and their algebra ----------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A Layout is a pair of congruent IntTuples, shape:stride, read as a function
// from coordinates (or from the integers 0..size-1) to integers. This header
// is the whole layout algebra of CuTe C++ (`include/cute/layout.hpp`):
// coalesce, composition, complement, inverses, divides and products, and the
// rest, with CuTe's C++ semantics where they differ from pycute.
//
// Static and dynamic leaves
// -------------------------
// Every operation accepts dynamic leaves wherever CuTe C++ does, and follows
// CuTe's rule that the *structure* of a result is decided by what is static:
// a branch CuTe takes on `is_constant<1, X>` is taken here when X is (or
// simplifies to) the static 1. Conditions CuTe can only check on static
// values (the divisibility conditions of composition, say) are checked here on
// dynamic values too, using the facts known about them: a condition that
// cannot be decided is an error naming the value and the fact that would
// decide it ("needs ?N % 16 == 0"), never a silently wrong layout.
//
// Worked example
// --------------
//   logical_divide((8,8):(1,8), (2:1,4:2))
//     mode 0:  8:1 / 2:1 = 8:1 o ((2:1),(complement(2:1, 8) = 4:2))
//                        = (2,4):(1,2)
//     mode 1:  8:8 / 4:2 = 8:8 o ((4:2),(complement(4:2, 8) = 2:1))
//                        = (4,2):(16,8)
//   result:   ((2,4),(4,2)):((1,2),(16,8))
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LAYOUT_LAYOUT_H
#define CUTE_MLIR_LAYOUT_LAYOUT_H

#include "cute-mlir/Layout/IntTuple.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace cute {

/// `tuple` itself if each of its static leaves is positive, as a layout's
/// shape leaves are; else an error naming it as `what` ("shape", ...).
Result<IntTuple> positiveLeaves(const IntTuple &tuple, const std::string &what);

/// shape:stride. The shape and stride are congruent; shape leaves are >= 1.
class Layout {
public:
  /// The trivial layout 1:0.
  Layout() : shapeTuple(1), strideTuple(0) {}
  /// Build a layout, checking congruence and positive static shape leaves.
  static Result<Layout> get(IntTuple shape, IntTuple stride);

  const IntTuple &shape() const { return shapeTuple; }
  const IntTuple &stride() const { return strideTuple; }
  size_t rank() const { return shapeTuple.rank(); }
  int depth() const { return shapeTuple.depth(); }
  /// Mode i as a layout (CuTe's get<i>; mode 0 of a rank-1 leaf is itself).
  Layout mode(size_t i) const;
  bool isStatic() const {
    return shapeTuple.isStatic() && strideTuple.isStatic();
  }

  /// The value at a coordinate (an integer or a congruent tuple).
  Result<Int> operator()(const IntTuple &coord) const;

  bool identical(const Layout &other) const {
    return shapeTuple.identical(other.shapeTuple) &&
           strideTuple.identical(other.strideTuple);
  }
  /// `shape:stride` in CuTe notation, dynamic leaves as expressions.
  std::string str() const;
  /// `shape:stride` with dynamic leaves as type slots (`?`, `?{div=16}`).
  std::string typeStr() const;

private:
  friend Layout makeLayoutUnchecked(IntTuple, IntTuple);
  Layout(IntTuple shape, IntTuple stride)
      : shapeTuple(std::move(shape)), strideTuple(std::move(stride)) {}
  IntTuple shapeTuple, strideTuple;
};

/// Build a layout the caller knows to be well formed (congruent).
Layout makeLayoutUnchecked(IntTuple shape, IntTuple stride);

/// A tiler: `_`, a layout, or a tuple of tilers. An integer n is a layout
/// too, as CuTe reads it: the divides and products tile by make_layout(n)
/// (n:1, or 1:0 for a static 1), composition by n:1.
class Tiler {
public:
  /*implicit*/ Tiler(Layout layout);
  static Tiler underscore();
  static Tiler tuple(std::vector<Tiler> elements);
  /// The integer tiler `n`.
  static Tiler integer(const IntTuple &n);

  bool isUnderscore() const { return kind == Kind::Underscore; }
  bool isLayout() const { return kind == Kind::Layout; }
  bool isTuple() const { return kind == Kind::Tuple; }
  /// Written as an integer: layout() is make_layout(n).
  bool isInteger() const { return integer_; }
  const Layout &layout() const { return *layoutValue; }
  size_t rank() const { return isTuple() ? elems.size() : 1; }
  const Tiler &mode(size_t i) const { return elems[i]; }
  std::string str() const;

private:
  enum class Kind { Underscore, Layout, Tuple };
  Tiler() = default;
  Kind kind = Kind::Underscore;
  bool integer_ = false;
  std::shared_ptr<Layout> layoutValue;
  std::vector<Tiler> elems;
};

//===----------------------------------------------------------------------===//
// Construction and queries
//===----------------------------------------------------------------------===//

/// Compact column-major layout of `shape` (static size-1 modes get stride 0).
Layout makeLayout(const IntTuple &shape);
/// A compact layout for a fragment holding the values of `layout` (CuTe's
/// make_fragment_like): mode 0 column-major, the other modes ordered like
/// their strides.
Result<Layout> makeFragmentLike(const Layout &layout);
/// Compact row-major layout of `shape`.
Layout makeLayoutRowMajor(const IntTuple &shape);
/// Compact layout whose strides follow `order` (congruent to shape, whose
/// leaves are positive).
Result<Layout> makeOrderedLayout(const IntTuple &shape, const IntTuple &order);
/// Concatenate layouts as the modes of a new layout.
Layout makeLayout(const std::vector<Layout> &modes);

Int size(const Layout &layout);
/// One past the largest value (over |stride|), CuTe's cosize.
Int cosize(const Layout &layout);
/// The value at index or coordinate `coord`.
Result<Int> crd2idx(const IntTuple &coord, const Layout &layout);
/// The coordinate of index `idx` in the (compact) shape of `layout`.
IntTuple idx2crd(const Int &idx, const Layout &layout);

/// CuTe's get_flat_coord for a compact layout: the coordinate of index `idx`
/// in each top-level mode, linearized column-major within the mode. A leaf
/// layout has one mode.
Result<std::vector<Int>> flatCoord(const Layout &layout, const Int &idx);

/// CuTe's slice: the sublayout at the `_` modes of `coord`.
Result<Layout> slice(const IntTuple &coord, const Layout &layout);
/// CuTe's dice: the sublayout at the integer modes of `coord`.
Result<Layout> dice(const IntTuple &coord, const Layout &layout);
Layout flatten(const Layout &layout);
/// The value of a static layout at each 1-D coordinate 0 .. size-1, in order:
/// a tile's enumeration in time linear in its size, with no tuple built per
/// element. An error for a dynamic layout, one of more than `limit`
/// elements, or a value beyond 64 bits.
Result<std::vector<int64_t>> staticImage(const Layout &layout, int64_t limit);
/// Pad with 1:0 modes to rank n.
Layout appendTo(const Layout &layout, size_t n);
/// Zip the modes of two equal-rank layouts: ((a0,b0),(a1,b1),...).
Result<Layout> zip(const Layout &a, const Layout &b);

//===----------------------------------------------------------------------===//
// The algebra
//===----------------------------------------------------------------------===//

/// Merge modes that can be merged; preserves the function on its domain.
Layout coalesce(const Layout &layout);
/// Coalesce at the terminals of `profile` (by-mode coalesce).
Result<Layout> coalesce(const Layout &layout, const IntTuple &profile);
/// Replace the modes with a static 0 stride by size 1.
Layout filterZeros(const Layout &layout);
/// Remove static 0-stride and size-1 modes, then coalesce.
Layout filter(const Layout &layout);
Result<Layout> filter(const Layout &layout, const IntTuple &profile);

/// lhs o rhs: result(c) == lhs(rhs(c)) for every c in the domain of rhs.
Result<Layout> composition(const Layout &lhs, const Layout &rhs);
/// lhs o tiler, by mode; modes of lhs the tiler does not cover are dropped.
Result<Layout> composition(const Layout &lhs, const Tiler &tiler);

/// The layout of what `layout` does not reach, up to the cotarget (an int or
/// a shape, of positive leaves).
Result<Layout> complement(const Layout &layout, const IntTuple &cotarget);
/// Complement up to the cosize of the filtered layout.
Result<Layout> complement(const Layout &layout);

/// R with layout(R(i)) == i on the largest prefix possible.
Layout rightInverse(const Layout &layout);
/// R with R(layout(i)) == i for an injective layout.
Result<Layout> leftInverse(const Layout &layout);

Result<Layout> logicalDivide(const Layout &layout, const Tiler &tiler);
Result<Layout> zippedDivide(const Layout &layout, const Tiler &tiler);
Result<Layout> tiledDivide(const Layout &layout, const Tiler &tiler);
Result<Layout> flatDivide(const Layout &layout, const Tiler &tiler);

Result<Layout> logicalProduct(const Layout &block, const Tiler &tiler);
Result<Layout> zippedProduct(const Layout &block, const Tiler &tiler);
Result<Layout> tiledProduct(const Layout &block, const Tiler &tiler);
Result<Layout> flatProduct(const Layout &block, const Tiler &tiler);
Result<Layout> blockedProduct(const Layout &block, const Layout &tiler);
Result<Layout> rakedProduct(const Layout &block, const Layout &tiler);

/// Repeat `block` (column-major over the modes) until it has `targetShape`
/// (of positive leaves).
Result<Layout> tileToShape(const Layout &block, const IntTuple &targetShape);

/// The layout of the most contiguous elements a and b agree on.
Result<Layout> maxCommonLayout(const Layout &a, const Layout &b);
/// The number of contiguous elements a and b agree on.
Result<Int> maxCommonVector(const Layout &a, const Layout &b);

/// View n elements as one: divide stride-1 extents and other strides by n.
Result<Layout> upcast(const Layout &layout, int64_t n);
/// View one element as n: multiply stride-1 extents and other strides by n.
Result<Layout> downcast(const Layout &layout, int64_t n);
/// Reinterpret elements of `oldBits` as elements of `newBits`.
Result<Layout> recast(const Layout &layout, int64_t oldBits, int64_t newBits);

/// The layout of the coordinates that `layout` maps to 0.
Layout nullspace(const Layout &layout);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LAYOUT_LAYOUT_H
