//===- Swizzle.cpp - Swizzle functions and composed layouts ---------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Layout/Swizzle.h"

#include <cstdlib>
#include <vector>

using namespace mlir::cute;

Result<Swizzle> Swizzle::get(int bits, int base, int shift) {
  if (bits < 0)
    return algebraError("swizzle: B must be non-negative, got " +
                        std::to_string(bits));
  if (base < 0)
    return algebraError("swizzle: M must be non-negative, got " +
                        std::to_string(base));
  if (std::abs(shift) < bits)
    return algebraError(
        "swizzle: |S| must be at least B, got S=" + std::to_string(shift) +
        " and B=" + std::to_string(bits));
  // In 64 bits: the sum of three ints may wrap around in int.
  int64_t span = int64_t(bits) + base + std::abs(int64_t(shift));
  if (span > 31)
    return algebraError("swizzle: B+M+|S| must be at most 31, got " +
                        std::to_string(span));
  return Swizzle(bits, base, shift);
}

uint32_t Swizzle::yyyMask() const {
  uint32_t bitMask = (1u << numBits) - 1;
  return bitMask << (numBase + std::max(0, numShift));
}

uint32_t Swizzle::zzzMask() const {
  uint32_t bitMask = (1u << numBits) - 1;
  return bitMask << (numBase - std::min(0, numShift));
}

int64_t Swizzle::operator()(int64_t offset) const {
  int64_t yyy = offset & static_cast<int64_t>(yyyMask());
  int64_t moved = numShift >= 0 ? yyy >> numShift : yyy << -numShift;
  return offset ^ moved;
}

int64_t Swizzle::period() const {
  return int64_t(1) << (numBits + numBase + std::abs(numShift));
}

std::string Swizzle::str() const {
  return "Sw<" + std::to_string(numBits) + "," + std::to_string(numBase) + "," +
         std::to_string(numShift) + ">";
}

/// The number of trailing zero bits of a non-zero x, and the bits needed
/// to write x.
static int trailingZeros(uint64_t x) {
  int n = 0;
  while (n < 63 && !(x >> n & 1))
    ++n;
  return n;
}
static int bitWidth(uint64_t x) {
  int n = 0;
  while (n < 64 && (x >> n) != 0)
    ++n;
  return n;
}

/// The bits a non-negative value may have set. A sum of terms whose bits
/// cannot overlap has no carries: its bits are their union. Otherwise, the
/// span from the lowest bit its divisor leaves to the top of its upper bound.
static uint64_t possibleBits(const Int &v) {
  if (v.lowerBound() < 0)
    return ~uint64_t(0);
  if (v.isStatic())
    return uint64_t(v.value());
  uint64_t divisor = uint64_t(v.divisor());
  uint64_t span = ~uint64_t(0) << trailingZeros(divisor);
  if (v.upperBound() != INT64_MAX)
    span &= (uint64_t(1) << bitWidth(uint64_t(v.upperBound()))) - 1;
  const IntNode &node = *v.getNode();
  switch (node.op) {
  case IntOp::Add: {
    uint64_t a = possibleBits(node.lhs), b = possibleBits(node.rhs);
    return (a & b) == 0 ? (a | b) & span : span;
  }
  case IntOp::Xor:
    return (possibleBits(node.lhs) | possibleBits(node.rhs)) & span;
  case IntOp::Mul: {
    int64_t c = node.lhs.isStatic() ? node.lhs.value() : 0;
    if (c > 0 && (c & (c - 1)) == 0) {
      uint64_t bits = possibleBits(node.rhs);
      int shift = trailingZeros(uint64_t(c));
      if (bitWidth(bits) + shift <= 63)
        return (bits << shift) & span;
    }
    return span;
  }
  default:
    return span;
  }
}

/// The additive terms of `v` (through `+` nodes).
static void collectTerms(const Int &v, std::vector<Int> &terms) {
  if (v.isDynamic() && v.getNode()->op == IntOp::Add) {
    collectTerms(v.getNode()->lhs, terms);
    collectTerms(v.getNode()->rhs, terms);
    return;
  }
  terms.push_back(v);
}

/// ZZZ ^= YYY on the bit fields of a non-negative offset: with z and y the
/// B-bit fields at bit positions zb and yb, z is replaced by z ^ y.
static Int swizzleFields(const Swizzle &swizzle, const Int &offset) {
  int yb = swizzle.base() + std::max(0, swizzle.shift());
  int zb = swizzle.base() - std::min(0, swizzle.shift());
  Int field = int64_t(1) << swizzle.bits();
  Int zScale = int64_t(1) << zb;
  Int z = (offset / zScale) % field;
  Int y = (offset / Int(int64_t(1) << yb)) % field;
  return offset - z * zScale + bitXor(z, y) * zScale;
}

