//===- LayoutTest.cpp - Construction, evaluation and queries of layouts ---===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// make_layout, size/cosize, coordinates and indices, sublayouts, slicing and
// the text table, against the worked examples of CuTe's documentation
// (media/docs/cpp/cute/01_layout.md), CuTe's unit tests
// (test/unit/cute/core/compact_xmajor.cpp) and pycute's tests.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Notation.h"
#include "cute-mlir/Layout/Render.h"

#include "gtest/gtest.h"

using namespace mlir::cute;
// This file reads tuples with `_` (its own `tuple`), so it takes the rest of
// the shared helpers by name.
using mlir::cute::test::eval;
using mlir::cute::test::layout;
using mlir::cute::test::show;

namespace {

IntTuple tuple(std::string_view text) {
  Result<IntTuple> t = parseIntTuple(text, /*allowUnderscore=*/true);
  if (!t) {
    ADD_FAILURE() << "cannot parse the tuple " << text << ": " << t.message();
    return IntTuple();
  }
  return *t;
}

//===----------------------------------------------------------------------===//
// make_layout
//===----------------------------------------------------------------------===//

struct ShapeCase {
  const char *shape;
  const char *expected;
};

TEST(MakeLayout, IsCompactColumnMajorWithStrideZeroForStaticUnitModes) {
  const ShapeCase cases[] = {
      // media/docs/cpp/cute/01_layout.md
      {"8", "8:1"},
      {"(2,4)", "(2,4):(1,2)"},
      {"(2,(2,2))", "(2,(2,2)):(1,(2,4))"},
      {"(4,(3,6))", "(4,(3,6)):(1,(4,12))"},
      {"(2,3,5,7)", "(2,3,5,7):(1,2,6,30)"},
      // test/unit/cute/core/compact_xmajor.cpp
      {"1", "1:0"},
      {"(4,8)", "(4,8):(1,4)"},
      {"(4,8,2)", "(4,8,2):(1,4,32)"},
      {"(4,8,1,2)", "(4,8,1,2):(1,4,0,32)"},
      {"((4,8),1,2)", "((4,8),1,2):((1,4),0,32)"},
      {"(4,(8,1,2))", "(4,(8,1,2)):(1,(4,0,32))"},
      {"(4,(8,1,(2,3)))", "(4,(8,1,(2,3))):(1,(4,0,(32,64)))"},
      // test/python/pycute/test_int_tuple.py (prefix_product)
      {"(3,2)", "(3,2):(1,3)"},
      {"(3,2,4)", "(3,2,4):(1,3,6)"},
      {"((2,3),4)", "((2,3),4):((1,2),6)"},
  };
  for (const ShapeCase &c : cases)
    EXPECT_EQ(makeLayout(tuple(c.shape)).str(), c.expected) << c.shape;
}

TEST(MakeLayout, RowMajorCountsFromTheLastMode) {
  EXPECT_EQ(makeLayoutRowMajor(tuple("(2,3,4)")).str(), "(2,3,4):(12,4,1)");
  EXPECT_EQ(makeLayoutRowMajor(tuple("((2,3),4)")).str(),
            "((2,3),4):((12,4),1)");
  EXPECT_EQ(makeLayoutRowMajor(tuple("(4,1,2)")).str(), "(4,1,2):(2,0,1)");
}

TEST(MakeLayout, OrderedLayoutGivesTheSmallestStrideToTheSmallestOrder) {
  EXPECT_EQ(show(makeOrderedLayout(tuple("(2,3,4)"), tuple("(1,2,0)"))),
            "(2,3,4):(4,8,1)");
  EXPECT_EQ(show(makeOrderedLayout(tuple("(2,3,4)"), tuple("(0,1,2)"))),
            "(2,3,4):(1,2,6)");
  Result<Layout> bad = makeOrderedLayout(tuple("(2,3,4)"), tuple("(1,0)"));
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.message().find("not congruent"), std::string::npos)
      << bad.message();
}

TEST(MakeLayout, FromModesConcatenatesThem) {
  EXPECT_EQ(makeLayout({layout("4:1"), layout("(2,3):(8,16)")}).str(),
            "(4,(2,3)):(1,(8,16))");
}

