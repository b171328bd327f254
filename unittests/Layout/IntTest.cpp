//===- IntTest.cpp - Static and dynamic integer leaves --------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Int arithmetic: CuTe's integer semantics on constants, simplification of
// dynamic expressions with the facts known about unknowns (divisors, bounds),
// structural identity, evaluation and overflow detection.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Layout/Int.h"

#include "gtest/gtest.h"

#include <map>

using namespace mlir::cute;

namespace {

/// Evaluate with the given values for unknowns, by name.
std::optional<int64_t> evaluate(const Int &v,
                                const std::map<std::string, int64_t> &values) {
  return v.evaluate([&](const Int &u) -> std::optional<int64_t> {
    auto it = values.find(u.unknownName());
    if (it == values.end())
      return std::nullopt;
    return it->second;
  });
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

TEST(StaticInt, DividesTowardsZeroLikeCpp) {
  EXPECT_TRUE((Int(7) / Int(2)).is(3));
  EXPECT_TRUE((Int(-7) / Int(2)).is(-3));
  EXPECT_TRUE((Int(-7) % Int(2)).is(-1));
  EXPECT_TRUE((Int(7) % Int(-2)).is(1));
}

TEST(StaticInt, CeilDivIsCuTesPlusDivisorMinusOneOverDivisor) {
  EXPECT_TRUE(ceilDiv(Int(7), Int(2)).is(4));
  EXPECT_TRUE(ceilDiv(Int(8), Int(2)).is(4));
  EXPECT_TRUE(ceilDiv(Int(1), Int(32)).is(1));
  EXPECT_TRUE(ceilDiv(Int(0), Int(4)).is(0));
}

// CuTe's formula truncates, so for negative operands it is no ceiling:
// these are the values CuTe C++ computes.
TEST(StaticInt, CeilDivOfNegativeOperandsIsCuTesFormulaToo) {
  EXPECT_TRUE(ceilDiv(Int(-4), Int(2)).is(-1));
  EXPECT_TRUE(ceilDiv(Int(-5), Int(2)).is(-2));
  EXPECT_TRUE(ceilDiv(Int(5), Int(-2)).is(-1));
  EXPECT_TRUE(ceilDiv(Int(-5), Int(-2)).is(4));
  EXPECT_TRUE(ceilDiv(Int(-1), Int(-1)).is(3));
}

TEST(StaticInt, MinMaxAbsAndSignum) {
  EXPECT_TRUE(min(Int(3), Int(-4)).is(-4));
  EXPECT_TRUE(max(Int(3), Int(-4)).is(3));
  EXPECT_TRUE(abs(Int(-4)).is(4));
  EXPECT_TRUE(signum(Int(-4)).is(-1));
  EXPECT_TRUE(signum(Int(0)).is(0));
  EXPECT_TRUE(signum(Int(9)).is(1));
}

TEST(StaticInt, DivisorIsTheMagnitudeAndBoundsAreTheValue) {
  EXPECT_EQ(Int(6).divisor(), 6);
  EXPECT_EQ(Int(-6).divisor(), 6);
  EXPECT_EQ(Int(0).divisor(), 0);
  EXPECT_EQ(Int(5).lowerBound(), 5);
  EXPECT_EQ(Int(5).upperBound(), 5);
  EXPECT_EQ(Int(5).str(), "5");
  EXPECT_EQ(Int(-5).typeStr(), "-5");
}

//===----------------------------------------------------------------------===//
// Unknowns and their facts
//===----------------------------------------------------------------------===//

TEST(Unknown, IsAPositiveMultipleOfItsDivisibility) {
  Int n = Int::unknown("N", 16);
  EXPECT_TRUE(n.isDynamic());
  EXPECT_TRUE(n.isUnknown());
  EXPECT_EQ(n.unknownName(), "N");
  EXPECT_EQ(n.divisor(), 16);
  EXPECT_EQ(n.lowerBound(), 16);
  EXPECT_EQ(n.upperBound(), INT64_MAX);
  // A named unknown prints by name, an anonymous one with its fact; the type
  // slot always shows the fact.
  EXPECT_EQ(n.str(), "?N");
  EXPECT_EQ(n.typeStr(), "?{div=16}");
  EXPECT_EQ(Int::unknown("", 16).str(), "?{div=16}");
  Int m = Int::unknown("M");
  EXPECT_EQ(m.divisor(), 1);
  EXPECT_EQ(m.lowerBound(), 1);
  EXPECT_EQ(m.str(), "?M");
  EXPECT_EQ(m.typeStr(), "?");
  EXPECT_EQ(Int::unknown().str(), "?");
}

TEST(Unknown, MinWithItsDivisibilityIsStatic) {
  Int n = Int::unknown("N", 16);
  Int m = min(n, Int(16));
  ASSERT_TRUE(m.isStatic()) << m.str();
  EXPECT_EQ(m.value(), 16);
  EXPECT_TRUE(min(Int(8), n).is(8));
  EXPECT_TRUE(max(n, Int(16)).identical(n));
  // Without the fact, nothing is known.
  Int u = Int::unknown("U");
  EXPECT_TRUE(min(u, Int(16)).isDynamic());
  EXPECT_EQ(min(u, Int(16)).str(), "min(?U,16)");
  EXPECT_TRUE(min(u, Int(1)).is(1));
}

TEST(Unknown, ModuloADivisorOfItsFactIsStaticZero) {
  Int n = Int::unknown("N", 16);
  Int r = n % Int(8);
  ASSERT_TRUE(r.isStatic()) << r.str();
  EXPECT_EQ(r.value(), 0);
  EXPECT_TRUE((n % Int(16)).is(0));
  Int r32 = n % Int(32);
  EXPECT_TRUE(r32.isDynamic());
  EXPECT_EQ(r32.divisor(), 16);
  EXPECT_EQ(r32.lowerBound(), 0);
  EXPECT_EQ(r32.upperBound(), 31);
  EXPECT_TRUE((Int::unknown("M") % Int(1)).is(0));
}

TEST(Unknown, DivisibilityQuestionsUseTheFact) {
  Int n = Int::unknown("N", 16);
  EXPECT_EQ(divides(Int(16), n), Truth::True);
  EXPECT_EQ(divides(Int(4), n), Truth::True);
  EXPECT_EQ(divides(Int(32), n), Truth::Unknown);
  EXPECT_EQ(divides(Int(3), Int::unknown("M")), Truth::Unknown);
  EXPECT_EQ(divides(n, n * Int(3)), Truth::True);
  EXPECT_EQ(divides(n, Int(0)), Truth::True);
  // N >= 16 cannot divide 8.
  EXPECT_EQ(divides(n, Int(8)), Truth::False);
}

TEST(Unknown, ComparisonsUseTheBounds) {
  Int n = Int::unknown("N", 16);
  EXPECT_EQ(less(Int(8), n), Truth::True);
  EXPECT_EQ(less(n, Int(16)), Truth::False);
  EXPECT_EQ(less(n, Int(32)), Truth::Unknown);
  EXPECT_EQ(equal(n, Int(8)), Truth::False);
  EXPECT_EQ(equal(n, Int(16)), Truth::Unknown);
  EXPECT_EQ(equal(n, n), Truth::True);
  EXPECT_EQ(less(n, n), Truth::False);
}

TEST(Unknown, DivisibilityHintSaysWhichFactToState) {
  Int n = Int::unknown("N");
  std::string hint = divisibilityHint(Int(16), n);
  EXPECT_NE(hint.find("?N % 16 == 0"), std::string::npos) << hint;
  EXPECT_NE(hint.find("?N{div=16}"), std::string::npos) << hint;
}

//===----------------------------------------------------------------------===//
// Simplification
//===----------------------------------------------------------------------===//

TEST(Simplify, CollectsLikeTermsAndCancels) {
  Int n = Int::unknown("N");
  EXPECT_EQ((n * Int(2) + n * Int(3)).str(), "5*?N");
  EXPECT_EQ((n + n).str(), "2*?N");
  EXPECT_TRUE((n - n).is(0));
  EXPECT_TRUE((n / n).is(1));
  EXPECT_TRUE(ceilDiv(n, n).is(1));
  EXPECT_EQ((Int(8) * n / Int(4)).str(), "2*?N");
  EXPECT_TRUE(((n * Int(6)) / n).is(6));
  EXPECT_TRUE((n * Int(0)).is(0));
  EXPECT_TRUE((n * Int(1)).identical(n));
  EXPECT_TRUE((n + Int(0)).identical(n));
  EXPECT_EQ(((n + Int(3)) + Int(4)).str(), "?N+7");
  EXPECT_EQ(((n + Int(3)) - Int(4)).str(), "?N-1");
}

TEST(Simplify, CeilDivByAKnownDivisorIsExactDivision) {
  Int n = Int::unknown("N", 128);
  EXPECT_EQ(ceilDiv(n, Int(128)).str(), "?N/128");
  EXPECT_EQ(ceilDiv(n, Int(128)).lowerBound(), 1);
  EXPECT_EQ(ceilDiv(n, Int(64)).divisor(), 2);
  EXPECT_EQ(ceilDiv(Int::unknown("M"), Int(128)).str(), "ceil_div(?M,128)");
  EXPECT_EQ(ceilDiv(Int::unknown("M"), Int(128)).lowerBound(), 1);
  EXPECT_TRUE(ceilDiv(Int::unknown("M"), Int(1)).isUnknown());
}

// The folds that hold for CuTe's formula with a >= 0 do not hold for a
// negative `a`: the simplified value evaluates as the constants would.
TEST(Simplify, CeilDivFoldsOnlyWhereItsValueIsTheCeiling) {
  Int n = Int::unknown("N"), n2 = Int::unknown("N", 2);
  Int negative = Int(0) - n, negativeEven = Int(0) - n2;
  EXPECT_FALSE(ceilDiv(negative, negative).isStatic());
  EXPECT_NE(ceilDiv(negativeEven, Int(2)).str(), (negativeEven / Int(2)).str());
  EXPECT_EQ(ceilDiv(negativeEven, Int(2)).divisor(), 1);
  for (int64_t v : {1, 2, 3, 4, 6, 7}) {
    Int c(-v);
    EXPECT_EQ(evaluate(ceilDiv(negative, negative), {{"N", v}}),
              ceilDiv(c, c).value())
        << v;
    EXPECT_EQ(evaluate(ceilDiv(n, Int(-2)), {{"N", v}}),
              ceilDiv(Int(v), Int(-2)).value())
        << v;
    if (v % 2 == 0)
      EXPECT_EQ(evaluate(ceilDiv(negativeEven, Int(2)), {{"N", v}}),
                ceilDiv(c, Int(2)).value())
          << v;
  }
}

// c * (x / c) is x when c divides x; logical_divide((?N{div=16},4):(1,?N),
// 16:1) relies on it (see DynamicAgreement).
TEST(Simplify, MultiplyingBackAnExactQuotientGivesTheDividend) {
  Int n = Int::unknown("N", 16);
  EXPECT_TRUE((Int(16) * (n / Int(16))).identical(n))
      << (Int(16) * (n / Int(16))).str();
  EXPECT_TRUE(((n / Int(16)) * Int(16)).identical(n));
}

TEST(Simplify, PrintsNestedExpressionsWithParentheses) {
  Int m = Int::unknown("M"), n = Int::unknown("N");
  EXPECT_EQ((m + (n - Int(1)) * m).str(), "?M+((?N-1)*?M)");
  EXPECT_EQ((Int(8192) * (ceilDiv(m, Int(128)) * ceilDiv(n, Int(64)))).str(),
            "8192*(ceil_div(?M,128)*ceil_div(?N,64))");
  EXPECT_EQ(max(m, n).str(), "max(?M,?N)");
  EXPECT_EQ((m % n).str(), "?M%?N");
}

TEST(Simplify, DerivesDivisorsAndBoundsOfExpressions) {
  Int n = Int::unknown("N", 16);
  EXPECT_EQ((n * Int(3)).divisor(), 48);
  EXPECT_EQ((n + Int(8)).divisor(), 8);
  EXPECT_EQ((n + Int(8)).lowerBound(), 24);
  Int m = Int::unknown("M");
  EXPECT_EQ((m % Int(8)).lowerBound(), 0);
  EXPECT_EQ((m % Int(8)).upperBound(), 7);
  EXPECT_EQ(min(m, Int(8)).upperBound(), 8);
  EXPECT_EQ(min(m, Int(8)).lowerBound(), 1);
  EXPECT_EQ((m * n).lowerBound(), 16);
  EXPECT_EQ((m * n).divisor(), 16);
}

TEST(Simplify, DivisionAndModuloSplitASumWhereTheDivisorDividesATerm) {
  // A coordinate tile packs (m, k) as m + k * 2^24: dividing out k's mode
  // takes k's term exactly, and the remainder is m's part alone, so no
  // 64-bit product k * 2^31 is formed (ptxas 13.0 miscompiled one).
  Int m = Int::unknown("M"), k = Int::unknown("K");
  Int packed = m * Int(32) + k * Int(int64_t(1) << 31);
  Int kPart = packed / Int(1 << 24);
  Int mPart = packed % Int(1 << 24);
  EXPECT_EQ(kPart.str(), (m * Int(32) / Int(1 << 24) + k * Int(128)).str());
  EXPECT_EQ(mPart.str(), (m * Int(32) % Int(1 << 24)).str());
  // Either term may be the multiple.
  EXPECT_EQ(((k * Int(1 << 24) + m) % Int(1 << 24)).str(),
            (m % Int(1 << 24)).str());
  // Neither is: the sum stays whole.
  EXPECT_EQ(((m + k) / Int(8)).str(), "(?M+?K)/8");
  // The values agree with the unsplit arithmetic.
  for (int64_t mv : {0, 1, 5, 100000})
    for (int64_t kv : {1, 2, 300}) {
      auto valueOf = [&](const Int &u) -> std::optional<int64_t> {
        return u.identical(m)   ? mv
               : u.identical(k) ? kv
                                : std::optional<int64_t>();
      };
      int64_t whole = mv * 32 + kv * (int64_t(1) << 31);
      EXPECT_EQ(kPart.evaluate(valueOf), whole / (1 << 24));
      EXPECT_EQ(mPart.evaluate(valueOf), whole % (1 << 24));
    }
}

//===----------------------------------------------------------------------===//
// Identity and evaluation
//===----------------------------------------------------------------------===//

TEST(Identical, IsStructuralOverTheSameUnknowns) {
  Int m = Int::unknown("M");
  EXPECT_TRUE(m.identical(m));
  EXPECT_TRUE((m + Int(1)).identical(m + Int(1)));
  EXPECT_TRUE((m + Int(1)).identical(Int(1) + m));
  EXPECT_TRUE(ceilDiv(m, Int(4)).identical(ceilDiv(m, Int(4))));
  EXPECT_FALSE(ceilDiv(m, Int(4)).identical(ceilDiv(m, Int(8))));
  // Two unknowns are never identical, whatever their names.
  EXPECT_FALSE(m.identical(Int::unknown("M")));
  EXPECT_FALSE(m.identical(Int(1)));
  EXPECT_TRUE(Int(4).identical(Int(4)));
  EXPECT_FALSE(Int(4).identical(Int(5)));
}

TEST(IntEvaluate, SubstitutesValuesForTheUnknowns) {
  Int m = Int::unknown("M"), n = Int::unknown("N");
  Int e = ceilDiv(m, Int(128)) * n + (m % Int(7)) - min(m, n);
  for (int64_t mv : {1, 127, 128, 129, 1000})
    for (int64_t nv : {1, 64, 100})
      EXPECT_EQ(evaluate(e, {{"M", mv}, {"N", nv}}),
                (mv + 127) / 128 * nv + mv % 7 - std::min(mv, nv))
          << mv << "," << nv;
  EXPECT_EQ(evaluate(Int(5), {}), 5);
}

TEST(IntEvaluate, FailsWhenAValueIsMissingOrADivisorIsZero) {
  Int m = Int::unknown("M"), n = Int::unknown("N");
  EXPECT_EQ(evaluate(m + n, {{"M", 3}}), std::nullopt);
  EXPECT_EQ(evaluate(m / n, {{"M", 3}, {"N", 0}}), std::nullopt);
  EXPECT_EQ(evaluate(m * n, {{"M", INT64_MAX}, {"N", 2}}), std::nullopt);
}

//===----------------------------------------------------------------------===//
// Overflow
//===----------------------------------------------------------------------===//

TEST(OverflowScope, SeesOverflowInConstantArithmetic) {
  {
    OverflowScope scope;
    Int sum = Int(INT64_MAX) + Int(1);
    (void)sum;
    EXPECT_TRUE(scope.overflowed());
  }
  {
    OverflowScope scope;
    Int product = Int(int64_t(1) << 62) * Int(4);
    (void)product;
    EXPECT_TRUE(scope.overflowed());
  }
  {
    OverflowScope scope;
    Int quotient = Int(INT64_MIN) / Int(-1);
    (void)quotient;
    EXPECT_TRUE(scope.overflowed());
  }
}

TEST(OverflowScope, TreatsDivisionByStaticZeroAsOverflow) {
  OverflowScope scope;
  Int q = Int(4) / Int(0);
  EXPECT_TRUE(q.is(0));
  EXPECT_TRUE(scope.overflowed());
}

TEST(OverflowScope, TheOutermostScopeStartsClean) {
  {
    OverflowScope scope;
    Int sum = Int(INT64_MAX) + Int(1);
    (void)sum;
  }
  OverflowScope outer;
  EXPECT_FALSE(outer.overflowed());
  Int fine = Int(INT64_MAX - 1) + Int(1);
  EXPECT_TRUE(fine.is(INT64_MAX));
  EXPECT_FALSE(outer.overflowed());
  {
    OverflowScope inner;
    Int sum = Int(INT64_MAX) + Int(1);
    (void)sum;
    EXPECT_TRUE(inner.overflowed());
  }
  // An inner scope does not reset what the outer one saw.
  EXPECT_TRUE(outer.overflowed());
}

//===----------------------------------------------------------------------===//
// Truth
//===----------------------------------------------------------------------===//

TEST(Truth, IsKleenesThreeValuedLogic) {
  const Truth T = Truth::True, F = Truth::False, U = Truth::Unknown;
  EXPECT_EQ(T && U, U);
  EXPECT_EQ(F && U, F);
  EXPECT_EQ(T && T, T);
  EXPECT_EQ(T || U, T);
  EXPECT_EQ(F || U, U);
  EXPECT_EQ(F || F, F);
  EXPECT_EQ(!U, U);
  EXPECT_EQ(!T, F);
  EXPECT_EQ(!F, T);
}

} // namespace
