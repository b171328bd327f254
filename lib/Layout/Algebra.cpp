//===- Algebra.cpp - Coalesce, composition, complement, inverses ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The core of CuTe's layout algebra, following CuTe C++ (layout.hpp) step for
// step so that results agree exactly, including outside the common cases:
// composition flattens its left operand with coalesce_x so the function stays
// valid past the domain, weak divisibility is checked where it can be, and
// complement / inverses sort by static strides.
//
//===----------------------------------------------------------------------===//

#include "AlgebraDetail.h"

#include <algorithm>
#include <numeric>

using namespace mlir::cute;

//===----------------------------------------------------------------------===//
// Coalesce and filter
//===----------------------------------------------------------------------===//

namespace {
/// The layout being built by bw_coalesce: either a single mode (CuTe's
/// integral NewShape) or a tuple of modes, front first.
struct CoalesceStack {
  std::vector<Int> shapes, strides; // front first
  bool single = true;

  bool isStaticOne() const { return single && shapes.front().is(1); }
  Layout toLayout() const {
    if (isStaticOne())
      return Layout();
    if (single)
      return makeLayoutUnchecked(shapes.front(), strides.front());
    std::vector<IntTuple> s(shapes.begin(), shapes.end());
    std::vector<IntTuple> d(strides.begin(), strides.end());
    return makeLayoutUnchecked(IntTuple::tuple(s), IntTuple::tuple(d));
  }
};
} // namespace

/// CuTe's bw_coalesce: fold the flat modes [0, I] from the back into `stack`.
static Layout bwCoalesce(const std::vector<IntTuple> &oldShape,
                         const std::vector<IntTuple> &oldStride, int last,
                         CoalesceStack stack) {
  for (int i = last; i >= 0; --i) {
    const Int &s = oldShape[i].value(), &d = oldStride[i].value();
    if (s.is(1))
      continue; // a size-1 mode contributes nothing
    if (stack.isStaticOne()) {
      stack.shapes = {s};
      stack.strides = {d};
      continue;
    }
    Int frontShape = stack.shapes.front(), frontStride = stack.strides.front();
    if (frontShape.isStatic() && s.isStatic() && d.isStatic() &&
        frontStride.isStatic() && (s * d).is(frontStride.value())) {
      stack.shapes.front() = s * frontShape; // merge: s:d followed by _:s*d
      stack.strides.front() = d;
      continue;
    }
    stack.shapes.insert(stack.shapes.begin(), s);
    stack.strides.insert(stack.strides.begin(), d);
    stack.single = false;
  }
  return stack.toLayout();
}

static Layout coalesceImpl(const Layout &layout, bool preserveOutside) {
  std::vector<IntTuple> shape = leaves(layout.shape());
  std::vector<IntTuple> stride = leaves(layout.stride());
  if (shape.empty())
    return Layout();
  int r = static_cast<int>(shape.size());
  CoalesceStack stack;
  stack.shapes = {shape[r - 1].value()};
  stack.strides = {stride[r - 1].value()};
  // coalesce_x keeps a trailing size-1 mode alive as size 2 so that the
  // function past the domain (where that mode would count) is preserved.
  if (preserveOutside && shape[r - 1].value().is(1))
    stack.shapes = {Int(2)};
  return bwCoalesce(shape, stride, r - 2, stack);
}

Layout mlir::cute::coalesce(const Layout &layout) {
  return coalesceImpl(layout, /*preserveOutside=*/false);
}

Layout mlir::cute::detail::coalesceX(const Layout &layout) {
  return coalesceImpl(layout, /*preserveOutside=*/true);
}

Result<Layout> mlir::cute::detail::transformByProfile(const Layout &layout,
                                                      const IntTuple &profile,
                                                      const LayoutTransform &fn,
                                                      const char *op) {
  if (!profile.isTuple())
    return fn(layout, profile);
  if (profile.rank() > layout.rank())
    return algebraError(std::string(op) + ": profile " + profile.str() +
                        " has more modes than the layout " + layout.str());
  std::vector<Layout> modes;
  for (size_t i = 0; i < layout.rank(); ++i) {
    if (i >= profile.rank()) {
      modes.push_back(layout.mode(i));
      continue;
    }
    CUTE_TRY(m, transformByProfile(layout.mode(i), profile.mode(i), fn, op));
    modes.push_back(m);
  }
  return makeLayout(modes);
}

Result<Layout> mlir::cute::coalesce(const Layout &layout,
                                    const IntTuple &profile) {
  return detail::guarded("coalesce", [&]() {
    return detail::transformByProfile(
        layout, profile,
        [](const Layout &l, const IntTuple &) -> Result<Layout> {
          return coalesce(l);
        },
        "coalesce");
  });
}