TEST(LayoutGet, RejectsNonCongruentShapeAndStride) {
  Result<Layout> l = Layout::get(tuple("(2,3)"), tuple("(1,2,3)"));
  ASSERT_FALSE(l);
  EXPECT_NE(l.message().find("not congruent"), std::string::npos)
      << l.message();
  EXPECT_FALSE(Layout::get(tuple("(2,(3,4))"), tuple("(1,2)")));
  EXPECT_FALSE(Layout::get(tuple("4"), tuple("(1)")));
}

TEST(LayoutGet, RejectsZeroAndNegativeShapeLeaves) {
  for (const char *shape : {"(0,2)", "(-1,2)", "(2,(3,0))", "0"}) {
    IntTuple s = tuple(shape);
    Result<Layout> l = Layout::get(s, repeatLike(s, IntTuple(1)));
    ASSERT_FALSE(l) << shape;
    EXPECT_NE(l.message().find("not positive"), std::string::npos)
        << l.message();
  }
  // Strides may be zero or negative.
  EXPECT_TRUE(Layout::get(tuple("(2,2)"), tuple("(0,-1)")));
}

TEST(LayoutGet, RejectsTheSliceMarker) {
  Result<Layout> l = Layout::get(tuple("(2,_)"), tuple("(1,2)"));
  ASSERT_FALSE(l);
  EXPECT_NE(l.message().find("`_`"), std::string::npos) << l.message();
}

TEST(LayoutGet, DefaultIsTheTrivialLayout) {
  EXPECT_EQ(Layout().str(), "1:0");
  EXPECT_EQ(size(Layout()).value(), 1);
}

//===----------------------------------------------------------------------===//
// Sizes and sublayouts
//===----------------------------------------------------------------------===//

TEST(Size, IsTheProductOfTheShape) {
  // test/python/pycute/test_int_tuple.py and 02_layout_algebra.md
  EXPECT_EQ(product(tuple("2")).value(), 2);
  EXPECT_EQ(product(tuple("(3,2)")).value(), 6);
  EXPECT_EQ(product(tuple("((2,3),4)")).value(), 24);
  EXPECT_EQ(product(tuple("(4,7)")).value(), 28);
  EXPECT_EQ(size(layout("(4,(3,6)):(1,(4,12))")).value(), 72);
}

TEST(Cosize, IsOnePastTheLargestValue) {
  // media/docs/cpp/cute/02_layout_algebra.md, complement examples
  const ShapeCase cases[] = {
      {"(4,6):(1,4)", "24"},
      {"(6,4):(4,1)", "24"},
      {"(4,(2,3)):(2,(1,8))", "24"},
      {"((2,4),3):((1,6),2)", "24"},
      {"((2,2),(3,2)):((1,6),(2,12))", "24"},
      {"8:2", "15"},
      {"(4,2):(0,1)", "2"},
      {"4:-1", "4"},
  };
  for (const ShapeCase &c : cases)
    EXPECT_EQ(cosize(layout(c.shape)).str(), c.expected) << c.shape;
}

TEST(Size, OverflowIsSeenByAnOverflowScope) {
  // 2^62 * 4 does not fit in 64 bits; size() itself cannot fail, so the
  // overflow is collected by the enclosing scope.
  Layout l = layout("(4611686018427387904,4):(1,1)");
  {
    OverflowScope scope;
    Int n = size(l);
    (void)n;
    EXPECT_TRUE(scope.overflowed());
  }
  {
    OverflowScope scope;
    EXPECT_EQ(cosize(l).str(), "4611686018427387907");
    EXPECT_FALSE(scope.overflowed());
  }
  {
    OverflowScope scope;
    Layout c =
        coalesce(layout("(4611686018427387904,4):(1,4611686018427387904)"));
    (void)c;
    EXPECT_TRUE(scope.overflowed());
  }
}

