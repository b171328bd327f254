//===- CoalesceCompositionTest.cpp - coalesce, filter and composition -----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The worked examples of media/docs/cpp/cute/02_layout_algebra.md and
// media/docs/cute/02_layout_operations.md for coalesce and composition, the
// corner cases CuTe's layout.hpp handles specially, and the conditions under
// which composition is rejected.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

using namespace mlir::cute;
using namespace mlir::cute::test;

namespace {

/// An operation on two notations and its expected result.
struct BinaryCase {
  const char *lhs;
  const char *rhs;
  const char *expected;
};

/// An operation on one notation and its expected result.
struct UnaryCase {
  const char *input;
  const char *expected;
};

//===----------------------------------------------------------------------===//
// Coalesce and filter
//===----------------------------------------------------------------------===//

TEST(Coalesce, MergesModesWhoseStridesContinueEachOther) {
  const UnaryCase cases[] = {
      // media/docs/cpp/cute/02_layout_algebra.md
      {"(2,(1,6)):(1,(6,2))", "12:1"},
      // media/docs/cute/02_layout_operations.md: row-major does not coalesce.
      {"(2,2):(2,1)", "(2,2):(2,1)"},
      {"((4,1),(2,3)):((1,0),(4,8))", "24:1"},
      {"(4,1):(1,0)", "4:1"},
      {"(1,1):(3,5)", "1:0"},
      {"(4,(2,3)):(2,(8,16))", "24:2"},
      {"(4,(2,3)):(2,(8,17))", "(8,3):(2,17)"},
      {"8:-1", "8:-1"},
      {"(2,4):(-1,-2)", "8:-1"},
  };
  for (const UnaryCase &c : cases)
    EXPECT_EQ(coalesce(layout(c.input)).str(), c.expected) << c.input;
}

TEST(Coalesce, ByModeCoalescesEachModeOfTheProfile) {
  // media/docs/cpp/cute/02_layout_algebra.md: coalesce(a, Step<_1,_1>{}).
  EXPECT_EQ(show(coalesce(layout("(2,(1,6)):(1,(6,2))"), tuple("(1,1)"))),
            "(2,6):(1,2)");
  EXPECT_EQ(show(coalesce(layout("(4,(2,3)):(1,(4,8))"), tuple("(1,1)"))),
            "(4,6):(1,4)");
  // Modes past the profile are kept as they are.
  EXPECT_EQ(show(coalesce(layout("((2,2),(3,1)):((1,2),(4,0))"), tuple("(1)"))),
            "(4,(3,1)):(1,(4,0))");
  // A leaf profile coalesces the whole layout.
  EXPECT_EQ(show(coalesce(layout("(2,(1,6)):(1,(6,2))"), tuple("1"))), "12:1");
}

TEST(Coalesce, ByModeRejectsAProfileWithMoreModesThanTheLayout) {
  Result<Layout> r = coalesce(layout("(2,2):(1,2)"), tuple("(1,1,1)"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("profile (1,1,1) has more modes than the layout"),
            std::string::npos)
      << r.message();
}

TEST(Filter, DropsZeroStridesAndUnitModesThenCoalesces) {
  EXPECT_EQ(filter(layout("(2,(1,6)):(0,(6,2))")).str(), "6:2");
  EXPECT_EQ(filter(layout("(4,(1,3)):(0,(5,1))")).str(), "3:1");
  EXPECT_EQ(filter(layout("(4,2):(0,0)")).str(), "1:0");
  EXPECT_EQ(show(filter(layout("((2,2),(3,4)):((0,1),(0,3))"), tuple("(1,1)"))),
            "(2,4):(1,3)");
}

TEST(FilterZeros, ReplacesStrideZeroModesBySizeOne) {
  EXPECT_EQ(filterZeros(layout("(4,2):(0,1)")).str(), "(1,2):(0,1)");
  EXPECT_EQ(filterZeros(layout("((4,3),2):((0,1),0)")).str(),
            "((1,3),1):((0,1),0)");
}

//===----------------------------------------------------------------------===//
// Composition: worked examples
//===----------------------------------------------------------------------===//

TEST(Composition, ReproducesTheDocumentationExamples) {
  const BinaryCase cases[] = {
      // media/docs/cpp/cute/02_layout_algebra.md, Example 1 and its sub-step.
      {"(6,2):(8,2)", "(4,3):(3,1)", "((2,2),3):((24,2),8)"},
      {"(6,2):(8,2)", "4:3", "(2,2):(24,2)"},
      // Example 2: reshape a vector.
      {"20:2", "(5,4):(4,1)", "(5,4):(8,2)"},
      {"20:2", "5:4", "5:8"},
      {"20:2", "4:1", "4:2"},
      // Example 3 (static-int print) and its sub-step.
      {"(10,2):(16,4)", "(5,4):(1,5)", "(5,(2,2)):(16,(80,4))"},
      {"(10,2):(16,4)", "4:5", "(2,2):(80,4)"},
      // media/docs/cute/02_layout_operations.md: reshape a vector.
      {"20:2", "(4,5):(1,4)", "(4,5):(2,8)"},
      {"20:2", "(4,5):(5,1)", "(4,5):(10,2)"},
      {"20:2", "4:5", "4:10"},
      {"20:2", "5:1", "5:2"},
      // 02_layout_algebra.md: logical divide 1-D as a composition.
      {"(4,2,3):(2,1,8)", "(4,(2,3)):(2,(1,8))", "((2,2),(2,3)):((4,1),(2,8))"},
      // 02_layout_algebra.md: logical product 1-D step A* o B.
      {"(2,3):(2,8)", "6:1", "(2,3):(2,8)"},
  };
  for (const BinaryCase &c : cases)
    EXPECT_EQ(show(composition(layout(c.lhs), layout(c.rhs))), c.expected)
        << c.lhs << " o " << c.rhs;
}

TEST(Composition, EvaluatesToTheDocumentedTable) {
  // media/docs/cpp/cute/02_layout_algebra.md: R(0..11).
  Result<Layout> r = composition(layout("(6,2):(8,2)"), layout("(4,3):(3,1)"));
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(eval(*r), "0 24 2 26 8 32 10 34 16 40 18 42");
}

TEST(Composition, ByModeWithATilerDropsTheModesItDoesNotCover) {
  const BinaryCase cases[] = {
      // media/docs/cpp/cute/02_layout_algebra.md: tiler <3:4, 8:2>.
      {"(12,(4,8)):(59,(13,1))", "(3:4,8:2)", "(3,(2,4)):(236,(26,1))"},
      // A shape as a tiler: (3,8) stands for <3:1, 8:1>.
      {"(12,(4,8)):(59,(13,1))", "(3,8)", "(3,(4,2)):(59,(13,1))"},
      // 02_layout_algebra.md: logical divide 2-D, the tile sublayout.
      {"(9,(4,8)):(59,(13,1))", "(3:3,(2,4):(1,8))", "(3,(2,4)):(177,(13,2))"},
      // Only the first mode is tiled; the second is dropped.
      {"(8,8):(1,8)", "(4)", "(4):(1)"},
      // `_` keeps a mode as it is.
      {"(8,8):(1,8)", "(_,2:2)", "(8,2):(1,16)"},
      {"(8,8):(1,8)", "_", "(8,8):(1,8)"},
  };
  for (const BinaryCase &c : cases)
    EXPECT_EQ(show(composition(layout(c.lhs), tiler(c.rhs))), c.expected)
        << c.lhs << " o " << c.rhs;
}

//===----------------------------------------------------------------------===//
// Composition: corner cases of CuTe's composition_impl
//===----------------------------------------------------------------------===//

TEST(Composition, FlattensTheLeftOperandSoTheFunctionStaysValidPastItsDomain) {
  // coalesce_x keeps the trailing size-1 mode: A(4..7) of (4,1):(1,0) is
  // 0..3, not 4..7 as coalesce(A) = 4:1 would say.
  Layout a = layout("(4,1):(1,0)");
  Result<Layout> r = composition(a, layout("8:1"));
  ASSERT_TRUE(r) << r.message();
  EXPECT_EQ(r->str(), "(4,2):(1,0)");
  EXPECT_EQ(eval(*r), "0 1 2 3 0 1 2 3");
  for (int64_t i = 0; i < 8; ++i)
    EXPECT_EQ(show((*r)(IntTuple(i))), show(a(IntTuple(i)))) << i;
  // Beyond its size a compact layout keeps counting.
  EXPECT_EQ(show(composition(layout("4:1"), layout("8:1"))), "8:1");
  EXPECT_EQ(show(composition(layout("(4,2):(1,4)"), layout("16:1"))), "16:1");
}

TEST(Composition, WithAStrideZeroRhsIsTheRhs) {
  EXPECT_EQ(show(composition(layout("(4,6):(1,5)"), layout("3:0"))), "3:0");
  EXPECT_EQ(show(composition(layout("(4,6):(1,5)"), layout("(2,3):(1,0)"))),
            "(2,3):(1,0)");
}

TEST(Composition, WithAnIntegralLhsScalesTheRhsStride) {
  EXPECT_EQ(show(composition(layout("7:3"), layout("(2,5):(5,1)"))),
            "(2,5):(15,3)");
  EXPECT_EQ(show(composition(layout("8:-1"), layout("4:2"))), "4:-2");
}

TEST(Composition, OfTheIdentityIsTheRhs) {
  for (const char *rhs : {"(4,3):(3,1)", "((2,2),3):((1,4),16)", "6:2"})
    EXPECT_EQ(show(composition(layout("64:1"), layout(rhs))), rhs) << rhs;
}

TEST(Composition, SkipsLhsModesThatTheRhsStrideStepsOver) {
  // Stride 8 steps over the whole first mode of (8,8):(1,10); stride 8 over
  // (2,4,8):(1,3,100) steps over the modes of sizes 2 and 4.
  EXPECT_EQ(show(composition(layout("(8,8):(1,10)"), layout("4:8"))), "4:10");
  EXPECT_EQ(show(composition(layout("(2,4,8):(1,3,100)"), layout("2:8"))),
            "2:100");
}

//===----------------------------------------------------------------------===//
// Composition: rejected inputs
//===----------------------------------------------------------------------===//

TEST(Composition, RejectsAStrideThatNeitherDividesNorIsLessThanAMode) {
  // CuTe: "Stride Divisibility Condition".
  Result<Layout> r = composition(layout("(4,6):(1,5)"), layout("2:6"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "composition: stride divisibility condition "
                         "violated: 6 is neither divisible by 4 nor less than "
                         "it");
}

TEST(Composition, RejectsAShapeThatTheTakenModeDoesNotDivide) {
  // CuTe: "Shape Divisibility Condition".
  Result<Layout> r = composition(layout("(4,6):(1,5)"), layout("3:2"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "composition: shape divisibility condition "
                         "violated: 3 is not divisible by 2");
  Result<Layout> s = composition(layout("(4,6):(1,5)"), layout("6:1"));
  ASSERT_FALSE(s);
  EXPECT_NE(s.message().find("shape divisibility condition violated"),
            std::string::npos)
      << s.message();
}

TEST(Composition, RejectsATilerWithMoreModesThanTheLayout) {
  Result<Layout> r = composition(layout("(8,8):(1,8)"), tiler("(2,2,2)"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "composition: tiler (2,2,2) has 3 modes but "
                         "the layout (8,8):(1,8) has rank 2");
}

TEST(Composition, ByModeFailsWithTheConditionOfTheFailingMode) {
  Result<Layout> r =
      composition(layout("((4,6),8):((1,5),24)"), tiler("(3:2,4)"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("shape divisibility condition"), std::string::npos)
      << r.message();
}

// CuTe C++ (NVIDIA/cutlass issue #3177) checks only the weak stride condition
// `rest_stride % curr_shape == 0 || rest_stride < curr_shape` and, when the
// stride is less than the mode but does not divide it, walks on as if it did,
// breaking result(i) == lhs(rhs(i)). The library rejects these inputs unless
// the rest of the right operand fits inside the mode; either rejecting them
// or returning a layout that satisfies the postcondition passes.
TEST(Composition, KeepsItsPostconditionWhenTheStrideSplitsAModeUnevenly) {
  const std::pair<const char *, const char *> cases[] = {
      // The example: (2,3):(6,3) is returned, C(2) = 3 != A(6) = 7.
      {"(4,6,8):(2,3,5)", "6:3"},
      // (2,2):(3,8) is returned, values 0 3 8 11; A(B(i)) is 0 3 10 17.
      {"(4,3):(1,8)", "4:3"},
      // (2,2):(2,10) is returned, values 0 2 10 12; A(B(i)) is 0 2 11 20.
      {"(3,4):(1,10)", "4:2"},
  };
  for (const auto &[lhs, rhs] : cases) {
    Layout a = layout(lhs), b = layout(rhs);
    Result<Layout> r = composition(a, b);
    if (!r) {
      EXPECT_NE(r.message().find("divisibility condition"), std::string::npos)
          << r.message();
      continue;
    }
    for (int64_t i = 0, n = size(b).value(); i < n; ++i)
      EXPECT_EQ(show((*r)(IntTuple(i))), show(a(IntTuple(*b(IntTuple(i))))))
          << lhs << " o " << rhs << " = " << r->str() << " at " << i;
  }
}

} // namespace
