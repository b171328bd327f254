//===- IntTuple.cpp - Hierarchical integer tuples -------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Layout/IntTuple.h"

#include <algorithm>
#include <cassert>

using namespace mlir::cute;

//===----------------------------------------------------------------------===//
// IntTuple
//===----------------------------------------------------------------------===//

IntTuple IntTuple::tuple(std::vector<IntTuple> elements) {
  IntTuple t;
  t.kind = Kind::Tuple;
  t.elems = std::move(elements);
  return t;
}

IntTuple IntTuple::underscore() {
  IntTuple t;
  t.kind = Kind::Underscore;
  return t;
}

const Int &IntTuple::value() const {
  assert(isInt() && "value() of a tuple or `_`");
  return leaf;
}

const IntTuple &IntTuple::mode(size_t i) const {
  if (!isTuple()) {
    assert(i == 0 && "mode index out of range");
    return *this;
  }
  assert(i < elems.size() && "mode index out of range");
  return elems[i];
}

int IntTuple::depth() const {
  if (!isTuple())
    return 0;
  int d = 0;
  for (const IntTuple &e : elems)
    d = std::max(d, e.depth());
  return d + 1;
}

void IntTuple::forEachLeaf(
    const std::function<void(const IntTuple &)> &fn) const {
  if (!isTuple()) {
    fn(*this);
    return;
  }
  for (const IntTuple &e : elems)
    e.forEachLeaf(fn);
}

bool IntTuple::isStatic() const {
  bool all = true;
  forEachLeaf([&](const IntTuple &l) {
    all = all && l.isInt() && l.value().isStatic();
  });
  return all;
}

bool IntTuple::hasUnderscore() const {
  bool any = false;
  forEachLeaf([&](const IntTuple &l) { any = any || l.isUnderscore(); });
  return any;
}

bool IntTuple::identical(const IntTuple &other) const {
  if (kind != other.kind)
    return false;
  if (isUnderscore())
    return true;
  if (isInt())
    return leaf.identical(other.leaf);
  if (elems.size() != other.elems.size())
    return false;
  for (size_t i = 0; i < elems.size(); ++i)
    if (!elems[i].identical(other.elems[i]))
      return false;
  return true;
}

static std::string
printTuple(const IntTuple &t,
           const std::function<std::string(const Int &)> &printLeaf) {
  if (t.isUnderscore())
    return "_";
  if (t.isInt())
    return printLeaf(t.value());
  std::string s = "(";
  for (size_t i = 0; i < t.rank(); ++i) {
    if (i)
      s += ",";
    s += printTuple(t.mode(i), printLeaf);
  }
  return s + ")";
}

std::string IntTuple::str() const {
  return printTuple(*this, [](const Int &v) { return v.str(); });
}

std::string IntTuple::typeStr() const {
  return printTuple(*this, [](const Int &v) { return v.typeStr(); });
}

//===----------------------------------------------------------------------===//
// Structural helpers
//===----------------------------------------------------------------------===//

Int mlir::cute::product(const IntTuple &t) {
  if (t.isInt())
    return t.value();
  Int p = 1;
  for (const IntTuple &e : t.elements())
    p = p * product(e);
  return p;
}

IntTuple mlir::cute::productEach(const IntTuple &t) {
  // CuTe wraps an integer first: product_each(6) is the tuple (6).
  if (!t.isTuple())
    return IntTuple::tuple({t});
  std::vector<IntTuple> r;
  for (const IntTuple &e : t.elements())
    r.push_back(product(e));
  return IntTuple::tuple(std::move(r));
}

std::vector<IntTuple> mlir::cute::leaves(const IntTuple &t) {
  std::vector<IntTuple> r;
  t.forEachLeaf([&](const IntTuple &l) { r.push_back(l); });
  return r;
}

IntTuple mlir::cute::flatten(const IntTuple &t) {
  if (!t.isTuple())
    return t;
  return IntTuple::tuple(leaves(t));
}

IntTuple mlir::cute::unwrap(const IntTuple &t) {
  if (t.isTuple() && t.rank() == 1)
    return unwrap(t.mode(0));
  return t;
}

IntTuple mlir::cute::wrap(const IntTuple &t) {
  if (t.isTuple())
    return t;
  return IntTuple::tuple({t});
}

IntTuple mlir::cute::append(const IntTuple &t, const IntTuple &x) {
  std::vector<IntTuple> e =
      t.isTuple() ? t.elements() : std::vector<IntTuple>{t};
  e.push_back(x);
  return IntTuple::tuple(std::move(e));
}