TEST(RankAndDepth, FollowCuTesIntTupleDefinitions) {
  // media/docs/cpp/cute/01_layout.md: an int has rank 1 and depth 0.
  EXPECT_EQ(tuple("6").rank(), 1u);
  EXPECT_EQ(tuple("6").depth(), 0);
  EXPECT_EQ(tuple("(4,3)").depth(), 1);
  EXPECT_EQ(tuple("(3,(6,2),8)").depth(), 2);
  EXPECT_EQ(tuple("(3,(6,2),8)").rank(), 3u);
  // The int 4 and the 1-tuple (4) are different values.
  EXPECT_FALSE(tuple("4").identical(tuple("(4)")));
  EXPECT_EQ(tuple("(4)").depth(), 1);
}

TEST(Mode, SelectsSublayoutsAndModeZeroOfALeafIsTheLeaf) {
  // media/docs/cpp/cute/01_layout.md: layout<0>(a), layout<1>(a), ...
  Layout a = layout("(4,(3,6)):(1,(4,12))");
  EXPECT_EQ(a.mode(0).str(), "4:1");
  EXPECT_EQ(a.mode(1).str(), "(3,6):(4,12)");
  EXPECT_EQ(a.mode(1).mode(0).str(), "3:4");
  EXPECT_EQ(a.mode(1).mode(1).str(), "6:12");
  EXPECT_EQ(layout("8:2").mode(0).str(), "8:2");
  EXPECT_EQ(a.rank(), 2u);
  EXPECT_EQ(a.depth(), 2);
}

TEST(Flatten, KeepsTheLeavesInOrder) {
  EXPECT_EQ(flatten(layout("((2,3),(4,(5,6))):((1,2),(6,(24,120)))")).str(),
            "(2,3,4,5,6):(1,2,6,24,120)");
  EXPECT_EQ(flatten(layout("8:2")).str(), "8:2");
}

TEST(AppendTo, PadsWithTrivialModes) {
  EXPECT_EQ(appendTo(layout("(2,3):(1,2)"), 4).str(), "(2,3,1,1):(1,2,0,0)");
  EXPECT_EQ(appendTo(layout("8:2"), 2).str(), "(8,1):(2,0)");
  EXPECT_EQ(appendTo(layout("(2,3):(1,2)"), 2).str(), "(2,3):(1,2)");
}

TEST(Zip, PairsTheModesOfEqualRankLayouts) {
  EXPECT_EQ(show(zip(layout("(2,3):(1,2)"), layout("(4,5):(6,24)"))),
            "((2,4),(3,5)):((1,6),(2,24))");
  Result<Layout> bad = zip(layout("(2,3):(1,2)"), layout("(4,5,6):(1,2,3)"));
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.message().find("rank mismatch"), std::string::npos)
      << bad.message();
}

TEST(Slice, KeepsTheUnderscoreModesAndDiceKeepsTheOthers) {
  Layout l = layout("(4,8):(1,4)");
  EXPECT_EQ(show(slice(tuple("(_,1)"), l)), "(4):(1)");
  EXPECT_EQ(show(dice(tuple("(_,1)"), l)), "(8):(4)");
  EXPECT_EQ(show(slice(tuple("((_,1),_)"), layout("((2,3),4):((1,2),6)"))),
            "(2,4):(1,6)");
  EXPECT_EQ(show(slice(tuple("_"), l)), l.str());
  Result<Layout> bad = slice(tuple("(_,1,2)"), l);
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.message().find("does not match"), std::string::npos)
      << bad.message();
}

TEST(Nullspace, CollectsTheStrideZeroModesWithCompactStrides) {
  EXPECT_EQ(nullspace(layout("(4,2,3):(0,1,0)")).str(), "(4,3):(1,8)");
  EXPECT_EQ(nullspace(layout("(2,(3,4)):(1,(0,0))")).str(), "(3,4):(2,6)");
  EXPECT_EQ(nullspace(layout("(4,2):(1,4)")).str(), "1:0");
  // Every index of the nullspace maps to 0.
  Layout l = layout("(2,(3,4),5):(0,(1,0),3)");
  Layout k = nullspace(l);
  EXPECT_EQ(size(k).value(), 8);
  for (int64_t i = 0; i < 8; ++i) {
    Result<Int> coord = k(IntTuple(i));
    ASSERT_TRUE(coord) << coord.message();
    EXPECT_EQ(show(l(IntTuple(*coord))), "0") << i;
  }
}