Layout mlir::cute::filterZeros(const Layout &layout) {
  return makeLayoutUnchecked(filterZeros(layout.stride(), layout.shape()),
                             layout.stride());
}

Layout mlir::cute::filter(const Layout &layout) {
  return coalesce(filterZeros(layout));
}

Result<Layout> mlir::cute::filter(const Layout &layout,
                                  const IntTuple &profile) {
  return detail::guarded("filter", [&]() {
    return detail::transformByProfile(
        layout, profile,
        [](const Layout &l, const IntTuple &) -> Result<Layout> {
          return filter(l);
        },
        "filter");
  });
}

//===----------------------------------------------------------------------===//
// Composition
//===----------------------------------------------------------------------===//

/// Explain an undecidable or violated condition of composition.
static AlgebraError conditionError(const char *what, Truth t,
                                   const std::string &condition,
                                   const std::string &hint) {
  if (t == Truth::False)
    return algebraError(std::string(what) + " violated: " + condition);
  return algebraError(std::string(what) + " cannot be verified: needs " + hint);
}

/// CuTe's composition_impl with a flat (coalesce_x'ed) left operand and an
/// integral right mode.
static Result<Layout> composeMode(const IntTuple &lshape,
                                  const IntTuple &lstride, const Int &rshape,
                                  const Int &rstride) {
  if (rstride.is(0))
    return makeLayoutUnchecked(rshape, rstride);
  if (!lshape.isTuple())
    return makeLayoutUnchecked(rshape, rstride * lstride.value());

  size_t r = lshape.rank();
  std::vector<IntTuple> resultShape, resultStride;
  Int restShape = rshape, restStride = rstride;
  for (size_t i = 0; i + 1 < r; ++i) {
    const Int &currShape = lshape.mode(i).value();
    const Int &currStride = lstride.mode(i).value();

    // Weak stride divisibility: the rest stride steps over whole modes. A
    // positive stride r at most the mode holds either way (r == s divides,
    // r < s is less), which covers the stride 1 and facts like ?N{div=r}.
    bool atMostShape = restStride.isStatic() && restStride.value() >= 1 &&
                       currShape.lowerBound() >= restStride.value();
    Truth strideOk = atMostShape ? Truth::True
                                 : (divides(currShape, restStride) ||
                                    less(restStride, currShape));
    if (strideOk != Truth::True)
      return conditionError("stride divisibility condition", strideOk,
                            restStride.str() + " is neither divisible by " +
                                currShape.str() + " nor less than it",
                            divisibilityHint(currShape, restStride) + " or " +
                                restStride.str() + " < " + currShape.str());

    Int nextShape = ceilDiv(currShape, abs(restStride));
    Int nextStride = ceilDiv(abs(restStride), currShape) * signum(restStride);
    if (nextShape.is(1) || restShape.is(1)) {
      restStride = nextStride;
      continue;
    }
    // A stride that splits this mode unevenly is only sound when what is
    // left of the right operand stays inside the mode. (CuTe C++ does not
    // check this and computes a wrong layout; pycute rejects it.)
    Truth even = divides(currShape, restStride) ||
                 divides(abs(restStride), currShape) ||
                 !less(nextShape, restShape);
    if (even != Truth::True)
      return conditionError(
          "stride divisibility condition", even,
          "stride " + restStride.str() + " splits the mode of size " +
              currShape.str() + " unevenly and " + restShape.str() +
              " elements do not fit in it",
          divisibilityHint(abs(restStride), currShape) + " or " +
              restShape.str() + " <= " + nextShape.str());
    Int newShape = min(nextShape, restShape);
    // Weak shape divisibility: the mode taken divides what is left.
    Truth shapeOk = divides(newShape, restShape);
    if (shapeOk != Truth::True)
      return conditionError("shape divisibility condition", shapeOk,
                            restShape.str() + " is not divisible by " +
                                newShape.str(),
                            divisibilityHint(newShape, restShape));
    resultShape.push_back(newShape);
    resultStride.push_back(restStride * currStride);
    restShape = restShape / newShape;
    restStride = nextStride;
  }

  const Int &lastStride = lstride.mode(r - 1).value();
  if (resultShape.empty())
    return makeLayoutUnchecked(restShape, restStride * lastStride);
  if (restShape.is(1))
    return makeLayoutUnchecked(unwrap(IntTuple::tuple(resultShape)),
                               unwrap(IntTuple::tuple(resultStride)));
  resultShape.push_back(restShape);
  resultStride.push_back(restStride * lastStride);
  return makeLayoutUnchecked(IntTuple::tuple(resultShape),
                             IntTuple::tuple(resultStride));
}