IntTuple mlir::cute::appendTo(const IntTuple &t, size_t n, const IntTuple &x) {
  if (t.rank() >= n && (t.isTuple() || n <= 1))
    return t;
  std::vector<IntTuple> e =
      t.isTuple() ? t.elements() : std::vector<IntTuple>{t};
  while (e.size() < n)
    e.push_back(x);
  return IntTuple::tuple(std::move(e));
}

IntTuple mlir::cute::prepend(const IntTuple &t, const IntTuple &x) {
  std::vector<IntTuple> e{x};
  if (t.isTuple())
    e.insert(e.end(), t.elements().begin(), t.elements().end());
  else
    e.push_back(t);
  return IntTuple::tuple(std::move(e));
}

IntTuple mlir::cute::repeatLike(const IntTuple &t, const IntTuple &v) {
  if (!t.isTuple())
    return v;
  std::vector<IntTuple> r;
  for (const IntTuple &e : t.elements())
    r.push_back(repeatLike(e, v));
  return IntTuple::tuple(std::move(r));
}

bool mlir::cute::congruent(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple() != b.isTuple())
    return false;
  if (!a.isTuple())
    return true;
  if (a.rank() != b.rank())
    return false;
  for (size_t i = 0; i < a.rank(); ++i)
    if (!congruent(a.mode(i), b.mode(i)))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// Division
//===----------------------------------------------------------------------===//

static Result<Int> shapeDivInt(const Int &a, const Int &b) {
  // CuTe divides by b first: a static zero has no quotient.
  if (b.is(0))
    return algebraError("shape_div by zero");
  Truth ok = divides(b, a) || divides(a, b);
  if (ok == Truth::False)
    return algebraError("shape_div(" + a.str() + ", " + b.str() +
                        ") needs one of them to divide the other");
  if (ok == Truth::Unknown)
    return algebraError("shape_div(" + a.str() + ", " + b.str() + ") needs " +
                        divisibilityHint(b, a) + " or " +
                        divisibilityHint(a, b));
  // Division rounding away from zero: a / b, or signum(a)*signum(b) when
  // |a|<|b|.
  if (divides(b, a) == Truth::True)
    return a / b;
  return signum(a) * signum(b);
}

Result<IntTuple> mlir::cute::shapeDiv(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple()) {
    std::vector<IntTuple> r;
    if (b.isTuple()) {
      if (a.rank() != b.rank())
        return algebraError("shape_div: rank mismatch between " + a.str() +
                            " and " + b.str());
      for (size_t i = 0; i < a.rank(); ++i) {
        CUTE_TRY(q, shapeDiv(a.mode(i), b.mode(i)));
        r.push_back(q);
      }
      return IntTuple::tuple(std::move(r));
    }
    // tuple / int: divide the modes in turn by what is left of b.
    IntTuple rest = b;
    for (const IntTuple &ai : a.elements()) {
      CUTE_TRY(q, shapeDiv(ai, rest));
      CUTE_TRY(nextRest, shapeDiv(rest, product(ai)));
      r.push_back(q);
      rest = nextRest;
    }
    return IntTuple::tuple(std::move(r));
  }
  if (b.isTuple())
    return shapeDiv(a, product(b));
  CUTE_TRY(q, shapeDivInt(a.value(), b.value()));
  return IntTuple(q);
}

Result<IntTuple> mlir::cute::ceilDiv(const IntTuple &a, const IntTuple &b) {
  if (a.isTuple()) {
    std::vector<IntTuple> r;
    if (b.isTuple()) {
      if (a.rank() < b.rank())
        return algebraError("ceil_div: " + b.str() + " has more modes than " +
                            a.str());
      for (size_t i = 0; i < a.rank(); ++i) {
        IntTuple bi = i < b.rank() ? b.mode(i) : IntTuple(1);
        CUTE_TRY(q, ceilDiv(a.mode(i), bi));
        r.push_back(q);
      }
      return IntTuple::tuple(std::move(r));
    }
    IntTuple rest = b;
    for (const IntTuple &ai : a.elements()) {
      CUTE_TRY(q, ceilDiv(ai, rest));
      CUTE_TRY(nextRest, ceilDiv(rest, ai));
      r.push_back(q);
      rest = nextRest;
    }
    return IntTuple::tuple(std::move(r));
  }
  if (b.isTuple())
    return ceilDiv(a, product(b));
  if (b.value().is(0))
    return algebraError("ceil_div by zero");
  return IntTuple(cute::ceilDiv(a.value(), b.value()));
}

