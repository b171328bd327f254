//===- IntTuple.h - Hierarchical integer tuples -----------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// IntTuple is CuTe's hierarchical tuple of integers: a leaf (an Int, static or
// dynamic) or a tuple of IntTuples. Shapes, strides and coordinates are all
// IntTuples. As in CuTe, the int `4` and the 1-tuple `(4)` are different
// values, `rank(4) == 1` and mode 0 of a leaf is the leaf itself.
//
// A coordinate may also hold the slice marker `_` (CuTe's Underscore) as a
// leaf; shapes and strides never do.
//
// The functions below mirror CuTe's `int_tuple.hpp` and `stride.hpp`; the
// ones CuTe can reject return a Result.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LAYOUT_INTTUPLE_H
#define CUTE_MLIR_LAYOUT_INTTUPLE_H

#include "cute-mlir/Layout/Int.h"
#include "cute-mlir/Layout/Result.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir {
namespace cute {

class IntTuple {
public:
  IntTuple() : IntTuple(Int(0)) {}
  /*implicit*/ IntTuple(Int value) : leaf(std::move(value)) {}
  /*implicit*/ IntTuple(int64_t value) : leaf(value) {}
  /*implicit*/ IntTuple(int value) : leaf(value) {}

  static IntTuple tuple(std::vector<IntTuple> elements);
  /// The slice marker `_`.
  static IntTuple underscore();

  bool isTuple() const { return kind == Kind::Tuple; }
  bool isUnderscore() const { return kind == Kind::Underscore; }
  /// An integer leaf (not a tuple, not `_`).
  bool isInt() const { return kind == Kind::Leaf; }

  /// The integer of a leaf. Precondition: isInt().
  const Int &value() const;
  /// Number of modes: the tuple size, 1 for a leaf.
  size_t rank() const { return isTuple() ? elems.size() : 1; }
  /// Mode i (CuTe's get<i>); mode 0 of a leaf is the leaf itself.
  const IntTuple &mode(size_t i) const;
  const std::vector<IntTuple> &elements() const { return elems; }
  /// 0 for a leaf, 1 + the deepest mode for a tuple.
  int depth() const;

  /// True when every leaf is a static integer.
  bool isStatic() const;
  bool hasUnderscore() const;
  /// Visit every leaf, left to right.
  void forEachLeaf(const std::function<void(const IntTuple &)> &fn) const;

  /// Same structure and identical leaves.
  bool identical(const IntTuple &other) const;

  /// CuTe notation with symbolic dynamic leaves: `(2,(?M,4))`.
  std::string str() const;
  /// CuTe notation with dynamic leaves as type slots: `(2,(?,4))`.
  std::string typeStr() const;

private:
  enum class Kind { Leaf, Tuple, Underscore };
  Kind kind = Kind::Leaf;
  Int leaf;
  std::vector<IntTuple> elems;
};

/// Product of all leaves (1 for the empty tuple).
Int product(const IntTuple &t);
/// The product of each top-level mode, as CuTe's product_each: an integer
/// is wrapped first, so product_each(6) is (6).
IntTuple productEach(const IntTuple &t);
/// All leaves in order as a flat tuple; a leaf stays a leaf.
IntTuple flatten(const IntTuple &t);
/// All leaves in order.
std::vector<IntTuple> leaves(const IntTuple &t);
/// Strip 1-tuples: `((4))` -> `4`.
IntTuple unwrap(const IntTuple &t);
/// A leaf becomes a 1-tuple; a tuple stays.
IntTuple wrap(const IntTuple &t);
/// Append `x` as a new last mode (a leaf `t` becomes `(t, x)`).
IntTuple append(const IntTuple &t, const IntTuple &x);
/// Pad `t` with copies of `x` up to rank n (CuTe's append<N>).
IntTuple appendTo(const IntTuple &t, size_t n, const IntTuple &x);
/// Prepend `x` as a new first mode.
IntTuple prepend(const IntTuple &t, const IntTuple &x);
/// A tuple with the structure of `t` and every leaf replaced by `v`.
IntTuple repeatLike(const IntTuple &t, const IntTuple &v);

/// Same hierarchical structure.
bool congruent(const IntTuple &a, const IntTuple &b);

/// CuTe's shape_div: a / b, where either divides the other (rounding away
/// from zero otherwise); a tuple `a` is divided mode by mode.
Result<IntTuple> shapeDiv(const IntTuple &a, const IntTuple &b);
/// CuTe's ceil_div over tuples.
Result<IntTuple> ceilDiv(const IntTuple &a, const IntTuple &b);
/// Does b evenly divide a, mode by mode?
Truth evenlyDivides(const IntTuple &a, const IntTuple &b);
/// CuTe's elem_scale: a * product(b), mode by mode.
Result<IntTuple> elemScale(const IntTuple &a, const IntTuple &b);

/// Compact strides of `shape`, column-major (LayoutLeft) or row-major,
/// starting at `current`. Static size-1 modes get stride 0.
IntTuple compactColMajor(const IntTuple &shape, const Int &current = 1);
IntTuple compactRowMajor(const IntTuple &shape, const Int &current = 1);
/// Compact strides that follow the order of `order` (congruent to shape).
Result<IntTuple> compactOrder(const IntTuple &shape, const IntTuple &order);

/// Keep the modes of `t` where `coord` has `_` (CuTe's slice).
Result<IntTuple> slice(const IntTuple &coord, const IntTuple &t);
/// Keep the modes of `t` where `coord` has an integer (CuTe's dice).
Result<IntTuple> dice(const IntTuple &coord, const IntTuple &t);

/// Replace the leaves of `shape` that sit under a static 0 of `profile` with 1.
IntTuple filterZeros(const IntTuple &profile, const IntTuple &shape);

/// Map a coordinate to an index through shape and stride.
Result<Int> crd2idx(const IntTuple &coord, const IntTuple &shape,
                    const IntTuple &stride);
/// Map an index to the hierarchical coordinate of a compact column-major shape.
IntTuple idx2crd(const Int &idx, const IntTuple &shape);
/// Map an index to a coordinate through a compact shape:stride (each leaf is
/// (idx / stride) % shape), as CuTe's idx2crd(idx, shape, stride).
IntTuple idx2crd(const Int &idx, const IntTuple &shape, const IntTuple &stride);
/// idx2crd with a tuple index: each mode of the index is converted within the
/// matching mode of the shape (a coordinate passes through unchanged).
Result<IntTuple> idx2crd(const IntTuple &idx, const IntTuple &shape);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LAYOUT_INTTUPLE_H
