//===- ComplementInverseTest.cpp - complement, inverses, common vectors ---===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// complement against media/docs/cpp/cute/02_layout_algebra.md, the right and
// left inverses and max_common_* against CuTe's postconditions in
// layout.hpp, and the inputs each of them rejects.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

using namespace mlir::cute;
using namespace mlir::cute::test;

namespace {

int64_t at(const Layout &l, int64_t i) {
  Result<Int> v = l(IntTuple(i));
  EXPECT_TRUE(v && v->isStatic()) << l.str() << " at " << i;
  return v && v->isStatic() ? v->value() : -1;
}

/// An operation on two notations and its expected result.
struct BinaryCase {
  const char *layout;
  const char *argument;
  const char *expected;
};

/// An operation on one notation and its expected result.
struct UnaryCase {
  const char *input;
  const char *expected;
};

//===----------------------------------------------------------------------===//
// Complement
//===----------------------------------------------------------------------===//

TEST(Complement, ReproducesTheDocumentationExamples) {
  const BinaryCase cases[] = {
      // media/docs/cpp/cute/02_layout_algebra.md (also 02_layout_operations)
      {"4:1", "24", "6:4"},
      {"6:4", "24", "4:1"},
      {"(4,6):(1,4)", "24", "1:0"},
      {"4:2", "24", "(2,3):(1,8)"},
      {"(2,4):(1,6)", "24", "3:2"},
      {"(2,2):(1,6)", "24", "(3,2):(2,12)"},
      // Logical product 1-D, step A*.
      {"(2,2):(4,1)", "24", "(2,3):(2,8)"},
  };
  for (const BinaryCase &c : cases)
    EXPECT_EQ(show(complement(layout(c.layout), tuple(c.argument))), c.expected)
        << "complement(" << c.layout << ", " << c.argument << ")";
}

TEST(Complement, CompletesTheLayoutToTheCotarget) {
  const BinaryCase cases[] = {
      {"(4,6):(1,4)", "48", "2:24"},
      {"((2,2),2):((1,8),4)", "64", "(2,4):(2,16)"},
      // A cotarget smaller than the layout leaves nothing to complete.
      {"8:1", "4", "1:0"},
      // A shape as the cotarget: ceil_div((4,7), 4) = (1,7).
      {"4:1", "(4,7)", "7:4"},
      // A stride-0 layout reaches only 0: the complement is the cotarget.
      {"4:0", "8", "8:1"},
      {"4:0", "(4,7)", "28:1"},
  };
  for (const BinaryCase &c : cases)
    EXPECT_EQ(show(complement(layout(c.layout), tuple(c.argument))), c.expected)
        << "complement(" << c.layout << ", " << c.argument << ")";
}

TEST(Complement, WithoutACotargetGoesUpToTheCosize) {
  EXPECT_EQ(show(complement(layout("(2,2):(1,6)"))), "3:2");
  EXPECT_EQ(show(complement(layout("4:2"))), "2:1");
  EXPECT_EQ(show(complement(layout("8:1"))), "1:0");
}

TEST(Complement, RejectsALayoutThatRevisitsAValue) {
  // CuTe: "Non-injective Layout detected in complement."
  for (const char *l : {"(2,2):(1,1)", "(2,2):(2,2)", "(4,2):(1,2)"}) {
    Result<Layout> r = complement(layout(l), tuple("16"));
    ASSERT_FALSE(r) << l << " -> " << r->str();
    EXPECT_EQ(r.message(),
              std::string("complement: non-injective layout ") + l);
  }
}

TEST(Complement, RejectsDynamicStridesAboveRankOne) {
  // CuTe: "Dynamic-stride complement only for rank-1 layouts".
  Result<Layout> r = complement(layout("(2,2):(1,?S)"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("dynamic strides are supported only for rank-1 "
                             "layouts"),
            std::string::npos)
      << r.message();
}

//===----------------------------------------------------------------------===//
// Right inverse
//===----------------------------------------------------------------------===//

TEST(RightInverse, OfAPermutationIsItsInversePermutation) {
  const UnaryCase cases[] = {
      {"(4,8):(8,1)", "(8,4):(4,1)"},
      {"(2,4):(4,1)", "(4,2):(2,1)"},
      {"(2,(3,4)):(12,(1,3))", "(12,2):(2,1)"},
      {"((2,2),(3,2)):((1,6),(2,12))", "(2,3,2,2):(1,4,2,12)"},
      {"(3,(2,3)):(3,(12,1))", "(3,3):(6,1)"},
  };
  for (const UnaryCase &c : cases) {
    Layout l = layout(c.input);
    Layout r = rightInverse(l);
    EXPECT_EQ(r.str(), c.expected) << c.input;
    for (int64_t i = 0, n = size(r).value(); i < n; ++i)
      EXPECT_EQ(at(l, at(r, i)), i) << c.input << " at " << i;
  }
}

TEST(RightInverse, StopsWhereTheImageStopsBeingContiguous) {
  EXPECT_EQ(rightInverse(layout("(2,4):(1,4)")).str(), "2:1");
  EXPECT_EQ(rightInverse(layout("4:2")).str(), "1:0");
  EXPECT_EQ(rightInverse(layout("(4,2):(1,0)")).str(), "4:1");
  EXPECT_EQ(rightInverse(layout("1:0")).str(), "1:0");
}

TEST(Inverses, BreakTiesBetweenEqualStridesAsCuTesSortDoes) {
  // A layout that is not injective has modes of equal stride; CuTe sorts
  // them with an exchange sort, which is not stable, and the inverse takes
  // the mode that comes first. The answers are compiled CuTe's.
  EXPECT_EQ(rightInverse(layout("((8,32),2):((1,1),0)")).str(), "32:8");
  EXPECT_EQ(rightInverse(layout("(4,2,3):(1,1,4)")).str(), "(4,3):(1,8)");
  EXPECT_EQ(show(leftInverse(layout("((2,5),2):((10,10),0)"))), "(10,2):(0,1)");
  EXPECT_EQ(show(leftInverse(layout("(3,2,4):(4,4,1)"))), "(4,3):(6,1)");
}

TEST(RightInverse, ComposedWithTheLayoutIsTheIdentity) {
  // CuTe: composition(layout, right_inverse(layout)) is identical to
  // make_layout(shape(result)) up to coalescing.
  for (const char *text : {"(4,8):(8,1)", "((2,2),(3,2)):((1,6),(2,12))",
                           "(2,(3,4)):(12,(1,3))"}) {
    Layout l = layout(text);
    Result<Layout> id = composition(l, rightInverse(l));
    ASSERT_TRUE(id) << id.message();
    EXPECT_EQ(coalesce(*id).str(), size(l).str() + ":1") << text;
  }
}

//===----------------------------------------------------------------------===//
// Left inverse
//===----------------------------------------------------------------------===//

TEST(LeftInverse, MapsEveryValueOfAnInjectiveLayoutBackToItsIndex) {
  const UnaryCase cases[] = {
      {"(4,8):(8,1)", "(8,4):(4,1)"}, {"(2,4):(1,4)", "(4,4):(1,2)"},
      {"(2,2):(1,6)", "(6,2):(1,2)"}, {"(3,2):(2,1)", "(2,3):(3,1)"},
      {"(2,2):(1,2)", "4:1"},         {"1:0", "1:0"},
  };
  for (const UnaryCase &c : cases) {
    Layout l = layout(c.input);
    Result<Layout> inv = leftInverse(l);
    ASSERT_TRUE(inv) << c.input << ": " << inv.message();
    EXPECT_EQ(inv->str(), c.expected) << c.input;
    for (int64_t i = 0, n = size(l).value(); i < n; ++i)
      EXPECT_EQ(at(*inv, at(l, i)), i) << c.input << " at " << i;
  }
}

TEST(LeftInverse, IsAQuasiInverseWhenStridesAreZero) {
  // CuTe: layout(result(layout(i))) == layout(i).
  EXPECT_EQ(show(leftInverse(layout("(4,2):(1,0)"))), "4:1");
  EXPECT_EQ(show(leftInverse(layout("4:2"))), "(2,4):(0,1)");
  Layout l = layout("(4,2,3):(3,0,1)");
  Result<Layout> inv = leftInverse(l);
  ASSERT_TRUE(inv) << inv.message();
  for (int64_t i = 0; i < 24; ++i)
    EXPECT_EQ(at(l, at(*inv, at(l, i))), at(l, i)) << i;
}

TEST(LeftInverse, RejectsAStrideThatTheCoveredRangeDoesNotDivide) {
  // CuTe: "Left inverse divisibility condition".
  Result<Layout> r = leftInverse(layout("(2,2):(3,2)"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "left_inverse: divisibility condition violated: "
                         "stride 3 is not divisible by 2");
}

TEST(LeftInverse, RejectsDynamicStrides) {
  // CuTe: "Left inverse requires static strides."
  Result<Layout> r = leftInverse(layout("4:?S"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(),
            "left_inverse: needs static strides, but 4:?S has a dynamic one");
}

//===----------------------------------------------------------------------===//
// Common vectors
//===----------------------------------------------------------------------===//

TEST(MaxCommonVector, CountsTheContiguousElementsBothLayoutsAgreeOn) {
  const BinaryCase cases[] = {
      {"(4,8):(1,4)", "(4,8):(1,4)", "32"},
      // Same function, different shape.
      {"(4,8):(1,4)", "(4,(4,2)):(1,(4,16))", "32"},
      {"(4,8):(8,1)", "(4,8):(1,4)", "1"},
      {"(8,4):(4,1)", "(8,4):(1,8)", "1"},
      {"(8,4):(1,16)", "(8,4):(1,8)", "8"},
  };
  for (const BinaryCase &c : cases)
    EXPECT_EQ(show(maxCommonVector(layout(c.layout), layout(c.argument))),
              c.expected)
        << c.layout << ", " << c.argument;
}

TEST(MaxCommonLayout, PointsAtTheCommonElementsOfBoth) {
  // CuTe: for all i < size(R), a(R(i)) == i and b(R(i)) == i.
  const BinaryCase cases[] = {
      {"(4,8):(1,4)", "(4,8):(1,4)", "32:1"},
      {"(4,8):(8,1)", "(4,8):(8,1)", "(8,4):(4,1)"},
      {"(2,4):(1,2)", "(2,4):(4,1)", "1:0"},
  };
  for (const BinaryCase &c : cases) {
    Layout a = layout(c.layout), b = layout(c.argument);
    Result<Layout> r = maxCommonLayout(a, b);
    ASSERT_TRUE(r) << r.message();
    EXPECT_EQ(r->str(), c.expected) << c.layout << ", " << c.argument;
    for (int64_t i = 0, n = size(*r).value(); n > 1 && i < n; ++i) {
      EXPECT_EQ(at(a, at(*r, i)), i);
      EXPECT_EQ(at(b, at(*r, i)), i);
    }
  }
}

} // namespace

namespace {

TEST(Complement, RejectsNegativeStridesItCannotOrder) {
  Result<Layout> r = complement(*parseLayout("4:-1"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "complement: needs non-negative strides, but 4:-1 "
                         "has the stride -1");
}

} // namespace