Truth mlir::cute::evenlyDivides(const IntTuple &a, const IntTuple &b) {
  if (b.isTuple() && a.isTuple() && a.rank() == b.rank()) {
    Truth all = Truth::True;
    for (size_t i = 0; i < a.rank(); ++i)
      all = all && evenlyDivides(a.mode(i), b.mode(i));
    return all;
  }
  return divides(product(b), product(a));
}

Result<IntTuple> mlir::cute::elemScale(const IntTuple &a, const IntTuple &b) {
  if (!a.isTuple())
    return IntTuple(a.value() * product(b));
  if (!b.isTuple() || a.rank() != b.rank())
    return algebraError("elem_scale: rank mismatch between " + a.str() +
                        " and " + b.str());
  std::vector<IntTuple> r;
  for (size_t i = 0; i < a.rank(); ++i) {
    CUTE_TRY(s, elemScale(a.mode(i), b.mode(i)));
    r.push_back(s);
  }
  return IntTuple::tuple(std::move(r));
}

//===----------------------------------------------------------------------===//
// Compact strides
//===----------------------------------------------------------------------===//

/// Compact strides of `shape` starting at `current`; advances `current` past
/// the shape. Static size-1 modes get stride 0.
static IntTuple compact(const IntTuple &shape, Int &current, bool colMajor) {
  if (!shape.isTuple()) {
    if (shape.value().is(1))
      return IntTuple(0);
    Int stride = current;
    current = current * shape.value();
    return IntTuple(stride);
  }
  std::vector<IntTuple> r(shape.rank());
  for (size_t k = 0; k < shape.rank(); ++k) {
    size_t i = colMajor ? k : shape.rank() - 1 - k;
    r[i] = compact(shape.mode(i), current, colMajor);
  }
  return IntTuple::tuple(std::move(r));
}

IntTuple mlir::cute::compactColMajor(const IntTuple &shape,
                                     const Int &current) {
  Int c = current;
  return compact(shape, c, /*colMajor=*/true);
}

IntTuple mlir::cute::compactRowMajor(const IntTuple &shape,
                                     const Int &current) {
  Int c = current;
  return compact(shape, c, /*colMajor=*/false);
}

Result<IntTuple> mlir::cute::compactOrder(const IntTuple &shape,
                                          const IntTuple &order) {
  if (!congruent(shape, order))
    return algebraError("make_ordered_layout: order " + order.str() +
                        " is not congruent to shape " + shape.str());
  std::vector<IntTuple> flatShape = leaves(shape), flatOrder = leaves(order);
  for (const IntTuple &o : flatOrder)
    if (!o.value().isStatic())
      return algebraError("make_ordered_layout: order " + order.str() +
                          " must be static");
  std::function<IntTuple(const IntTuple &, const IntTuple &)> rec =
      [&](const IntTuple &s, const IntTuple &o) -> IntTuple {
    if (o.isTuple()) {
      std::vector<IntTuple> r;
      for (size_t i = 0; i < s.rank(); ++i)
        r.push_back(rec(s.mode(i), o.mode(i)));
      return IntTuple::tuple(std::move(r));
    }
    // Stride = product of the modes ordered strictly before this one.
    Int d = 1;
    for (size_t i = 0; i < flatShape.size(); ++i)
      if (flatOrder[i].value().value() < o.value().value())
        d = d * flatShape[i].value();
    return compactColMajor(s, d);
  };
  return rec(shape, order);
}

//===----------------------------------------------------------------------===//
// Slice and dice
//===----------------------------------------------------------------------===//

/// Append the slice (or dice) of `t` by `coord` to `out`, one level flattened
/// as CuTe's filter_tuple does.
static Result<bool> sliceInto(const IntTuple &coord, const IntTuple &t,
                              bool keepUnderscore, std::vector<IntTuple> &out) {
  if (coord.isTuple()) {
    if (!t.isTuple() || t.rank() != coord.rank())
      return algebraError("slice: coordinate " + coord.str() +
                          " does not match the profile of " + t.str());
    for (size_t i = 0; i < coord.rank(); ++i) {
      CUTE_TRY(ok, sliceInto(coord.mode(i), t.mode(i), keepUnderscore, out));
      (void)ok;
    }
    return true;
  }
  if (coord.isUnderscore() == keepUnderscore)
    out.push_back(t);
  return true;
}

