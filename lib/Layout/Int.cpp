//===- Int.cpp - Static or dynamic integer leaves of the algebra ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Layout/Int.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <numeric>

using namespace mlir::cute;

//===----------------------------------------------------------------------===//
// Truth
//===----------------------------------------------------------------------===//

Truth mlir::cute::operator&&(Truth a, Truth b) {
  if (a == Truth::False || b == Truth::False)
    return Truth::False;
  if (a == Truth::True && b == Truth::True)
    return Truth::True;
  return Truth::Unknown;
}

Truth mlir::cute::operator||(Truth a, Truth b) {
  if (a == Truth::True || b == Truth::True)
    return Truth::True;
  if (a == Truth::False && b == Truth::False)
    return Truth::False;
  return Truth::Unknown;
}

Truth mlir::cute::operator!(Truth a) {
  if (a == Truth::Unknown)
    return a;
  return a == Truth::True ? Truth::False : Truth::True;
}

static Truth truth(bool b) { return b ? Truth::True : Truth::False; }

//===----------------------------------------------------------------------===//
// Overflow tracking
//===----------------------------------------------------------------------===//

static thread_local int overflowScopeDepth = 0;
static thread_local bool overflowSeen = false;

static void raiseOverflow() { overflowSeen = true; }

OverflowScope::OverflowScope() : outermost(overflowScopeDepth == 0) {
  if (outermost)
    overflowSeen = false;
  ++overflowScopeDepth;
}

OverflowScope::~OverflowScope() { --overflowScopeDepth; }

bool OverflowScope::overflowed() const { return overflowSeen; }

static int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) {
    raiseOverflow();
    return 0;
  }
  return r;
}

static int64_t checkedSub(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) {
    raiseOverflow();
    return 0;
  }
  return r;
}

