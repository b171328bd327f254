//===- SwizzleTest.cpp - Swizzles and composed layouts --------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Swizzle<B,M,S> against pycute's test_swizzle.py probes, its masks and
// parameter checks, composed layouts `outer o offset o inner`, and the casts
// of both.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "cute-mlir/Layout/Notation.h"
#include "cute-mlir/Layout/Swizzle.h"

#include "gtest/gtest.h"

using namespace mlir::cute;
using namespace mlir::cute::test;

namespace {

Swizzle swizzle(int b, int m, int s) {
  Result<Swizzle> sw = Swizzle::get(b, m, s);
  if (!sw) {
    ADD_FAILURE() << sw.message();
    return *Swizzle::get(0, 0, 0);
  }
  return *sw;
}

ComposedLayout composed(std::string_view text) {
  Result<ComposedLayout> c = parseComposedLayout(text);
  if (!c) {
    ADD_FAILURE() << "cannot parse " << text << ": " << c.message();
    return ComposedLayout(Layout(), 0, Layout());
  }
  return *c;
}

//===----------------------------------------------------------------------===//
// Swizzle functions
//===----------------------------------------------------------------------===//

struct ProbeCase {
  const char *layout;
  int64_t offsets[12];
};

TEST(Swizzle, MatchesPycutesProbesThroughAComposedLayout) {
  // test/python/pycute/test_swizzle.py, offsets 0 1 2 7 8 9 15 16 63 64 255
  // 256 through `Sw<B,M,S> o 0 o 512:1`.
  const int64_t probes[12] = {0, 1, 2, 7, 8, 9, 15, 16, 63, 64, 255, 256};
  const ProbeCase cases[] = {
      {"Sw<0,4,0> o 0 o 512:1", {0, 1, 2, 7, 8, 9, 15, 16, 63, 64, 255, 256}},
      {"Sw<2,3,-3> o 0 o 512:1",
       {0, 1, 2, 7, 72, 73, 79, 144, 255, 64, 63, 256}},
      {"Sw<1,0,1> o 0 o 512:1", {0, 1, 3, 6, 8, 9, 14, 16, 62, 64, 254, 256}},
      {"Sw<3,2,3> o 0 o 512:1", {0, 1, 2, 7, 8, 9, 15, 16, 59, 72, 227, 256}},
      {"Sw<2,1,-2> o 0 o 512:1",
       {0, 1, 10, 31, 8, 9, 23, 16, 39, 64, 231, 256}},
  };
  for (const ProbeCase &c : cases) {
    ComposedLayout l = composed(c.layout);
    for (int k = 0; k < 12; ++k)
      EXPECT_EQ(show(l(IntTuple(probes[k]))), std::to_string(c.offsets[k]))
          << c.layout << " at " << probes[k];
  }
}

TEST(Swizzle, XorsTheYyyBitsIntoTheZzzBits) {
  // Sw<3,4,3>: YYY = bits 7..9, ZZZ = bits 4..6 (the 128-byte swizzle).
  Swizzle sw = swizzle(3, 4, 3);
  EXPECT_EQ(sw.yyyMask(), 0x380u);
  EXPECT_EQ(sw.zzzMask(), 0x70u);
  EXPECT_EQ(sw(0x80), 0x90);
  EXPECT_EQ(sw(0x3FF), 0x38F);
  EXPECT_EQ(sw.period(), 1024);
  // A negative shift moves the YYY mask below the ZZZ mask.
  Swizzle neg = swizzle(2, 1, -2);
  EXPECT_EQ(neg.yyyMask(), 0x6u);
  EXPECT_EQ(neg.zzzMask(), 0x18u);
  EXPECT_EQ(neg.period(), 32);
  EXPECT_EQ(sw.str(), "Sw<3,4,3>");
  EXPECT_TRUE(sw == swizzle(3, 4, 3));
  EXPECT_FALSE(sw == swizzle(3, 4, -3));
}

TEST(Swizzle, WithZeroBitsIsTheIdentity) {
  Swizzle id = swizzle(0, 4, 0);
  for (int64_t x : {0, 1, 17, 1000})
    EXPECT_EQ(id(x), x);
  // An identity swizzle passes a dynamic offset through.
  Int n = Int::unknown("N");
  Result<Int> r = applySwizzle(id, n);
  ASSERT_TRUE(r) << r.message();
  EXPECT_TRUE(r->identical(n));
}

TEST(Swizzle, OfADynamicOffsetIsAnExpressionAndOfAStaticOneAValue) {
  // Sw<3,4,3>: bits 7..9 are XORed into bits 4..6.
  EXPECT_EQ(show(applySwizzle(swizzle(3, 4, 3), Int(0x80))), "144");
  Result<Int> r = applySwizzle(swizzle(3, 4, 3), Int::unknown("N"));
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(r->str(), "(?N-(16*((?N/16)%8)))+(16*(((?N/16)%8)^((?N/128)%8)))");
}

TEST(Swizzle, RejectsParametersCuTeRejects) {
  struct Bad {
    int b, m, s;
    const char *message;
  } cases[] = {
      {3, 4, 2, "swizzle: |S| must be at least B, got S=2 and B=3"},
      {3, 4, -2, "swizzle: |S| must be at least B, got S=-2 and B=3"},
      {-1, 4, 3, "swizzle: B must be non-negative, got -1"},
      {3, -1, 3, "swizzle: M must be non-negative, got -1"},
      {3, 30, 3, "swizzle: B+M+|S| must be at most 31, got 36"},
      // The sum wraps around in 32 bits.
      {1, INT32_MAX, INT32_MAX,
       "swizzle: B+M+|S| must be at most 31, got 4294967295"},
  };
  for (const Bad &c : cases) {
    Result<Swizzle> sw = Swizzle::get(c.b, c.m, c.s);
    ASSERT_FALSE(sw) << c.b << "," << c.m << "," << c.s;
    EXPECT_EQ(sw.message(), c.message);
  }
  EXPECT_TRUE(Swizzle::get(3, 4, -3));
  EXPECT_TRUE(Swizzle::get(0, 0, 0));
}

//===----------------------------------------------------------------------===//
// Composed layouts
//===----------------------------------------------------------------------===//

TEST(ComposedLayout, AddsTheOffsetThenAppliesTheOuterFunction) {
  ComposedLayout sw = composed("Sw<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(show(sw(IntTuple::tuple({1, 2}))), "66");
  EXPECT_EQ(show(sw(IntTuple::tuple({2, 0}))), "144");
  ComposedLayout outer = composed("(4,2):(2,1) o 1 o 8:1");
  EXPECT_EQ(show(outer(IntTuple(3))), "1");
  EXPECT_EQ(show(outer(IntTuple(0))), "2");
  // A row of the 4x4 XOR swizzle is a permutation of the row.
  ComposedLayout xor4 = composed("Sw<2,0,2> o 0 o (4,4):(4,1)");
  std::string row;
  for (int64_t j = 0; j < 4; ++j)
    row += show(xor4(IntTuple::tuple({1, j}))) + " ";
  EXPECT_EQ(row, "5 4 7 6 ");
}

TEST(ComposedLayout, WithALayoutOuterPrintsLikeItsNotation) {
  ComposedLayout c(layout("(4,2):(2,1)"), 1, layout("8:1"));
  EXPECT_EQ(c.str(), "(4,2):(2,1) o 1 o 8:1");
  EXPECT_EQ(c.str(), composed("(4,2):(2,1) o 1 o 8:1").str());
  EXPECT_EQ(show(c(IntTuple(3))), "1");
}

TEST(ComposedLayout, TilingActsOnTheInnerLayout) {
  ComposedLayout c = composed("Sw<3,4,3> o 0 o (8,64):(64,1)");
  Result<Layout> divided = logicalDivide(c.inner(), *parseTiler("(8,8)"));
  ASSERT_TRUE(divided) << divided.message();
  EXPECT_EQ(c.withInner(*divided).str(),
            "Sw<3,4,3> o 0 o ((8,1),(8,8)):((64,0),(1,8))");
}

TEST(ComposedLayout, UpcastAndDowncastEveryPart) {
  ComposedLayout c = composed("Sw<3,4,3> o 0 o (8,64):(64,1)");
  EXPECT_EQ(show(upcast(c, 2)), "Sw<3,3,3> o 0 o (8,32):(32,1)");
  EXPECT_EQ(show(downcast(c, 2)), "Sw<3,5,3> o 0 o (8,128):(128,1)");
  EXPECT_EQ(show(upcast(composed("Sw<3,4,3> o 8 o (8,64):(64,1)"), 2)),
            "Sw<3,3,3> o 4 o (8,32):(32,1)");
  Result<ComposedLayout> bad =
      upcast(composed("Sw<3,4,3> o 3 o (8,64):(64,1)"), 2);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message(), "upcast: offset 3 is not a multiple of 2");
}

//===----------------------------------------------------------------------===//
// Casts of swizzles
//===----------------------------------------------------------------------===//

TEST(SwizzleCast, MovesTheBaseByLog2OfTheFactor) {
  Swizzle sw = swizzle(3, 4, 3);
  EXPECT_EQ(show(upcast(sw, 4)), "Sw<3,2,3>");
  EXPECT_EQ(show(downcast(sw, 2)), "Sw<3,5,3>");
  EXPECT_EQ(show(upcast(sw, 1)), "Sw<3,4,3>");
  // Below bit 0 the bits fall off, as CuTe's upcast does.
  EXPECT_EQ(show(upcast(sw, 32)), "Sw<2,0,3>");
  EXPECT_EQ(show(upcast(sw, 1024)), "Sw<0,0,3>");
}

TEST(SwizzleCast, AgreesWithTheLayoutCastOnWholeElements) {
  // Pairs of 16-bit elements seen as 32-bit ones: element (i,2j) of the
  // 16-bit layout lies at twice the offset of element (i,j) of the upcast
  // layout (Sw<3,4,3> on 16-bit elements is Sw<3,3,3> on 32-bit ones).
  ComposedLayout c = composed("Sw<3,4,3> o 0 o (8,64):(64,1)");
  Result<ComposedLayout> up = upcast(c, 2);
  ASSERT_TRUE(up) << up.message();
  for (int64_t i = 0; i < 8; ++i) {
    for (int64_t j = 0; j < 32; ++j) {
      Result<Int> narrow = c(IntTuple::tuple({i, 2 * j}));
      Result<Int> wide = (*up)(IntTuple::tuple({i, j}));
      ASSERT_TRUE(narrow && wide);
      EXPECT_EQ(narrow->value(), 2 * wide->value()) << i << "," << j;
    }
  }
}

TEST(SwizzleCast, RejectsFactorsThatAreNotPowersOfTwo) {
  Result<Swizzle> r = upcast(swizzle(3, 4, 3), 3);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "swizzles can only be cast by powers of two, got 3");
  EXPECT_FALSE(downcast(swizzle(3, 4, 3), 0));
  // Downcasting past 31 bits is refused by Swizzle::get.
  EXPECT_FALSE(downcast(swizzle(3, 4, 3), int64_t(1) << 30));
}

} // namespace

