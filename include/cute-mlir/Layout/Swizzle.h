//===- Swizzle.h - Swizzle functions and composed layouts -------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Swizzle<B,M,S> is CuTe's XOR swizzle of an offset: the B bits starting at
// bit M+max(0,S) are XORed into the B bits starting at bit M-min(0,S). A
// positive S moves the YYY mask right, a negative S moves it left.
//
// A ComposedLayout is `outer o offset o inner`: the inner layout maps a
// coordinate to an offset, the offset is added, and the outer function (a
// swizzle or another layout) maps the sum. Shared-memory layouts of tensor
// cores are swizzle o 0 o layout. The tiling operations act on the inner
// layout and keep the outer function and offset.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LAYOUT_SWIZZLE_H
#define CUTE_MLIR_LAYOUT_SWIZZLE_H

#include "cute-mlir/Layout/Layout.h"

#include <variant>

namespace mlir {
namespace cute {

class Swizzle {
public:
  /// Checks B >= 0, M >= 0, |S| >= B and that the masks fit in 32 bits.
  static Result<Swizzle> get(int bits, int base, int shift);

  int bits() const { return numBits; }
  int base() const { return numBase; }
  int shift() const { return numShift; }
  uint32_t yyyMask() const;
  uint32_t zzzMask() const;
  /// The offset with its ZZZ bits XORed by its YYY bits.
  int64_t operator()(int64_t offset) const;
  /// 2^(B+M+|S|): the period of the swizzle.
  int64_t period() const;

  bool operator==(const Swizzle &o) const {
    return numBits == o.numBits && numBase == o.numBase &&
           numShift == o.numShift;
  }
  /// `Sw<B,M,S>`.
  std::string str() const;

private:
  Swizzle(int b, int m, int s) : numBits(b), numBase(m), numShift(s) {}
  int numBits, numBase, numShift;
};

/// `outer o offset o inner`.
class ComposedLayout {
public:
  using Outer = std::variant<Swizzle, Layout>;
  ComposedLayout(Outer outer, Int offset, Layout inner)
      : outerFn(std::move(outer)), offsetValue(std::move(offset)),
        innerLayout(std::move(inner)) {}

  const Outer &outer() const { return outerFn; }
  const Int &offset() const { return offsetValue; }
  const Layout &inner() const { return innerLayout; }
  /// Replace the inner layout (the result of a tiling operation on it).
  ComposedLayout withInner(Layout inner) const {
    return ComposedLayout(outerFn, offsetValue, std::move(inner));
  }

  /// outer(offset + inner(coord)). A swizzle needs a static argument.
  Result<Int> operator()(const IntTuple &coord) const;
  /// `Sw<3,4,3> o 0 o (8,8):(8,1)`.
  std::string str() const;

private:
  Outer outerFn;
  Int offsetValue;
  Layout innerLayout;
};

/// Swizzle the bits of a possibly dynamic offset; needs a static offset
/// unless the swizzle is the identity.
Result<Int> applySwizzle(const Swizzle &swizzle, const Int &offset);

/// CuTe's upcast / downcast of a swizzle: the base moves by log2(n).
Result<Swizzle> upcast(const Swizzle &swizzle, int64_t n);
Result<Swizzle> downcast(const Swizzle &swizzle, int64_t n);
/// Up/downcast every part of a composed layout.
Result<ComposedLayout> upcast(const ComposedLayout &layout, int64_t n);
Result<ComposedLayout> downcast(const ComposedLayout &layout, int64_t n);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LAYOUT_SWIZZLE_H