//===----------------------------------------------------------------------===//
// Evaluation: coordinates and indices
//===----------------------------------------------------------------------===//

struct EvalCase {
  const char *layout;
  const char *values;
};

TEST(Evaluate, IndexByIndexMatchesTheDocumentationTables) {
  const EvalCase cases[] = {
      // media/docs/cpp/cute/01_layout.md
      {"(2,4):(1,2)", "0 1 2 3 4 5 6 7"},
      {"(2,4):(12,1)", "0 12 1 13 2 14 3 15"},
      {"(2,(2,2)):(1,(2,4))", "0 1 2 3 4 5 6 7"},
      {"(2,(2,2)):(4,(2,1))", "0 4 2 6 1 5 3 7"},
      {"8:1", "0 1 2 3 4 5 6 7"},
      {"8:2", "0 2 4 6 8 10 12 14"},
      {"((4,2)):((2,1))", "0 2 4 6 1 3 5 7"},
      {"((4,2)):((1,4))", "0 1 2 3 4 5 6 7"},
      {"(4,2):(1,4)", "0 1 2 3 4 5 6 7"},
      {"(4,2):(2,1)", "0 2 4 6 1 3 5 7"},
      {"((2,2),2):((4,1),2)", "0 4 1 5 2 6 3 7"},
      {"(3,(2,3)):(3,(12,1))", "0 3 6 12 15 18 1 4 7 13 16 19 2 5 8 14 17 20"},
      // media/docs/cute/02_layout_operations.md
      {"(2,3):(3,1)", "0 3 1 4 2 5"},
      // media/docs/cpp/cute/0t_mma_atom.md
      {"(4,2):(1,16)", "0 1 2 3 16 17 18 19"},
      {"(4,4,2):(1,8,4)", "0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27 4 5 6 "
                          "7 12 13 14 15 20 21 22 23 28 29 30 31"},
  };
  for (const EvalCase &c : cases)
    EXPECT_EQ(eval(layout(c.layout)), c.values) << c.layout;
}

TEST(Evaluate, SublayoutsOfTheSM70AccumulatorLayout) {
  // media/docs/cpp/cute/0t_mma_atom.md: SM70 CLayout (T0..T7,V0) and
  // (T0,V0..V7).
  Layout c = layout("((2,2,2),(2,2,2)):((1,16,4),(8,2,32))");
  EXPECT_EQ(eval(c.mode(0)), "0 1 16 17 4 5 20 21");
  EXPECT_EQ(eval(c.mode(1)), "0 8 2 10 32 40 34 42");
}

TEST(Evaluate, AcceptsIndicesAndEveryCongruentOrCoarserCoordinate) {
  // media/docs/cpp/cute/01_layout.md: crd2idx example, all give 17.
  Layout l = layout("(3,(2,3)):(3,(12,1))");
  EXPECT_EQ(show(l(tuple("16"))), "17");
  EXPECT_EQ(show(l(tuple("(1,5)"))), "17");
  EXPECT_EQ(show(l(tuple("(1,(1,2))"))), "17");
  EXPECT_EQ(show(crd2idx(tuple("(1,5)"), l)), "17");
  // media/docs/cute/02_layout_operations.md: layout(1,1).
  EXPECT_EQ(show(layout("(2,3):(3,1)")(tuple("(1,1)"))), "4");
}

TEST(Evaluate, PastTheDomainTheLastModeTakesTheRest) {
  // CuTe's crd2idx of an integer into a tuple shape does not wrap the last
  // mode, so a layout is a function of all integers.
  Layout l = layout("(4,2):(1,4)");
  EXPECT_EQ(show(l(IntTuple(9))), "9");
  EXPECT_EQ(show(l(IntTuple(40))), "40");
  EXPECT_EQ(show(layout("(4,1):(1,0)")(IntTuple(5))), "1");
  EXPECT_EQ(show(layout("(2,(2,2)):(4,(2,1))")(IntTuple(9))), "6");
}