namespace {

TEST(SwizzleOfDynamicOffsets, EvaluatesToTheStaticSwizzleEverywhere) {
  const int params[][3] = {{3, 4, 3}, {2, 0, -2}, {1, 2, 5}, {3, 3, -3}};
  for (const auto &p : params) {
    Swizzle sw = *Swizzle::get(p[0], p[1], p[2]);
    Int x = Int::unknown("x");
    Result<Int> expr = applySwizzle(sw, x);
    ASSERT_TRUE(expr) << expr.message();
    ASSERT_TRUE(expr->isDynamic());
    for (int64_t v = 0; v < 4 * sw.period(); ++v) {
      std::optional<int64_t> got =
          expr->evaluate([&](const Int &) { return v; });
      ASSERT_TRUE(got.has_value());
      ASSERT_EQ(*got, sw(v)) << sw.str() << " at " << v << ": " << expr->str();
    }
  }
}

/// Checks `expr` against the swizzle of `offset` for every a in [0, aMax]
/// and b in [0, bMax] (the unknowns named "a" and "b"; "s" is b too).
void expectSwizzleEverywhere(const Swizzle &sw, const Int &offset,
                             const Int &expr, int64_t aMax, int64_t bMax) {
  for (int64_t a = 0; a <= aMax; ++a)
    for (int64_t b = 0; b <= bMax; ++b) {
      auto valueOf = [&](const Int &u) -> std::optional<int64_t> {
        return u.unknownName() == "a" ? a : b;
      };
      std::optional<int64_t> want = offset.evaluate(valueOf);
      std::optional<int64_t> got = expr.evaluate(valueOf);
      ASSERT_TRUE(want && got);
      ASSERT_EQ(*got, sw(*want))
          << sw.str() << " of " << offset.str() << " at a=" << a << ", b=" << b
          << ": " << expr.str();
    }
}

TEST(SwizzleOfDynamicOffsets, TermsThatAreMultiplesOfThePeriodPassThrough) {
  // A stage of 8192 elements under Sw<3,3,3> (period 512): the swizzle of
  // a thread offset plus the stage is the thread offset's swizzle plus it.
  Swizzle sw = swizzle(3, 3, 3);
  Int thread = Int::unknownInRange("a", 0, 4095);
  Int stage = Int(8192) * Int::unknownInRange("b", 0, 3);
  Result<Int> split = applySwizzle(sw, thread + stage);
  Result<Int> alone = applySwizzle(sw, thread);
  ASSERT_TRUE(split && alone);
  EXPECT_TRUE(split->identical(stage + *alone)) << split->str();
  expectSwizzleEverywhere(sw, thread + stage, *split, 4095, 3);
}

TEST(SwizzleOfDynamicOffsets, AConstantWhoseBitsCannotMeetTheOffsetIsXored) {
  // ldmatrix's thread offset in a 64-wide Sw<3,3,3> tile: its row (bits
  // 6-8) and its 8-element half (bit 3). The k-block offset 16 (bit 4) is
  // swizzled apart and XORed in: bit 4 may also be set by the row's bits.
  Swizzle sw = swizzle(3, 3, 3);
  Int thread = Int(64) * Int::unknownInRange("a", 0, 7) +
               Int(8) * Int::unknownInRange("b", 0, 1);
  Result<Int> swizzled = applySwizzle(sw, thread);
  Result<Int> withK = applySwizzle(sw, thread + Int(16));
  ASSERT_TRUE(swizzled && withK);
  EXPECT_TRUE(withK->identical(bitXor(*swizzled, Int(16)))) << withK->str();
  expectSwizzleEverywhere(sw, thread + Int(16), *withK, 7, 1);
  // A 16-row step (1024) is a multiple of the period: added, not swizzled.
  Result<Int> nextRows = applySwizzle(sw, thread + Int(1024 + 48));
  ASSERT_TRUE(nextRows);
  EXPECT_TRUE(nextRows->identical(bitXor(*swizzled, Int(48)) + Int(1024)))
      << nextRows->str();
  expectSwizzleEverywhere(sw, thread + Int(1024 + 48), *nextRows, 7, 1);
}

TEST(SwizzleOfDynamicOffsets, AConstantTheSwizzledOffsetCannotMeetIsAdded) {
  // Bits 6-8 swizzle into bits 3-5; bit 0 is set by neither.
  Swizzle sw = swizzle(3, 3, 3);
  Int rows = Int(64) * Int::unknownInRange("a", 0, 7);
  Result<Int> swizzled = applySwizzle(sw, rows);
  Result<Int> plusOne = applySwizzle(sw, rows + Int(1));
  ASSERT_TRUE(swizzled && plusOne);
  EXPECT_TRUE(plusOne->identical(*swizzled + Int(1))) << plusOne->str();
  expectSwizzleEverywhere(sw, rows + Int(1), *plusOne, 7, 0);
}

TEST(SwizzleOfDynamicOffsets, OverlappingBitsKeepTheWholeSwizzle) {
  // An offset that may carry into the constant's bits (a + 16 with a up to
  // 63) cannot be split; the result is still the swizzle everywhere, as it
  // is for sums of terms whose bits overlap.
  for (Swizzle sw : {swizzle(3, 3, 3), swizzle(2, 3, 3), swizzle(3, 4, -3)}) {
    Int a = Int::unknownInRange("a", 0, 63);
    Int b = Int::unknownInRange("b", 0, 5);
    for (const Int &offset :
         {a + Int(16), Int(8) * a + Int(24) * b + Int(4), Int(32) * a + b,
          Int(1024) * b + a + Int(2048 + 33)}) {
      Result<Int> expr = applySwizzle(sw, offset);
      ASSERT_TRUE(expr) << expr.message();
      expectSwizzleEverywhere(sw, offset, *expr, 63, 5);
    }
  }
}

TEST(SwizzleOfDynamicOffsets, TheIdentitySwizzleLeavesTheOffsetAlone) {
  Int x = Int::unknown("x");
  Result<Int> expr = applySwizzle(*Swizzle::get(0, 4, 3), x);
  ASSERT_TRUE(expr);
  EXPECT_TRUE(expr->identical(x));
}

TEST(BitXor, FoldsConstantsAndSelfCancels) {
  Int x = Int::unknown("x");
  EXPECT_EQ(bitXor(Int(6), Int(3)).value(), 5);
  EXPECT_TRUE(bitXor(x, x).is(0));
  EXPECT_TRUE(bitXor(x, Int(0)).identical(x));
  // Bounded operands give a bounded result: both below 8, so is the xor.
  Int a = Int::unknownInRange("a", 0, 7), b = Int::unknownInRange("b", 0, 5);
  EXPECT_EQ(bitXor(a, b).lowerBound(), 0);
  EXPECT_EQ(bitXor(a, b).upperBound(), 7);
}

} // namespace

namespace {

TEST(SwizzleOfDynamicOffsets, RejectsAnOffsetThatMayBeNegative) {
  Int x = Int::unknownInRange("x", -4, 100);
  Result<Int> r = applySwizzle(*Swizzle::get(3, 4, 3), x);
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("may be negative"), std::string::npos)
      << r.message();
}

} // namespace