Result<IntTuple> mlir::cute::slice(const IntTuple &coord, const IntTuple &t) {
  if (!coord.isTuple())
    return coord.isUnderscore() ? t : IntTuple::tuple({});
  std::vector<IntTuple> out;
  CUTE_TRY(ok, sliceInto(coord, t, /*keepUnderscore=*/true, out));
  (void)ok;
  return IntTuple::tuple(std::move(out));
}

Result<IntTuple> mlir::cute::dice(const IntTuple &coord, const IntTuple &t) {
  if (!coord.isTuple())
    return coord.isUnderscore() ? IntTuple::tuple({}) : t;
  std::vector<IntTuple> out;
  CUTE_TRY(ok, sliceInto(coord, t, /*keepUnderscore=*/false, out));
  (void)ok;
  return IntTuple::tuple(std::move(out));
}

IntTuple mlir::cute::filterZeros(const IntTuple &profile,
                                 const IntTuple &shape) {
  if (profile.isTuple()) {
    std::vector<IntTuple> r;
    for (size_t i = 0; i < profile.rank(); ++i)
      r.push_back(filterZeros(profile.mode(i), shape.mode(i)));
    return IntTuple::tuple(std::move(r));
  }
  if (profile.isInt() && profile.value().is(0))
    return repeatLike(shape, IntTuple(1));
  return shape;
}

//===----------------------------------------------------------------------===//
// Coordinates and indices
//===----------------------------------------------------------------------===//

Result<Int> mlir::cute::crd2idx(const IntTuple &coord, const IntTuple &shape,
                                const IntTuple &stride) {
  if (coord.isUnderscore())
    return algebraError("crd2idx: the coordinate holds `_`; slice instead");
  if (coord.isTuple()) {
    if (!shape.isTuple() || coord.rank() != shape.rank())
      return algebraError("crd2idx: coordinate " + coord.str() +
                          " does not match the rank of shape " + shape.str());
    Int idx = 0;
    for (size_t i = 0; i < coord.rank(); ++i) {
      CUTE_TRY(d, crd2idx(coord.mode(i), shape.mode(i), stride.mode(i)));
      idx = idx + d;
    }
    return idx;
  }
  if (shape.isTuple()) {
    // An integer coordinate into a tuple shape: split it colexicographically;
    // the last mode takes whatever is left (no modulo).
    Int c = coord.value(), idx = 0;
    for (size_t i = 0; i < shape.rank(); ++i) {
      bool last = i + 1 == shape.rank();
      Int si = product(shape.mode(i));
      CUTE_TRY(d, crd2idx(last ? IntTuple(c) : IntTuple(c % si), shape.mode(i),
                          stride.mode(i)));
      idx = idx + d;
      if (!last)
        c = c / si;
    }
    return idx;
  }
  return coord.value() * stride.value();
}

static IntTuple idx2crdStrided(const Int &idx, const IntTuple &shape,
                               const IntTuple &stride) {
  if (shape.isTuple()) {
    std::vector<IntTuple> r;
    for (size_t i = 0; i < shape.rank(); ++i)
      r.push_back(idx2crdStrided(idx, shape.mode(i), stride.mode(i)));
    return IntTuple::tuple(std::move(r));
  }
  if (shape.value().is(1))
    return IntTuple(0);
  return IntTuple((idx / stride.value()) % shape.value());
}

IntTuple mlir::cute::idx2crd(const Int &idx, const IntTuple &shape) {
  if (!shape.isTuple())
    return IntTuple(idx);
  return idx2crdStrided(idx, shape, compactColMajor(shape));
}

IntTuple mlir::cute::idx2crd(const Int &idx, const IntTuple &shape,
                             const IntTuple &stride) {
  return idx2crdStrided(idx, shape, stride);
}

Result<IntTuple> mlir::cute::idx2crd(const IntTuple &idx,
                                     const IntTuple &shape) {
  if (idx.isUnderscore())
    return algebraError("the index holds `_`");
  if (idx.isInt())
    return idx2crd(idx.value(), shape);
  if (!shape.isTuple() || shape.rank() != idx.rank())
    return algebraError("index " + idx.str() +
                        " does not match the rank of shape " + shape.str());
  std::vector<IntTuple> r;
  for (size_t i = 0; i < idx.rank(); ++i) {
    CUTE_TRY(c, idx2crd(idx.mode(i), shape.mode(i)));
    r.push_back(c);
  }
  return IntTuple::tuple(std::move(r));
}