TEST(Evaluate, RejectsCoordinatesOfTheWrongRankOrWithUnderscores) {
  Layout l = layout("(4,8):(1,4)");
  Result<Int> bad = l(tuple("(1,2,3)"));
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.message().find("does not match the rank"), std::string::npos)
      << bad.message();
  Result<Int> slice = l(tuple("(_,1)"));
  ASSERT_FALSE(slice);
  EXPECT_NE(slice.message().find("`_`"), std::string::npos) << slice.message();
}

TEST(Idx2Crd, SplitsAnIndexColexicographically) {
  // media/docs/cpp/cute/01_layout.md: the 1-D -> natural coordinate table.
  const char *natural[] = {"(0,(0,0))", "(1,(0,0))", "(2,(0,0))", "(0,(1,0))",
                           "(1,(1,0))", "(2,(1,0))", "(0,(0,1))", "(1,(0,1))",
                           "(2,(0,1))", "(0,(1,1))", "(1,(1,1))", "(2,(1,1))",
                           "(0,(0,2))", "(1,(0,2))", "(2,(0,2))", "(0,(1,2))",
                           "(1,(1,2))", "(2,(1,2))"};
  IntTuple shape = tuple("(3,(2,3))");
  for (int64_t i = 0; i < 18; ++i)
    EXPECT_EQ(idx2crd(Int(i), shape).str(), natural[i]) << i;
  EXPECT_EQ(idx2crd(Int(16), layout("(3,(2,3)):(3,(12,1))")).str(),
            "(1,(1,2))");
}

TEST(Idx2Crd, OfATupleIndexConvertsEachModeWithinItsShape) {
  // media/docs/cpp/cute/01_layout.md: the 2-D -> natural coordinate table.
  IntTuple shape = tuple("(3,(2,3))");
  const char *natural[6][3] = {{"(0,(0,0))", "(1,(0,0))", "(2,(0,0))"},
                               {"(0,(1,0))", "(1,(1,0))", "(2,(1,0))"},
                               {"(0,(0,1))", "(1,(0,1))", "(2,(0,1))"},
                               {"(0,(1,1))", "(1,(1,1))", "(2,(1,1))"},
                               {"(0,(0,2))", "(1,(0,2))", "(2,(0,2))"},
                               {"(0,(1,2))", "(1,(1,2))", "(2,(1,2))"}};
  for (int64_t j = 0; j < 6; ++j)
    for (int64_t i = 0; i < 3; ++i)
      EXPECT_EQ(show(idx2crd(IntTuple::tuple({i, j}), shape)), natural[j][i])
          << i << "," << j;
  // A natural coordinate passes through unchanged.
  EXPECT_EQ(show(idx2crd(tuple("(1,(1,2))"), shape)), "(1,(1,2))");
  // An integer index in a tuple is split like an integer index.
  EXPECT_EQ(show(idx2crd(tuple("16"), shape)), "(1,(1,2))");
  // An index into a leaf shape is its own coordinate.
  EXPECT_EQ(idx2crd(Int(5), tuple("6")).str(), "5");
}

