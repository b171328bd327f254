//===- Int.h - Static or dynamic integer leaves of the algebra --*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// An `Int` is one leaf of an IntTuple: either a static constant (CuTe's
// `Int<N>`) or a dynamic value known only at run time. A dynamic value is a
// small symbolic expression over named unknowns (`?M`, `?N{div=16}`), so that
// the algebra computes with run-time leaves exactly as CuTe C++ does with
// run-time integers, while recording *what* each result leaf is. The dialect's
// expansion pass turns these expressions into `arith` ops; the calculator
// prints them.
//
// Facts about unknowns
// --------------------
// Every unknown is a positive integer (shapes and strides of real tensors).
// An unknown may also carry a divisibility fact, `?N{div=16}`: N is a multiple
// of 16, hence N >= 16. Expressions derive from these a known divisor, a lower
// bound and (where one exists) an upper bound; simplification uses them, so
// `min(?N{div=16}, 16)` is the static 16 and `?N{div=16} % 8` is the static 0.
// A value that simplifies to a constant *is* static, as if the user had
// written the constant: the algebra then takes CuTe's static paths.
//
// Overflow
// --------
// Arithmetic on constants is checked. An overflow raises a thread-local flag
// that the public algebra entry points turn into an error (see
// OverflowScope); the arithmetic itself never traps.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LAYOUT_INT_H
#define CUTE_MLIR_LAYOUT_INT_H

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace mlir {
namespace cute {

/// Three-valued answer to a question about possibly dynamic values.
enum class Truth { False, True, Unknown };

Truth operator&&(Truth a, Truth b);
Truth operator||(Truth a, Truth b);
Truth operator!(Truth a);

class IntNode;

/// A static or dynamic integer leaf.
class Int {
public:
  Int() = default;
  /*implicit*/ Int(int64_t value) : constant(value) {}
  /*implicit*/ Int(int value) : constant(value) {}

  /// A fresh unknown. `name` may be empty (printed as `?`); `divisibility`
  /// (>= 1) is a fact: the value is a positive multiple of it.
  static Int unknown(std::string name = "", int64_t divisibility = 1);
  /// A fresh unknown known to lie in [lo, hi] (a loop counter, say).
  static Int unknownInRange(std::string name, int64_t lo, int64_t hi);

  bool isStatic() const { return node == nullptr; }
  bool isDynamic() const { return node != nullptr; }
  /// True when the value is the static constant `v`.
  bool is(int64_t v) const { return isStatic() && constant == v; }
  /// The static value. Precondition: isStatic().
  int64_t value() const;

  /// The largest number known to divide the value (|value| when static; 0 for
  /// the static 0, which every number divides).
  int64_t divisor() const;
  /// A lower bound of the value (INT64_MIN when none is known).
  int64_t lowerBound() const;
  /// An upper bound of the value (INT64_MAX when none is known).
  int64_t upperBound() const;

  /// Structural identity: same constant, or the same expression over the same
  /// unknowns. (Two different unknowns are never identical, whatever their
  /// names.)
  bool identical(const Int &other) const;

  /// Print as a number or as a symbolic expression (`ceil_div(?M,128)`).
  std::string str() const;
  /// Print as a dialect type slot: the number, or `?` / `?{div=D}`.
  std::string typeStr() const;

  /// Evaluate with values for the unknowns; nullopt if one is missing or a
  /// division by zero occurs.
  std::optional<int64_t> evaluate(
      const std::function<std::optional<int64_t>(const Int &)> &valueOf) const;

  /// The expression node of a dynamic value (null when static).
  const IntNode *getNode() const { return node.get(); }
  /// For an unknown: its name and fact. Precondition: isUnknown().
  bool isUnknown() const;
  const std::string &unknownName() const;

private:
  friend class IntNode;
  int64_t constant = 0;
  std::shared_ptr<const IntNode> node;
};

/// The kinds of expression nodes.
enum class IntOp { Unknown, Add, Sub, Mul, Div, CeilDiv, Mod, Min, Max, Xor };

/// A node of a dynamic expression. Immutable; shared between values.
class IntNode {
public:
  IntOp op;
  Int lhs, rhs;             // operands (unused for Unknown)
  std::string name;         // Unknown only
  int64_t divisibility = 1; // Unknown only
  uint64_t id = 0;          // Unknown only: identity
  // Derived facts, computed once at construction.
  int64_t knownDivisor = 1;
  int64_t lower = INT64_MIN;
  int64_t upper = INT64_MAX;

  static Int make(IntOp op, Int lhs, Int rhs);
};

// Arithmetic. CuTe's integer semantics on constants (C++ truncating division);
// simplification with the known facts on dynamic values.
Int operator+(const Int &a, const Int &b);
Int operator-(const Int &a, const Int &b);
Int operator*(const Int &a, const Int &b);
/// Truncating division (CuTe's `/`). Division by a static zero raises the
/// overflow flag and yields 0.
Int operator/(const Int &a, const Int &b);
Int operator%(const Int &a, const Int &b);
/// CuTe's ceil_div, (a + b - 1) / b with truncating division: the ceiling
/// of a / b for a >= 0 and b > 0 (not for negative operands).
Int ceilDiv(const Int &a, const Int &b);
Int min(const Int &a, const Int &b);
Int max(const Int &a, const Int &b);
Int abs(const Int &a);
/// Bitwise exclusive or (of non-negative values; swizzles use it).
Int bitXor(const Int &a, const Int &b);
Int signum(const Int &a);

// Questions whose answer may be unknown for dynamic values.
Truth equal(const Int &a, const Int &b);
Truth less(const Int &a, const Int &b);
/// Does `b` divide `a` (a % b == 0)?
Truth divides(const Int &b, const Int &a);

/// A human-readable fact that would make `b | a` provable, e.g.
/// "?N % 16 == 0 (write ?N{div=16})".
std::string divisibilityHint(const Int &b, const Int &a);

/// Collects integer overflow in constant arithmetic. The outermost scope
/// active on a thread starts clean; `overflowed()` says whether any
/// arithmetic since then overflowed.
class OverflowScope {
public:
  OverflowScope();
  ~OverflowScope();
  OverflowScope(const OverflowScope &) = delete;
  OverflowScope &operator=(const OverflowScope &) = delete;
  bool overflowed() const;

private:
  bool outermost;
};

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LAYOUT_INT_H