/// Right-distribute composition over the modes of the right operand.
static Result<Layout> composeDistribute(const Layout &flatLhs,
                                        const IntTuple &rshape,
                                        const IntTuple &rstride) {
  if (!rshape.isTuple())
    return composeMode(flatLhs.shape(), flatLhs.stride(), rshape.value(),
                       rstride.value());
  std::vector<Layout> modes;
  for (size_t i = 0; i < rshape.rank(); ++i) {
    CUTE_TRY(m, composeDistribute(flatLhs, rshape.mode(i), rstride.mode(i)));
    modes.push_back(m);
  }
  return makeLayout(modes);
}

Result<Layout> mlir::cute::composition(const Layout &lhs, const Layout &rhs) {
  return detail::guarded("composition", [&]() {
    return composeDistribute(detail::coalesceX(lhs), rhs.shape(), rhs.stride());
  });
}

Result<Layout> mlir::cute::composition(const Layout &lhs, const Tiler &tiler) {
  if (tiler.isUnderscore())
    return lhs;
  // CuTe composes with an integer n as with n:1, not make_layout(n).
  if (tiler.isInteger())
    return composition(
        lhs, makeLayoutUnchecked(tiler.layout().shape(), IntTuple(int64_t(1))));
  if (tiler.isLayout())
    return composition(lhs, tiler.layout());
  if (tiler.rank() > lhs.rank())
    return algebraError("composition: tiler " + tiler.str() + " has " +
                        std::to_string(tiler.rank()) +
                        " modes but the layout " + lhs.str() + " has rank " +
                        std::to_string(lhs.rank()));
  // Modes of lhs the tiler does not cover are dropped.
  std::vector<Layout> modes;
  for (size_t i = 0; i < tiler.rank(); ++i) {
    CUTE_TRY(m, composition(lhs.mode(i), tiler.mode(i)));
    modes.push_back(m);
  }
  return makeLayout(modes);
}

//===----------------------------------------------------------------------===//
// Complement
//===----------------------------------------------------------------------===//

/// CuTe's coalesce of a shape: merge neighbouring static (or dynamic) modes.
static IntTuple coalesceShape(const IntTuple &shape) {
  std::vector<IntTuple> flat = leaves(shape);
  std::vector<IntTuple> out{flat.front()};
  for (size_t i = 1; i < flat.size(); ++i) {
    const Int &back = out.back().value(), &a = flat[i].value();
    if (back.isStatic() == a.isStatic())
      out.back() = IntTuple(back * a);
    else
      out.push_back(flat[i]);
  }
  return out.size() == 1 ? out.front() : IntTuple::tuple(out);
}

static Result<Layout> complementImpl(const Layout &layout,
                                     const IntTuple &cotarget) {
  // CuTe's rest mode, ceil_div(cotarget, stride), has no element for a
  // zero cotarget and a negative extent for a negative one.
  Result<IntTuple> positive = positiveLeaves(cotarget, "the cotarget");
  if (positive.failed())
    return positive.takeError();
  Layout filtered = filter(layout);
  if (filtered.stride().isInt() && filtered.stride().value().is(0))
    return makeLayout(coalesceShape(cotarget));

  std::vector<IntTuple> shape = leaves(filtered.shape());
  std::vector<IntTuple> stride = leaves(filtered.stride());
  size_t r = shape.size();
  for (const IntTuple &d : stride)
    if (d.value().upperBound() < 0)
      return algebraError("needs non-negative strides, but " + layout.str() +
                          " has the stride " + d.value().str());
  if (r > 1 && !filtered.stride().isStatic())
    return algebraError("dynamic strides are supported only for rank-1 "
                        "layouts, but the filtered layout is " +
                        filtered.str());

  std::vector<IntTuple> resultShape, resultStride{IntTuple(1)};
  for (size_t i = 0; i + 1 < r; ++i) {
    size_t minIdx = 0;
    for (size_t j = 1; j < stride.size(); ++j)
      if (stride[j].value().value() < stride[minIdx].value().value())
        minIdx = j;
    Int minStride = stride[minIdx].value();
    Int newShape = minStride / resultStride[i].value();
    if (newShape.is(0))
      return algebraError("non-injective layout " + layout.str());
    resultShape.push_back(newShape);
    resultStride.push_back(minStride * shape[minIdx].value());
    shape.erase(shape.begin() + minIdx);
    stride.erase(stride.begin() + minIdx);
  }
  Int newShape = stride[0].value() / resultStride[r - 1].value();
  if (newShape.is(0))
    return algebraError("non-injective layout " + layout.str());
  resultShape.push_back(newShape);

  Int newStride = stride[0].value() * shape[0].value();
  CUTE_TRY(restDiv, ceilDiv(cotarget, newStride));
  IntTuple restShape = coalesceShape(restDiv);
  IntTuple restStride = compactColMajor(restShape, newStride);
  resultShape.push_back(restShape);
  resultStride.push_back(restStride);
  return coalesce(makeLayoutUnchecked(IntTuple::tuple(resultShape),
                                      IntTuple::tuple(resultStride)));
}