static int64_t checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) {
    raiseOverflow();
    return 0;
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Bound arithmetic (INT64_MIN / INT64_MAX stand for "no bound")
//===----------------------------------------------------------------------===//

static constexpr int64_t kNoLower = INT64_MIN;
static constexpr int64_t kNoUpper = INT64_MAX;

static int64_t boundAdd(int64_t a, int64_t b, int64_t none) {
  int64_t r;
  if (a == none || b == none || __builtin_add_overflow(a, b, &r))
    return none;
  return r;
}

static int64_t boundMul(int64_t a, int64_t b, int64_t none) {
  int64_t r;
  if (a == none || b == none || __builtin_mul_overflow(a, b, &r))
    return none;
  return r;
}

static int64_t gcd64(int64_t a, int64_t b) {
  // std::gcd of INT64_MIN is undefined; divisors are never that large.
  return std::gcd(a < 0 ? -a : a, b < 0 ? -b : b);
}

//===----------------------------------------------------------------------===//
// Int
//===----------------------------------------------------------------------===//

Int Int::unknown(std::string name, int64_t divisibility) {
  static std::atomic<uint64_t> nextId{1};
  assert(divisibility >= 1 && "divisibility facts are positive");
  auto node = std::make_shared<IntNode>();
  node->op = IntOp::Unknown;
  node->name = std::move(name);
  node->divisibility = divisibility;
  node->id = nextId++;
  node->knownDivisor = divisibility;
  node->lower = divisibility; // a positive multiple of divisibility
  node->upper = kNoUpper;
  Int result;
  result.node = std::move(node);
  return result;
}

Int Int::unknownInRange(std::string name, int64_t lo, int64_t hi) {
  Int v = unknown(std::move(name));
  auto node = std::make_shared<IntNode>(*v.node);
  node->divisibility = 1;
  node->knownDivisor = 1;
  node->lower = lo;
  node->upper = hi;
  v.node = std::move(node);
  return v;
}

int64_t Int::value() const {
  assert(isStatic() && "value() of a dynamic Int");
  return constant;
}

int64_t Int::divisor() const {
  if (isStatic())
    return constant < 0 ? -constant : constant;
  return node->knownDivisor;
}

int64_t Int::lowerBound() const { return isStatic() ? constant : node->lower; }

int64_t Int::upperBound() const { return isStatic() ? constant : node->upper; }

bool Int::isUnknown() const { return node && node->op == IntOp::Unknown; }

const std::string &Int::unknownName() const {
  assert(isUnknown());
  return node->name;
}

bool Int::identical(const Int &other) const {
  if (isStatic() || other.isStatic())
    return isStatic() && other.isStatic() && constant == other.constant;
  if (node == other.node)
    return true;
  const IntNode &a = *node, &b = *other.node;
  if (a.op != b.op)
    return false;
  if (a.op == IntOp::Unknown)
    return a.id == b.id;
  return a.lhs.identical(b.lhs) && a.rhs.identical(b.rhs);
}

static bool isInfix(const Int &v) {
  if (v.isStatic())
    return v.value() < 0;
  switch (v.getNode()->op) {
  case IntOp::Add:
  case IntOp::Sub:
  case IntOp::Mul:
  case IntOp::Div:
  case IntOp::Mod:
  case IntOp::Xor:
    return true;
  default:
    return false;
  }
}

static std::string operand(const Int &v) {
  return isInfix(v) ? "(" + v.str() + ")" : v.str();
}

std::string Int::str() const {
  if (isStatic())
    return std::to_string(constant);
  const IntNode &n = *node;
  switch (n.op) {
  case IntOp::Unknown: {
    // A name stands for its facts; an anonymous unknown shows them.
    std::string s = "?" + n.name;
    if (n.name.empty() && n.divisibility > 1)
      s += "{div=" + std::to_string(n.divisibility) + "}";
    return s;
  }
  case IntOp::Add:
    if (n.rhs.isStatic() && n.rhs.value() < 0 && n.rhs.value() != INT64_MIN)
      return operand(n.lhs) + "-" + std::to_string(-n.rhs.value());
    return operand(n.lhs) + "+" + operand(n.rhs);
  case IntOp::Sub:
    return operand(n.lhs) + "-" + operand(n.rhs);
  case IntOp::Mul:
    return operand(n.lhs) + "*" + operand(n.rhs);
  case IntOp::Div:
    return operand(n.lhs) + "/" + operand(n.rhs);
  case IntOp::Mod:
    return operand(n.lhs) + "%" + operand(n.rhs);
  case IntOp::CeilDiv:
    return "ceil_div(" + n.lhs.str() + "," + n.rhs.str() + ")";
  case IntOp::Min:
    return "min(" + n.lhs.str() + "," + n.rhs.str() + ")";
  case IntOp::Max:
    return "max(" + n.lhs.str() + "," + n.rhs.str() + ")";
  case IntOp::Xor:
    return operand(n.lhs) + "^" + operand(n.rhs);
  }
  return "?";
}

std::string Int::typeStr() const {
  if (isStatic())
    return std::to_string(constant);
  if (divisor() > 1)
    return "?{div=" + std::to_string(divisor()) + "}";
  return "?";
}

std::optional<int64_t> Int::evaluate(
    const std::function<std::optional<int64_t>(const Int &)> &valueOf) const {
  if (isStatic())
    return constant;
  const IntNode &n = *node;
  if (n.op == IntOp::Unknown)
    return valueOf(*this);
  std::optional<int64_t> a = n.lhs.evaluate(valueOf);
  std::optional<int64_t> b = n.rhs.evaluate(valueOf);
  if (!a || !b)
    return std::nullopt;
  OverflowScope scope;
  Int r;
  switch (n.op) {
  case IntOp::Add:
    r = Int(*a) + Int(*b);
    break;
  case IntOp::Sub:
    r = Int(*a) - Int(*b);
    break;
  case IntOp::Mul:
    r = Int(*a) * Int(*b);
    break;
  case IntOp::Div:
    r = Int(*a) / Int(*b);
    break;
  case IntOp::CeilDiv:
    r = ceilDiv(Int(*a), Int(*b));
    break;
  case IntOp::Mod:
    r = Int(*a) % Int(*b);
    break;
  case IntOp::Min:
    r = min(Int(*a), Int(*b));
    break;
  case IntOp::Max:
    r = max(Int(*a), Int(*b));
    break;
  case IntOp::Xor:
    r = bitXor(Int(*a), Int(*b));
    break;
  case IntOp::Unknown:
    break;
  }
  if (scope.overflowed())
    return std::nullopt;
  return r.value();
}

//===----------------------------------------------------------------------===//
// Expression nodes and their derived facts
//===----------------------------------------------------------------------===//

Int IntNode::make(IntOp op, Int lhs, Int rhs) {
  auto node = std::make_shared<IntNode>();
  node->op = op;
  node->lhs = lhs;
  node->rhs = rhs;
  int64_t la = lhs.lowerBound(), ua = lhs.upperBound();
  int64_t lb = rhs.lowerBound(), ub = rhs.upperBound();
  int64_t da = lhs.divisor(), db = rhs.divisor();
  int64_t div = 1, lo = kNoLower, hi = kNoUpper;
  switch (op) {
  case IntOp::Unknown:
    assert(false && "use Int::unknown");
    break;
  case IntOp::Add:
    div = gcd64(da, db);
    lo = boundAdd(la, lb, kNoLower);
    hi = boundAdd(ua, ub, kNoUpper);
    break;
  case IntOp::Sub:
    div = gcd64(da, db);
    if (la != kNoLower && ub != kNoUpper)
      lo = boundAdd(la, -ub, kNoLower);
    if (ua != kNoUpper && lb != kNoLower)
      hi = boundAdd(ua, -lb, kNoUpper);
    break;
  case IntOp::Mul: {
    int64_t d;
    div = __builtin_mul_overflow(da, db, &d) ? 1 : d;
    if (la >= 0 && lb >= 0) {
      lo = boundMul(la, lb, kNoLower);
      hi = boundMul(ua, ub, kNoUpper);
    } else if (lhs.isStatic() || rhs.isStatic()) {
      int64_t c = lhs.isStatic() ? lhs.value() : rhs.value();
      int64_t l = lhs.isStatic() ? lb : la, u = lhs.isStatic() ? ub : ua;
      if (c >= 0) {
        lo = boundMul(c, l, kNoLower);
        hi = boundMul(c, u, kNoUpper);
      } else {
        lo = u == kNoUpper ? kNoLower : boundMul(c, u, kNoLower);
        hi = l == kNoLower ? kNoUpper : boundMul(c, l, kNoUpper);
      }
    }
    break;
  }
  case IntOp::Div:
    if (rhs.isStatic() && db != 0 && da % db == 0)
      div = da / db;
    if (la >= 0 && lb > 0) {
      lo = ub == kNoUpper ? 0 : la / ub;
      hi = ua == kNoUpper ? kNoUpper : ua / lb;
    }
    break;
  case IntOp::CeilDiv:
    // CuTe's (a + b - 1) / b is a / b for an exact division only where
    // a >= 0 and b > 0 (it is a / b + 1 for a negative multiple of b).
    if (rhs.isStatic() && db != 0 && da % db == 0 && la >= 0 && lb > 0)
      div = da / db;
    if (la >= 1 && lb > 0) {
      lo = ub == kNoUpper ? 1 : std::max<int64_t>(1, (la + ub - 1) / ub);
      hi = ua == kNoUpper ? kNoUpper : (ua + lb - 1) / lb;
    }
    break;
  case IntOp::Mod:
    div = gcd64(da, db);
    if (la >= 0 && lb > 0) {
      lo = 0;
      hi = ub == kNoUpper ? ua : std::min(ua, ub - 1);
    }
    break;
  case IntOp::Min:
    div = gcd64(da, db);
    lo = std::min(la, lb);
    hi = std::min(ua, ub);
    break;
  case IntOp::Max:
    div = gcd64(da, db);
    lo = std::max(la, lb);
    hi = std::max(ua, ub);
    break;
  case IntOp::Xor: {
    // Both operands' low zero bits stay zero; the result fits in the bits of
    // the larger operand.
    int64_t g = gcd64(da, db);
    div = g == 0 ? 1 : (g & -g);
    if (la >= 0 && lb >= 0) {
      lo = 0;
      int64_t top = std::max(ua, ub);
      if (top != kNoUpper) {
        int64_t bits = 0;
        while (bits < 62 && (int64_t(1) << bits) <= top)
          ++bits;
        hi = (int64_t(1) << bits) - 1;
      }
    }
    break;
  }
  }
  node->knownDivisor = div == 0 ? 1 : div;
  node->lower = lo;
  node->upper = hi;
  Int result;
  result.node = std::move(node);
  return result;
}

/// Is `v` a product `c * x` with a static c? Returns c and sets `rest` to x.
static std::optional<int64_t> scaledBy(const Int &v, Int &rest) {
  if (v.isStatic() || v.getNode()->op != IntOp::Mul ||
      !v.getNode()->lhs.isStatic())
    return std::nullopt;
  rest = v.getNode()->rhs;
  return v.getNode()->lhs.value();
}

//===----------------------------------------------------------------------===//
// Arithmetic with simplification
//===----------------------------------------------------------------------===//

Int mlir::cute::operator+(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return checkedAdd(a.value(), b.value());
  if (a.is(0))
    return b;
  if (b.is(0))
    return a;
  if (a.isStatic()) // constants on the right
    return b + a;
  // Float constants outwards: (x + c) + y -> (x + y) + c, x + (y + c) -> ...
  const IntNode &na = *a.getNode();
  if (b.isStatic()) {
    // (x + c1) + c2 -> x + (c1 + c2)
    if (na.op == IntOp::Add && na.rhs.isStatic())
      return na.lhs + (na.rhs + b);
    return IntNode::make(IntOp::Add, a, b);
  }
  if (na.op == IntOp::Add && na.rhs.isStatic())
    return (na.lhs + b) + na.rhs;
  if (b.getNode()->op == IntOp::Add && b.getNode()->rhs.isStatic())
    return (a + b.getNode()->lhs) + b.getNode()->rhs;
  // Collect like terms: c1*x + c2*x -> (c1+c2)*x.
  Int baseA = a, baseB = b;
  int64_t ca = scaledBy(a, baseA).value_or(1);
  int64_t cb = scaledBy(b, baseB).value_or(1);
  if (baseA.identical(baseB))
    return Int(checkedAdd(ca, cb)) * baseA;
  return IntNode::make(IntOp::Add, a, b);
}

Int mlir::cute::operator-(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return checkedSub(a.value(), b.value());
  if (b.is(0))
    return a;
  if (a.identical(b))
    return 0;
  // (x + c1) - c2 -> x + (c1 - c2)
  if (b.isStatic() && a.getNode()->op == IntOp::Add &&
      a.getNode()->rhs.isStatic())
    return a.getNode()->lhs + (a.getNode()->rhs - b);
  if (b.isStatic())
    return a + Int(checkedSub(0, b.value()));
  return IntNode::make(IntOp::Sub, a, b);
}

Int mlir::cute::operator*(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return checkedMul(a.value(), b.value());
  if (a.is(0) || b.is(0))
    return 0;
  if (a.is(1))
    return b;
  if (b.is(1))
    return a;
  if (b.isStatic()) // constants on the left
    return b * a;
  if (a.isStatic()) {
    Int rest;
    if (std::optional<int64_t> c = scaledBy(b, rest))
      return Int(checkedMul(a.value(), *c)) * rest;
    // c * (x / d) -> (c / d) * x when d divides both c and x exactly.
    const IntNode &nb = *b.getNode();
    if (nb.op == IntOp::Div && nb.rhs.isStatic() && nb.rhs.value() > 0 &&
        a.value() % nb.rhs.value() == 0 &&
        divides(nb.rhs, nb.lhs) == Truth::True)
      return Int(a.value() / nb.rhs.value()) * nb.lhs;
    return IntNode::make(IntOp::Mul, a, b);
  }
  // Float constant factors outwards: (c*x) * y -> c * (x*y).
  Int rest;
  if (std::optional<int64_t> c = scaledBy(a, rest))
    return Int(*c) * (rest * b);
  if (std::optional<int64_t> c = scaledBy(b, rest))
    return Int(*c) * (a * rest);
  return IntNode::make(IntOp::Mul, a, b);
}

Int mlir::cute::operator/(const Int &a, const Int &b) {
  if (b.is(0)) {
    raiseOverflow();
    return 0;
  }
  if (a.isStatic() && b.isStatic()) {
    if (a.value() == INT64_MIN && b.value() == -1) {
      raiseOverflow();
      return 0;
    }
    return a.value() / b.value();
  }
  if (b.is(1) || a.is(0))
    return a;
  if (a.identical(b))
    return 1;
  Int rest;
  if (std::optional<int64_t> c = scaledBy(a, rest)) {
    if (b.isStatic() && *c % b.value() == 0)
      return Int(*c / b.value()) * rest;
    if (rest.identical(b))
      return *c;
  }
  if (a.lowerBound() >= 0 && b.lowerBound() > 0 &&
      a.upperBound() < b.lowerBound())
    return 0;
  // (x + y) / c -> x / c + y / c where c divides y, for non-negative x
  // and y: a packed coordinate's terms of other modes come out exact,
  // rather than as one wide sum divided (a * 2^31 + b, then a shift).
  if (b.isStatic() && b.value() > 0 && a.getNode()->op == IntOp::Add) {
    const Int &x = a.getNode()->lhs, &y = a.getNode()->rhs;
    if (x.lowerBound() >= 0 && y.lowerBound() >= 0 &&
        (divides(b, y) == Truth::True || divides(b, x) == Truth::True))
      return x / b + y / b;
  }
  // (x / c1) / c2 -> x / (c1 * c2) for non-negative values.
  if (b.isStatic() && b.value() > 0 && a.getNode()->op == IntOp::Div &&
      a.getNode()->rhs.isStatic() && a.getNode()->rhs.value() > 0 &&
      a.lowerBound() >= 0)
    return a.getNode()->lhs / (a.getNode()->rhs * b);
  return IntNode::make(IntOp::Div, a, b);
}

Int mlir::cute::operator%(const Int &a, const Int &b) {
  if (b.is(0)) {
    raiseOverflow();
    return 0;
  }
  if (a.isStatic() && b.isStatic()) {
    if (b.value() == -1)
      return 0;
    return a.value() % b.value();
  }
  if (b.is(1) || b.is(-1) || a.is(0))
    return 0;
  if (divides(b, a) == Truth::True)
    return 0;
  if (a.lowerBound() >= 0 && b.lowerBound() > 0 &&
      a.upperBound() < b.lowerBound())
    return a;
  // (x + y) % c -> x % c where c divides y, for non-negative x and y.
  if (b.isStatic() && b.value() > 0 && a.getNode()->op == IntOp::Add) {
    const Int &x = a.getNode()->lhs, &y = a.getNode()->rhs;
    if (x.lowerBound() >= 0 && y.lowerBound() >= 0) {
      if (divides(b, y) == Truth::True)
        return x % b;
      if (divides(b, x) == Truth::True)
        return y % b;
    }
  }
  return IntNode::make(IntOp::Mod, a, b);
}

Int mlir::cute::ceilDiv(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return (Int(a.value()) + b - 1) / b; // CuTe's (a + b - 1) / b
  if (b.is(1))
    return a;
  // CuTe's formula truncates: for a <= 0 it is no ceiling (ceil_div(-4, 2)
  // is -1), so the folds below hold for a positive `a` only.
  if (a.identical(b) && a.lowerBound() >= 1)
    return 1;
  if (a.lowerBound() >= 0 && b.lowerBound() > 0 && divides(b, a) == Truth::True)
    return a / b;
  if (a.lowerBound() >= 1 && b.lowerBound() > 0 &&
      a.upperBound() <= b.lowerBound())
    return 1;
  return IntNode::make(IntOp::CeilDiv, a, b);
}

Int mlir::cute::min(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return std::min(a.value(), b.value());
  if (a.identical(b))
    return a;
  if (a.lowerBound() != kNoLower && a.lowerBound() >= b.upperBound())
    return b;
  if (b.lowerBound() != kNoLower && b.lowerBound() >= a.upperBound())
    return a;
  return IntNode::make(IntOp::Min, a, b);
}

Int mlir::cute::max(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return std::max(a.value(), b.value());
  if (a.identical(b))
    return a;
  if (a.lowerBound() != kNoLower && a.lowerBound() >= b.upperBound())
    return a;
  if (b.lowerBound() != kNoLower && b.lowerBound() >= a.upperBound())
    return b;
  return IntNode::make(IntOp::Max, a, b);
}

Int mlir::cute::abs(const Int &a) {
  if (a.isStatic())
    return a.value() < 0 ? Int(0) - a : a;
  if (a.lowerBound() >= 0)
    return a;
  return max(a, Int(0) - a);
}

Int mlir::cute::bitXor(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return a.value() ^ b.value();
  if (a.is(0))
    return b;
  if (b.is(0))
    return a;
  if (a.identical(b))
    return 0;
  if (a.isStatic()) // constants on the right
    return bitXor(b, a);
  return IntNode::make(IntOp::Xor, a, b);
}

Int mlir::cute::signum(const Int &a) {
  if (a.isStatic())
    return a.value() > 0 ? 1 : (a.value() < 0 ? -1 : 0);
  if (a.lowerBound() > 0)
    return 1;
  // Integer clamp to [-1, 1].
  return min(max(a, -1), 1);
}

//===----------------------------------------------------------------------===//
// Questions
//===----------------------------------------------------------------------===//

Truth mlir::cute::equal(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return truth(a.value() == b.value());
  if (a.identical(b))
    return Truth::True;
  if (a.upperBound() < b.lowerBound() || b.upperBound() < a.lowerBound())
    return Truth::False;
  return Truth::Unknown;
}

Truth mlir::cute::less(const Int &a, const Int &b) {
  if (a.isStatic() && b.isStatic())
    return truth(a.value() < b.value());
  if (a.identical(b))
    return Truth::False;
  if (a.upperBound() < b.lowerBound())
    return Truth::True;
  if (b.upperBound() != kNoUpper && a.lowerBound() >= b.upperBound())
    return Truth::False;
  return Truth::Unknown;
}

/// Does min(x, c) divide the constant `a`? min(x, c) is c, or a multiple of
/// x's known divisor between x's lower bound and c: try them all when few.
static Truth dividesByMin(const Int &b, int64_t a) {
  const IntNode &n = *b.getNode();
  if (n.op != IntOp::Min || (n.lhs.isStatic() == n.rhs.isStatic()))
    return Truth::Unknown;
  int64_t c = n.lhs.isStatic() ? n.lhs.value() : n.rhs.value();
  const Int &x = n.lhs.isStatic() ? n.rhs : n.lhs;
  int64_t step = std::max<int64_t>(1, x.divisor());
  int64_t first = std::max<int64_t>(x.lowerBound(), 1);
  if (c < 1 || c > 4096 || a == INT64_MIN)
    return Truth::Unknown;
  if (a % c != 0)
    return Truth::Unknown;
  for (int64_t v = (first + step - 1) / step * step; v < c; v += step)
    if (a % v != 0)
      return Truth::Unknown;
  return Truth::True;
}

Truth mlir::cute::divides(const Int &b, const Int &a) {
  if (a.isStatic() && b.isStatic()) {
    if (b.value() == 0)
      return truth(a.value() == 0);
    if (b.value() == -1)
      return Truth::True;
    return truth(a.value() % b.value() == 0);
  }
  if (a.is(0) || b.is(1) || b.is(-1) || a.identical(b))
    return Truth::True;
  if (b.isStatic()) {
    int64_t d = b.value() < 0 ? -b.value() : b.value();
    if (d != 0 && a.divisor() % d == 0)
      return Truth::True;
    if (a.lowerBound() > 0 && a.upperBound() < d)
      return Truth::False;
    return Truth::Unknown;
  }
  Int rest;
  if (scaledBy(a, rest) && rest.identical(b))
    return Truth::True;
  if (a.isStatic() && b.lowerBound() > (a.value() < 0 ? -a.value() : a.value()))
    return Truth::False;
  if (a.isStatic())
    return dividesByMin(b, a.value());
  return Truth::Unknown;
}

/// The names of the unknowns in `v`, without repeats.
static void collectUnknowns(const Int &v, std::vector<std::string> &names) {
  if (v.isStatic())
    return;
  const IntNode &n = *v.getNode();
  if (n.op == IntOp::Unknown) {
    std::string name = "?" + n.name;
    if (std::find(names.begin(), names.end(), name) == names.end())
      names.push_back(name);
    return;
  }
  collectUnknowns(n.lhs, names);
  collectUnknowns(n.rhs, names);
}

std::string mlir::cute::divisibilityHint(const Int &b, const Int &a) {
  std::string fact = a.str() + " % " + b.str() + " == 0";
  // With one named unknown against a constant, say which fact decides it.
  const Int &constant = b.isStatic() ? b : a;
  const Int &dynamic = b.isStatic() ? a : b;
  std::vector<std::string> names;
  collectUnknowns(dynamic, names);
  if (constant.isStatic() && constant.value() > 1 && names.size() == 1 &&
      names.front() != "?")
    return fact + " (a fact such as " + names.front() +
           "{div=" + std::to_string(constant.value()) + "} decides it)";
  return fact;
}