TEST(Idx2Crd, RejectsATupleIndexOfTheWrongRank) {
  Result<IntTuple> r = idx2crd(tuple("(1,2,3)"), tuple("(3,(2,3))"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("does not match the rank"), std::string::npos)
      << r.message();
  EXPECT_FALSE(idx2crd(tuple("(1,_)"), tuple("(3,(2,3))")));
}

TEST(Idx2Crd, InvertsCrd2IdxOfTheCompactLayout) {
  IntTuple shape = tuple("(2,(3,4),5)");
  Layout compact = makeLayout(shape);
  for (int64_t i = 0; i < 120; ++i) {
    Result<Int> back = compact(idx2crd(Int(i), shape));
    ASSERT_TRUE(back) << back.message();
    EXPECT_TRUE(back->is(i)) << i << " -> " << back->str();
  }
}

//===----------------------------------------------------------------------===//
// Pictures
//===----------------------------------------------------------------------===//

TEST(RenderTable, PrintsTheLayoutAndItsTableLikePrintLayout) {
  Result<std::string> t = renderTable(layout("(2,3):(3,1)"));
  ASSERT_TRUE(t) << t.message();
  EXPECT_EQ(*t, "(2,3):(3,1)\n"
                "      0   1   2 \n"
                "    +---+---+---+\n"
                " 0  | 0 | 1 | 2 |\n"
                "    +---+---+---+\n"
                " 1  | 3 | 4 | 5 |\n"
                "    +---+---+---+\n");
}

TEST(RenderTable, DrawsARankOneLayoutAsOneColumn) {
  Result<std::string> t = renderTable(layout("4:2"));
  ASSERT_TRUE(t) << t.message();
  EXPECT_EQ(*t, "4:2\n"
                "      0 \n"
                "    +---+\n"
                " 0  | 0 |\n"
                "    +---+\n"
                " 1  | 2 |\n"
                "    +---+\n"
                " 2  | 4 |\n"
                "    +---+\n"
                " 3  | 6 |\n"
                "    +---+\n");
}

TEST(RenderTable, RejectsRankThreeAndDynamicLayouts) {
  EXPECT_FALSE(renderTable(layout("(2,2,2):(1,2,4)")));
  EXPECT_FALSE(renderTable(layout("(2,?N):(1,2)")));
}

TEST(RenderSvg, DrawsAnSvgDocumentWithEveryValue) {
  Result<std::string> svg = renderSvg(layout("(2,3):(3,1)"));
  ASSERT_TRUE(svg) << svg.message();
  EXPECT_EQ(svg->find("<svg"), svg->find('<'));
  EXPECT_NE(svg->find("</svg>"), std::string::npos);
  for (const char *v : {">0<", ">1<", ">2<", ">3<", ">4<", ">5<"})
    EXPECT_NE(svg->find(v), std::string::npos) << v;
  EXPECT_FALSE(renderSvg(layout("(2,2,2):(1,2,4)")));
}

} // namespace

namespace {

std::vector<int64_t> flatCoordOf(const char *text, int64_t idx) {
  Result<std::vector<Int>> c = flatCoord(*parseLayout(text), Int(idx));
  EXPECT_TRUE(c) << c.message();
  std::vector<int64_t> out;
  for (const Int &v : *c)
    out.push_back(v.value());
  return out;
}

TEST(FlatCoord, FollowsTheLayoutsStridesAndLinearizesEachMode) {
  // Column-major: index 11 of 8x4 is (3,1).
  EXPECT_EQ(flatCoordOf("(8,4):(1,8)", 11), (std::vector<int64_t>{3, 1}));
  // Row-major thread layouts number threads along mode 1 first.
  EXPECT_EQ(flatCoordOf("(4,8):(8,1)", 11), (std::vector<int64_t>{1, 3}));
  // A nested mode is linearized column-major: (1,0) of (2,2) is 1.
  EXPECT_EQ(flatCoordOf("((2,2),4):((1,2),4)", 5),
            (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(flatCoordOf("8:1", 5), (std::vector<int64_t>{5}));
}

} // namespace

TEST(StaticImage, EnumeratesColumnMajorCoordinates) {
  Layout l = layout("((2,2),3):((6,1),2)");
  Result<std::vector<int64_t>> image = staticImage(l, 100);
  ASSERT_FALSE(image.failed()) << image.message();
  std::vector<int64_t> expected;
  for (int64_t i = 0; i < 12; ++i)
    expected.push_back(l(IntTuple(Int(i)))->value());
  EXPECT_EQ(*image, expected);
  EXPECT_EQ(*image,
            (std::vector<int64_t>{0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11}));
}

TEST(StaticImage, RefusesDynamicLargeAndOverflowingLayouts) {
  EXPECT_TRUE(staticImage(layout("(4,?):(1,4)"), 100).failed());
  Result<std::vector<int64_t>> large =
      staticImage(layout("(16,16):(1,16)"), 255);
  ASSERT_TRUE(large.failed());
  EXPECT_EQ(large.message(),
            "the layout (16,16):(1,16) has more than 255 elements to "
            "enumerate");
  Result<std::vector<int64_t>> wide =
      staticImage(layout("(4,2):(4611686018427387904,1)"), 100);
  ASSERT_TRUE(wide.failed());
  EXPECT_NE(wide.message().find("overflow 64 bits"), std::string::npos);
}