Result<Int> mlir::cute::applySwizzle(const Swizzle &swizzle,
                                     const Int &offset) {
  if (swizzle.bits() == 0)
    return offset;
  if (offset.isStatic())
    return Int(swizzle(offset.value()));
  if (offset.lowerBound() < 0)
    return algebraError("swizzle " + swizzle.str() +
                        " of an offset that may be negative: " + offset.str());
  // A swizzle reads and writes only the bits below its period, so terms
  // that are multiples of it (a stage, a tile further on) pass through, and
  // it is linear in XOR: on a dynamic part d and a constant c whose bits
  // cannot meet, swizzle(d + c) = swizzle(d) ^ swizzle(c). A thread's
  // offset is then swizzled once and each of its static offsets costs an
  // XOR (an add where the bits cannot meet either), as CuTe's swizzled
  // pointers compile to.
  int64_t period = swizzle.period();
  std::vector<Int> terms;
  collectTerms(offset, terms);
  Int whole = 0, dynamic = 0;
  int64_t constant = 0;
  for (const Int &term : terms) {
    if (term.isStatic())
      constant += term.value();
    else if (term.lowerBound() >= 0 && term.divisor() % period == 0)
      whole = whole + term;
    else
      dynamic = dynamic + term;
  }
  if (constant < 0 || dynamic.lowerBound() < 0)
    return swizzleFields(swizzle, offset);
  whole = whole + (constant - constant % period);
  constant %= period;
  if (dynamic.is(0))
    return whole + Int(swizzle(constant));
  uint64_t bits = possibleBits(dynamic);
  if (bits & uint64_t(constant))
    return whole + swizzleFields(swizzle, dynamic + constant);
  Int swizzled = swizzleFields(swizzle, dynamic);
  int64_t swizzledConstant = swizzle(constant);
  // The bits the swizzle may set: the offset's, and its YYY bits moved.
  uint64_t yyy = bits & swizzle.yyyMask();
  uint64_t mayBeSet = bits | (swizzle.shift() >= 0 ? yyy >> swizzle.shift()
                                                   : yyy << -swizzle.shift());
  if ((mayBeSet & uint64_t(swizzledConstant)) == 0)
    return whole + (swizzled + swizzledConstant);
  return whole + bitXor(swizzled, swizzledConstant);
}

Result<Int> ComposedLayout::operator()(const IntTuple &coord) const {
  CUTE_TRY(innerValue, innerLayout(coord));
  Int sum = offsetValue + innerValue;
  if (const auto *sw = std::get_if<Swizzle>(&outerFn))
    return applySwizzle(*sw, sum);
  return std::get<Layout>(outerFn)(IntTuple(sum));
}

std::string ComposedLayout::str() const {
  std::string outer = std::holds_alternative<Swizzle>(outerFn)
                          ? std::get<Swizzle>(outerFn).str()
                          : std::get<Layout>(outerFn).str();
  return outer + " o " + offsetValue.str() + " o " + innerLayout.str();
}

/// log2(n) for a power of two n.
static Result<int> log2Exact(int64_t n) {
  if (n < 1 || (n & (n - 1)) != 0)
    return algebraError("swizzles can only be cast by powers of two, got " +
                        std::to_string(n));
  int log = 0;
  while ((int64_t(1) << log) < n)
    ++log;
  return log;
}

Result<Swizzle> mlir::cute::upcast(const Swizzle &swizzle, int64_t n) {
  CUTE_TRY(log, log2Exact(n));
  int newBase = swizzle.base() - log;
  if (newBase >= 0)
    return Swizzle::get(swizzle.bits(), newBase, swizzle.shift());
  return Swizzle::get(std::max(swizzle.bits() + newBase, 0), 0,
                      swizzle.shift());
}

Result<Swizzle> mlir::cute::downcast(const Swizzle &swizzle, int64_t n) {
  CUTE_TRY(log, log2Exact(n));
  return Swizzle::get(swizzle.bits(), swizzle.base() + log, swizzle.shift());
}

/// Cast each part of `layout` with the matching cast.
template <class SwizzleCast, class LayoutCast>
static Result<ComposedLayout>
castComposed(const ComposedLayout &layout, int64_t n, SwizzleCast castSwizzle,
             LayoutCast castLayout, bool divideOffset) {
  ComposedLayout::Outer outer = layout.outer();
  if (const auto *sw = std::get_if<Swizzle>(&outer)) {
    CUTE_TRY(s, castSwizzle(*sw, n));
    outer = s;
  } else {
    CUTE_TRY(l, castLayout(std::get<Layout>(outer), n));
    outer = l;
  }
  Int offset = layout.offset();
  if (divideOffset) {
    if (divides(Int(n), offset) != Truth::True)
      return algebraError("upcast: offset " + offset.str() +
                          " is not a multiple of " + std::to_string(n));
    offset = offset / n;
  } else {
    offset = offset * n;
  }
  CUTE_TRY(inner, castLayout(layout.inner(), n));
  return ComposedLayout(outer, offset, inner);
}

Result<ComposedLayout> mlir::cute::upcast(const ComposedLayout &layout,
                                          int64_t n) {
  return castComposed(
      layout, n, [](const Swizzle &s, int64_t k) { return upcast(s, k); },
      [](const Layout &l, int64_t k) { return upcast(l, k); },
      /*divideOffset=*/true);
}

Result<ComposedLayout> mlir::cute::downcast(const ComposedLayout &layout,
                                            int64_t n) {
  return castComposed(
      layout, n, [](const Swizzle &s, int64_t k) { return downcast(s, k); },
      [](const Layout &l, int64_t k) { return downcast(l, k); },
      /*divideOffset=*/false);
}