Result<Layout> mlir::cute::complement(const Layout &layout,
                                      const IntTuple &cotarget) {
  return detail::guarded("complement",
                         [&]() { return complementImpl(layout, cotarget); });
}

Result<Layout> mlir::cute::complement(const Layout &layout) {
  return detail::guarded("complement", [&]() {
    return complementImpl(layout, cosize(filter(layout)));
  });
}

//===----------------------------------------------------------------------===//
// Inverses
//===----------------------------------------------------------------------===//

/// (1, s0, s0*s1, ...): the compact column-major stride of each flat mode.
static std::vector<Int> prefixProducts(const std::vector<IntTuple> &shape) {
  std::vector<Int> pre{Int(1)};
  for (const IntTuple &s : shape)
    pre.push_back(pre.back() * s.value());
  return pre;
}

/// Indices of the modes with static strides, sorted by stride as CuTe's
/// SortByKey sorts them: an exchange sort, which is not stable. Among equal
/// strides (a layout that is not injective) the order decides which mode
/// the inverse takes, so it must be CuTe's.
static std::vector<size_t>
sortedByStaticStride(const std::vector<IntTuple> &stride) {
  std::vector<size_t> idx;
  for (size_t i = 0; i < stride.size(); ++i)
    if (stride[i].value().isStatic())
      idx.push_back(i);
  auto key = [&](size_t i) { return stride[i].value().value(); };
  for (size_t i = 0; i < idx.size(); ++i)
    for (size_t j = i + 1; j < idx.size(); ++j)
      if (key(idx[j]) < key(idx[i]))
        std::swap(idx[i], idx[j]);
  return idx;
}

Layout mlir::cute::rightInverse(const Layout &layout) {
  Layout c = coalesce(layout);
  std::vector<IntTuple> shape = leaves(c.shape()), stride = leaves(c.stride());
  std::vector<Int> pre = prefixProducts(shape);
  // Follow the chain of strides 1, s*d, ... through the sorted modes.
  std::vector<IntTuple> rshape{IntTuple(1)}, rstride{IntTuple(0)};
  Int curr = 1;
  for (size_t i : sortedByStaticStride(stride)) {
    if (!curr.isStatic() || !stride[i].value().is(curr.value()))
      continue;
    rshape.push_back(shape[i]);
    rstride.push_back(pre[i]);
    curr = shape[i].value() * stride[i].value();
  }
  return coalesce(
      makeLayoutUnchecked(IntTuple::tuple(rshape), IntTuple::tuple(rstride)));
}

static Result<Layout> leftInverseImpl(const Layout &layout) {
  Layout c = coalesce(layout);
  std::vector<IntTuple> shape = leaves(c.shape()), stride = leaves(c.stride());
  if (!c.stride().isStatic())
    return algebraError("needs static strides, but " + layout.str() +
                        " has a dynamic one");
  std::vector<Int> pre = prefixProducts(shape);
  std::vector<size_t> order = sortedByStaticStride(stride);
  std::vector<IntTuple> rshape, rstride{IntTuple(0)};
  Int covered = 1;
  for (size_t i : order) {
    const Int &d = stride[i].value();
    if (d.is(0))
      continue;
    Truth ok = divides(covered, d);
    if (ok != Truth::True)
      return conditionError("divisibility condition", ok,
                            "stride " + d.str() + " is not divisible by " +
                                covered.str(),
                            divisibilityHint(covered, d));
    Int gap = d / covered;
    rshape.push_back(gap);
    rstride.push_back(pre[i]);
    covered = covered * gap;
  }
  rshape.push_back(shape[order.back()]);
  return coalesce(
      makeLayoutUnchecked(IntTuple::tuple(rshape), IntTuple::tuple(rstride)));
}

Result<Layout> mlir::cute::leftInverse(const Layout &layout) {
  return detail::guarded("left_inverse",
                         [&]() { return leftInverseImpl(layout); });
}

Layout mlir::cute::nullspace(const Layout &layout) {
  std::vector<IntTuple> shape = leaves(layout.shape());
  std::vector<IntTuple> stride = leaves(layout.stride());
  IntTuple compact = compactColMajor(IntTuple::tuple(shape));
  std::vector<IntTuple> rshape, rstride;
  for (size_t i = 0; i < stride.size(); ++i) {
    if (!stride[i].value().is(0))
      continue;
    rshape.push_back(shape[i]);
    rstride.push_back(compact.mode(i));
  }
  if (rshape.empty())
    return Layout();
  return makeLayoutUnchecked(unwrap(IntTuple::tuple(rshape)),
                             unwrap(IntTuple::tuple(rstride)));
}
