//===- DivideProductTest.cpp - The divide and product families ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// logical/zipped/tiled/flat divides, logical/zipped/tiled/flat/blocked/raked
// products, tile_to_shape and the casts, against the worked examples of
// media/docs/cpp/cute/02_layout_algebra.md and
// media/docs/cute/02_layout_operations.md, and the inputs they reject.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "cute-mlir/Layout/Layout.h"
#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

using namespace mlir::cute;
using namespace mlir::cute::test;

namespace {

struct BinaryCase {
  const char *layout;
  const char *argument;
  const char *expected;
};

using TilingOp = Result<Layout> (*)(const Layout &, const Tiler &);
using PairOp = Result<Layout> (*)(const Layout &, const Layout &);

void expectTiling(TilingOp op, const char *name,
                  const std::vector<BinaryCase> &cases) {
  for (const BinaryCase &c : cases)
    EXPECT_EQ(show(op(layout(c.layout), tiler(c.argument))), c.expected)
        << name << "(" << c.layout << ", " << c.argument << ")";
}

void expectPair(PairOp op, const char *name,
                const std::vector<BinaryCase> &cases) {
  for (const BinaryCase &c : cases)
    EXPECT_EQ(show(op(layout(c.layout), layout(c.argument))), c.expected)
        << name << "(" << c.layout << ", " << c.argument << ")";
}

//===----------------------------------------------------------------------===//
// Divides
//===----------------------------------------------------------------------===//

TEST(LogicalDivide, ReproducesTheDocumentationExamples) {
  const std::vector<BinaryCase> logicalDivideCases = {
      // media/docs/cpp/cute/02_layout_algebra.md: 1-D example.
      {"(4,2,3):(2,1,8)", "4:2", "((2,2),(2,3)):((4,1),(2,8))"},
      // media/docs/cute/02_layout_operations.md: division.
      {"16:3", "4:1", "(4,4):(3,12)"},
      {"16:3", "4:4", "(4,4):(12,3)"},
      {"16:3", "4:2", "(4,(2,2)):(6,(3,24))"},
      {"16:3", "(2,2):(4,1)", "((2,2),(2,2)):((12,3),(6,24))"},
      // More divide examples: modes past the tiler are kept.
      {"(12,32,6):(1,128,0)", "(4,8)", "((4,3),(8,4),6):((1,4),(128,1024),0)"},
      {"(12,(4,8),6):(1,(32,512),0)", "(4,8)",
       "((4,3),((4,2),4),6):((1,4),((32,512),1024),0)"},
      // Logical divide of a raked product gives the blocked product.
      {"((3,2),(4,2)):((16,1),(4,2))", "(2:3,2:4)",
       "((2,3),(2,4)):((1,16),(2,4))"},
      // test/unit/cute/core/logical_divide.cpp: dynamic enforcement.
      {"48:1", "32:1", "(32,2):(1,32)"},
  };
  expectTiling(logicalDivide, "logical_divide", logicalDivideCases);
}

TEST(LogicalDivide, EvaluatesToTheDocumentedTable) {
  // media/docs/cute/02_layout_operations.md: the 6x8 table, by column.
  Result<Layout> d =
      logicalDivide(layout("((3,2),(4,2)):((16,1),(4,2))"), tiler("(2:3,2:4)"));
  ASSERT_TRUE(d) << d.message();
  EXPECT_EQ(eval(*d), "0 1 16 17 32 33 2 3 18 19 34 35 4 5 20 21 36 37 6 7 "
                      "22 23 38 39 8 9 24 25 40 41 10 11 26 27 42 43 12 13 "
                      "28 29 44 45 14 15 30 31 46 47");
}

TEST(LogicalDivide, IsTheCompositionWithTheTilerAndItsComplement) {
  // logical_divide(A, B) == composition(A, (B, complement(B, shape(A)))).
  Layout a = layout("(4,2,3):(2,1,8)"), b = layout("4:2");
  Result<Layout> rest = complement(b, tuple("24"));
  ASSERT_EQ(show(rest), "(2,3):(1,8)");
  EXPECT_EQ(show(composition(a, makeLayout({b, *rest}))),
            show(logicalDivide(a, Tiler(b))));
}

TEST(LogicalDivide, PadsTheRestModeWhenTheTileDoesNotDivide) {
  // The rest mode has ceil_div(size, tile) elements, as CuTe's complement.
  EXPECT_EQ(show(logicalDivide(layout("6:1"), tiler("4:1"))), "(4,2):(1,4)");
  EXPECT_EQ(show(logicalDivide(layout("(6,4):(1,6)"), tiler("(4,3)"))),
            "((4,2),(3,2)):((1,4),(6,18))");
}

TEST(LogicalDivide, ByModeKeepsUnderscoreModes) {
  const std::vector<BinaryCase> logicalDivideCases = {
      {"(8,8):(1,8)", "(2:1,4:2)", "((2,4),(4,2)):((1,2),(16,8))"},
      {"(8,8):(1,8)", "(_,4:2)", "(8,(4,2)):(1,(16,8))"},
      {"(8,8):(1,8)", "_", "(8,8):(1,8)"},
  };
  expectTiling(logicalDivide, "logical_divide", logicalDivideCases);
}

// An integer tiler is make_layout(n) to the divides and products, as in
// CuTe's layout.hpp: a static 1 is 1:0, so its tile mode has stride 0.
// Composition reads an integer n as n:1 instead (CuTe's composition_impl
// with stride 1).
TEST(IntegerTiler, IsMakeLayoutForDividesAndProducts) {
  expectTiling(logicalDivide, "logical_divide",
               {{"8:1", "1", "(1,8):(0,1)"},
                {"(4,6):(1,4)", "(1,3)", "((1,4),(3,2)):((0,1),(4,12))"},
                {"8:1", "1:1", "(1,8):(1,1)"}});
  expectTiling(zippedDivide, "zipped_divide",
               {{"(8,4):(1,8)", "(1,2)", "((1,2),(8,2)):((0,8),(1,16))"}});
  expectTiling(tiledDivide, "tiled_divide", {{"8:1", "1", "(1,8):(0,1)"}});
  expectTiling(logicalProduct, "logical_product",
               {{"2:1", "1", "(2,1):(1,0)"}});
  EXPECT_EQ(show(composition(layout("4:1"), tiler("1"))), "1:1");
  EXPECT_EQ(show(composition(layout("(4,2):(1,4)"), tiler("(1,2)"))),
            "(1,2):(1,4)");
  EXPECT_EQ(tiler("(128,1)").str(), "(128,1)");
}

TEST(ZippedDivide, GathersTheTilesAndTheRests) {
  const std::vector<BinaryCase> zippedDivideCases = {
      // media/docs/cute/02_layout_operations.md
      {"(12,32,6):(1,128,0)", "(4,8)", "((4,8),(3,4,6)):((1,128),(4,1024,0))"},
      {"(12,(4,8),6):(1,(32,512),0)", "(4,8)",
       "((4,(4,2)),(3,4,6)):((1,(32,512)),(4,1024,0))"},
      {"((3,2),(4,2)):((16,1),(4,2))", "(2:3,2:4)",
       "((2,2),(3,4)):((1,2),(16,4))"},
      // A layout tiler: zipped is logical.
      {"(8,8):(1,8)", "4:1", "(4,16):(1,4)"},
  };
  expectTiling(zippedDivide, "zipped_divide", zippedDivideCases);
}

TEST(ZippedDivide, TileModeIsTheCompositionWithTheTiler) {
  // media/docs/cpp/cute/02_layout_algebra.md:
  // layout<0>(zipped_divide(a, b)) == composition(a, b).
  Layout a = layout("(9,(4,8)):(59,(13,1))");
  Tiler b = tiler("(3:3,(2,4):(1,8))");
  Result<Layout> z = zippedDivide(a, b);
  ASSERT_TRUE(z) << z.message();
  EXPECT_EQ(z->mode(0).str(), "(3,(2,4)):(177,(13,2))");
  EXPECT_EQ(z->mode(0).str(), show(composition(a, b)));
}

TEST(ZippedDivide, EvaluatesToTheDocumentedTable) {
  // media/docs/cute/02_layout_operations.md: the 4x12 table, by column.
  Result<Layout> z =
      zippedDivide(layout("((3,2),(4,2)):((16,1),(4,2))"), tiler("(2:3,2:4)"));
  ASSERT_TRUE(z) << z.message();
  EXPECT_EQ(eval(*z), "0 1 2 3 16 17 18 19 32 33 34 35 4 5 6 7 20 21 22 23 "
                      "36 37 38 39 8 9 10 11 24 25 26 27 40 41 42 43 12 13 "
                      "14 15 28 29 30 31 44 45 46 47");
}

TEST(TiledDivide, UnpacksTheRestMode) {
  const std::vector<BinaryCase> tiledDivideCases = {
      {"(12,32,6):(1,128,0)", "(4,8)", "((4,8),3,4,6):((1,128),4,1024,0)"},
      {"(8,8):(1,8)", "(2,4)", "((2,4),4,2):((1,8),2,32)"},
  };
  expectTiling(tiledDivide, "tiled_divide", tiledDivideCases);
}

TEST(FlatDivide, UnpacksBothModes) {
  const std::vector<BinaryCase> flatDivideCases = {
      {"(12,32,6):(1,128,0)", "(4,8)", "(4,8,3,4,6):(1,128,4,1024,0)"},
      {"(8,8):(1,8)", "(2,4)", "(2,4,4,2):(1,8,2,32)"},
  };
  expectTiling(flatDivide, "flat_divide", flatDivideCases);
}

TEST(Divides, RejectATilerWithMoreModesThanTheLayout) {
  // CuTe: "logical_divide: Too many modes in tiler."
  for (TilingOp op : {logicalDivide, zippedDivide, tiledDivide, flatDivide}) {
    Result<Layout> r = op(layout("(8,8):(1,8)"), tiler("(2,2,2)"));
    ASSERT_FALSE(r) << r->str();
    EXPECT_NE(r.message().find("logical_divide: tiler (2,2,2) has 3 "
                               "modes but the layout (8,8):(1,8) has rank 2"),
              std::string::npos)
        << r.message();
  }
  Result<Layout> z = zippedDivide(layout("(8,8):(1,8)"), tiler("(2,2,2)"));
  ASSERT_FALSE(z);
  EXPECT_EQ(z.message().rfind("zipped_divide: ", 0), 0u) << z.message();
}

TEST(Divides, RejectANonInjectiveTiler) {
  Result<Layout> r = logicalDivide(layout("16:1"), tiler("(2,2):(1,1)"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("non-injective"), std::string::npos)
      << r.message();
}

//===----------------------------------------------------------------------===//
// Products
//===----------------------------------------------------------------------===//

TEST(LogicalProduct, ReproducesTheDocumentationExamples) {
  const std::vector<BinaryCase> logicalProductCases = {
      // media/docs/cpp/cute/02_layout_algebra.md: 1-D example.
      {"(2,2):(4,1)", "6:1", "((2,2),(2,3)):((4,1),(2,8))"},
      // media/docs/cute/02_layout_operations.md: tile x matrix of tiles.
      {"(2,2):(1,2)", "(3,4):(4,1)", "((2,2),(3,4)):((1,2),(16,4))"},
      // test/python/pycute/test_logical_product.py: an int tiler.
      {"(2,5):(5,1)", "4", "((2,5),4):((5,1),10)"},
      // By mode, `_` keeps a mode.
      {"(2,5):(5,1)", "(_,4)", "(2,(5,4)):(5,(1,5))"},
  };
  expectTiling(logicalProduct, "logical_product", logicalProductCases);
}

TEST(LogicalProduct, EvaluatesToTheDocumentedTable) {
  // media/docs/cute/02_layout_operations.md: the 4x12 table, by column.
  Result<Layout> p =
      logicalProduct(layout("(2,2):(1,2)"), tiler("(3,4):(4,1)"));
  ASSERT_TRUE(p) << p.message();
  EXPECT_EQ(eval(*p), "0 1 2 3 16 17 18 19 32 33 34 35 4 5 6 7 20 21 22 23 "
                      "36 37 38 39 8 9 10 11 24 25 26 27 40 41 42 43 12 13 "
                      "14 15 28 29 30 31 44 45 46 47");
}

TEST(LogicalProduct, RejectsARepeatThatTheComplementCannotHold) {
  // mode 1: complement(2:2, 6) = (2,2):(1,4), and 3:1 does not fit into it.
  Result<Layout> r = logicalProduct(layout("(2,2):(1,2)"), tiler("(3,3)"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "logical_product: composition: shape divisibility "
                         "condition violated: 3 is not divisible by 2");
}

TEST(LogicalProduct, RejectsATilerWithMoreModesThanTheBlock) {
  Result<Layout> r = logicalProduct(layout("(2,2):(1,2)"), tiler("(3,4,5)"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "logical_product: tiler (3,4,5) has 3 modes "
                         "but the layout (2,2):(1,2) has rank 2");
}

TEST(LogicalProduct, RejectsANonInjectiveBlock) {
  Result<Layout> r = logicalProduct(layout("(2,2):(1,1)"), tiler("3:1"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(),
            "logical_product: complement: non-injective layout (2,2):(1,1)");
}

TEST(LogicalProduct, ReportsIntegerOverflow) {
  // size(block) * cosize(tiler) = 2^62 * 4 does not fit in 64 bits.
  Result<Layout> r =
      logicalProduct(layout("4611686018427387904:1"), tiler("4:1"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "logical_product: integer overflow");
}

TEST(ZippedTiledFlatProduct, RegroupTheLogicalProduct) {
  const std::vector<BinaryCase> zippedProductCases = {
      {"(2,2):(1,2)", "(3,4):(4,1)", "((2,2),(3,4)):((1,2),(16,4))"},
      {"(2,2):(1,2)", "(3,4)", "((2,2),(3,(2,2))):((1,2),(2,(1,4)))"},
  };
  expectTiling(zippedProduct, "zipped_product", zippedProductCases);
  const std::vector<BinaryCase> tiledProductCases = {
      {"(2,2):(1,2)", "(3,4)", "((2,2),3,(2,2)):((1,2),2,(1,4))"},
  };
  expectTiling(tiledProduct, "tiled_product", tiledProductCases);
  const std::vector<BinaryCase> flatProductCases = {
      {"(2,2):(1,2)", "(3,4)", "(2,2,3,(2,2)):(1,2,2,(1,4))"},
  };
  expectTiling(flatProduct, "flat_product", flatProductCases);
}

TEST(BlockedProduct, ReproducesTheDocumentationExample) {
  // media/docs/cute/02_layout_operations.md (current CuTe does not coalesce
  // the modes of the result).
  Result<Layout> p =
      blockedProduct(layout("(2,2):(1,2)"), layout("(3,4):(4,1)"));
  ASSERT_TRUE(p) << p.message();
  EXPECT_EQ(p->str(), "((2,3),(2,4)):((1,16),(2,4))");
  EXPECT_EQ(eval(*p), "0 1 16 17 32 33 2 3 18 19 34 35 4 5 20 21 36 37 6 7 "
                      "22 23 38 39 8 9 24 25 40 41 10 11 26 27 42 43 12 13 "
                      "28 29 44 45 14 15 30 31 46 47");
}

TEST(RakedProduct, ReproducesTheDocumentationExample) {
  // media/docs/cute/02_layout_operations.md
  Result<Layout> p = rakedProduct(layout("(2,2):(1,2)"), layout("(3,4):(4,1)"));
  ASSERT_TRUE(p) << p.message();
  EXPECT_EQ(p->str(), "((3,2),(4,2)):((16,1),(4,2))");
  EXPECT_EQ(eval(*p), "0 16 32 1 17 33 4 20 36 5 21 37 8 24 40 9 25 41 12 28 "
                      "44 13 29 45 2 18 34 3 19 35 6 22 38 7 23 39 10 26 42 "
                      "11 27 43 14 30 46 15 31 47");
}

TEST(RankSensitiveProducts, PadTheLowerRankOperandWithTrivialModes) {
  // @post rank(result) == max(rank(block), rank(tiler)).
  const std::vector<BinaryCase> blockedProductCases = {
      {"(2,2):(1,2)", "3:1", "((2,3),(2,1)):((1,4),(2,0))"},
      {"(2,2):(1,2)", "(2,2,2):(1,2,4)",
       "((2,2),(2,2),(1,2)):((1,4),(2,8),(0,16))"},
  };
  expectPair(blockedProduct, "blocked_product", blockedProductCases);
  const std::vector<BinaryCase> rakedProductCases = {
      {"4:1", "(2,3):(1,2)", "((2,4),(3,1)):((4,1),(8,0))"},
      {"(2,2):(1,2)", "(2,2,2):(1,2,4)",
       "((2,2),(2,2),(2,1)):((4,1),(8,2),(16,0))"},
  };
  expectPair(rakedProduct, "raked_product", rakedProductCases);
}

//===----------------------------------------------------------------------===//
// tile_to_shape
//===----------------------------------------------------------------------===//

TEST(TileToShape, RepeatsTheBlockColumnMajorUpToTheTargetShape) {
  const BinaryCase cases[] = {
      {"(2,2):(1,2)", "(4,6)", "((2,2),(2,3)):((1,4),(2,8))"},
      {"(2,2):(2,1)", "(4,6)", "((2,2),(2,3)):((2,4),(1,8))"},
      {"(2,2):(1,2)", "(4,6,2)", "((2,2),(2,3),(1,2)):((1,4),(2,8),(0,24))"},
      {"((2,2),2):((1,4),2)", "(8,6)", "(((2,2),2),(2,3)):(((1,4),8),(2,16))"},
      // An integer target is wrapped, as CuTe's product_each does (compiled
      // CuTe: ((_2,(_3))):((_0,(_1)))).
      {"2:0", "6", "((2,(3))):((0,(1)))"},
      {"2:1", "8", "((2,(4))):((1,(2)))"},
  };
  for (const BinaryCase &c : cases)
    EXPECT_EQ(show(tileToShape(layout(c.layout), tuple(c.argument))),
              c.expected)
        << "tile_to_shape(" << c.layout << ", " << c.argument << ")";
}

TEST(TileToShape, RejectsABlockThatDoesNotDivideTheTarget) {
  Result<Layout> r = tileToShape(layout("(2,3):(1,2)"), tuple("(4,4)"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "tile_to_shape: block shape (2,3) does not divide "
                         "the target shape (4,4)");
}

TEST(TileToShape, RejectsABlockOfHigherRankThanTheTarget) {
  Result<Layout> r = tileToShape(layout("(2,2,2):(1,2,4)"), tuple("(4,4)"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "tile_to_shape: the block (2,2,2):(1,2,4) has rank "
                         "3, more than the target shape (4,4)");
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

TEST(Upcast, DividesTheContiguousModeAndTheOtherStrides) {
  EXPECT_EQ(show(upcast(layout("(8,4):(1,8)"), 2)), "(4,4):(1,4)");
  EXPECT_EQ(show(upcast(layout("(4,8):(8,1)"), 4)), "(4,2):(2,1)");
  // Strides smaller than n collapse their mode (ceil_div, as current CuTe).
  EXPECT_EQ(show(upcast(layout("(2,8):(2,4)"), 4)), "(1,8):(1,1)");
  EXPECT_EQ(show(upcast(layout("(8,3):(1,0)"), 2)), "(4,3):(1,0)");
  EXPECT_EQ(show(upcast(layout("8:-1"), 2)), "4:-1");
}

TEST(Upcast, RejectsStridesThatDoNotDivideOrAreNotDividedByN) {
  // CuTe: static_assert "Divisibility condition".
  Result<Layout> r = upcast(layout("4:3"), 2);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "upcast: divisibility condition violated: stride 3 "
                         "and 2 do not divide one another");
  Result<Layout> z = upcast(layout("4:1"), 0);
  ASSERT_FALSE(z);
  EXPECT_NE(z.message().find("must be positive"), std::string::npos);
}

TEST(Downcast, WidensTheContiguousModeAndScalesTheOtherStrides) {
  EXPECT_EQ(show(downcast(layout("(4,4):(1,4)"), 2)), "(8,4):(1,8)");
  EXPECT_EQ(show(downcast(layout("(4,2):(2,1)"), 4)), "(4,8):(8,1)");
  EXPECT_EQ(show(downcast(layout("(4,3):(1,0)"), 2)), "(8,3):(1,0)");
}

TEST(Downcast, RejectsALayoutWithoutAdjacentElements) {
  // CuTe: "Downcast requires adjacent elements".
  Result<Layout> r = downcast(layout("(4,2):(2,8)"), 2);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "downcast: needs a stride-1 mode (adjacent "
                         "elements) in (4,2):(2,8)");
}

TEST(Recast, ConvertsBetweenElementWidths) {
  Layout l = layout("(4,2):(1,4)");
  EXPECT_EQ(show(recast(l, 16, 8)), "(8,2):(1,8)");
  EXPECT_EQ(show(recast(l, 8, 16)), "(2,2):(1,2)");
  EXPECT_EQ(show(recast(l, 32, 32)), l.str());
  // 16 -> 24 bits: upcast by 3 then downcast by 2, as current CuTe.
  EXPECT_EQ(show(recast(layout("(6,2):(1,6)"), 16, 24)), "(4,2):(1,4)");
  Result<Layout> bad = recast(l, 8, 24);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.message(), "recast: divisibility condition violated: stride "
                           "4 and 3 do not divide one another");
  EXPECT_FALSE(recast(l, 0, 8));
}

} // namespace
