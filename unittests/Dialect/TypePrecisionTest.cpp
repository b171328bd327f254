//===- TypePrecisionTest.cpp - When a stated type admits an inferred one --===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// cute::isSameOrLessPrecise, the rule by which an op whose result type is
// inferred accepts a stated result type. The tests read as the rule: what a
// stated type may leave out, and what it may not get wrong.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Dialect/Cute/IR/CuteDialect.h"
#include "cute-mlir/Dialect/Cute/IR/CuteTypes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {
class TypePrecision : public ::testing::Test {
protected:
  TypePrecision() { context.loadDialect<cute::CuteDialect>(); }

  Type type(StringRef text) {
    Type t = parseType(text, &context);
    EXPECT_TRUE(t) << text.str();
    return t;
  }

  /// Whether `stated` admits `inferred`; the reason, when not, in `why`.
  bool admits(StringRef stated, StringRef inferred) {
    why.clear();
    return cute::isSameOrLessPrecise(type(stated), type(inferred), &why);
  }

  MLIRContext context;
  std::string why;
};
} // namespace

TEST_F(TypePrecision, EveryTypeAdmitsItself) {
  for (StringRef t :
       {"!cute.layout<\"(4,?{div=8}):(1,?)\">", "!cute.shape<\"(4,(2,?))\">",
        "!cute.coord<\"(_,?)\">", "!cute.tile<\"(2:1,_)\">", "index", "f32",
        "!cute.tensor<f16, smem, \"Sw<3,4,3> o ? o (8,64):(64,1)\">"})
    EXPECT_TRUE(admits(t, t)) << t.str();
}

TEST_F(TypePrecision, QuestionMarkAdmitsAnyLeaf) {
  EXPECT_TRUE(admits("!cute.layout<\"(?,?):(?,?)\">",
                     "!cute.layout<\"(4,?{div=16}):(0,?)\">"));
  EXPECT_TRUE(
      admits("!cute.shape<\"(?,(?,?))\">", "!cute.shape<\"(4,(2,8))\">"));
}

TEST_F(TypePrecision, DivisibilityAdmitsMultiples) {
  EXPECT_TRUE(admits("!cute.stride<\"(1,?{div=16})\">",
                     "!cute.stride<\"(1,?{div=64})\">"));
  EXPECT_TRUE(
      admits("!cute.stride<\"(1,?{div=16})\">", "!cute.stride<\"(1,48)\">"));
  EXPECT_TRUE(
      admits("!cute.stride<\"(?{div=16},1)\">", "!cute.stride<\"(0,1)\">"));
}

TEST_F(TypePrecision, DivisibilityMustBeKnown) {
  EXPECT_FALSE(admits("!cute.stride<\"(1,?{div=64})\">",
                      "!cute.stride<\"(1,?{div=16})\">"));
  EXPECT_EQ(why, "the stride at mode (1) is ?{div=16}, not ?{div=64}");
  EXPECT_FALSE(
      admits("!cute.stride<\"(1,?{div=16})\">", "!cute.stride<\"(1,40)\">"));
  EXPECT_FALSE(
      admits("!cute.stride<\"(1,?{div=2})\">", "!cute.stride<\"(1,?)\">"));
}

TEST_F(TypePrecision, StaticLeavesMustBeEqual) {
  EXPECT_FALSE(admits("!cute.layout<\"(4,8):(1,4)\">",
                      "!cute.layout<\"(4,16):(1,4)\">"));
  EXPECT_EQ(why, "the shape at mode (1) is 16, not 8");
  EXPECT_FALSE(admits("!cute.layout<\"8:1\">", "!cute.layout<\"8:2\">"));
  EXPECT_EQ(why, "the stride is 2, not 1");
}

TEST_F(TypePrecision, StaticLeafDoesNotAdmitDynamic) {
  EXPECT_FALSE(
      admits("!cute.shape<\"(4,8)\">", "!cute.shape<\"(4,?{div=8})\">"));
  EXPECT_EQ(why, "the shape at mode (1) is ?{div=8}, not 8");
}

TEST_F(TypePrecision, StructureMustBeEqual) {
  EXPECT_FALSE(admits("!cute.shape<\"(?,?)\">", "!cute.shape<\"(4,(2,2))\">"));
  EXPECT_EQ(why, "the shape at mode (1) is (2,2), not ?");
  EXPECT_FALSE(admits("!cute.shape<\"(?,?,?)\">", "!cute.shape<\"(4,8)\">"));
  EXPECT_EQ(why, "the shape is (4,8), not (?,?,?)");
  // A rank-1 tuple is not its leaf.
  EXPECT_FALSE(admits("!cute.layout<\"8:1\">", "!cute.layout<\"(8):(1)\">"));
}

TEST_F(TypePrecision, UnderscoresAreStructure) {
  EXPECT_FALSE(admits("!cute.coord<\"(?,_)\">", "!cute.coord<\"(?,?)\">"));
  EXPECT_EQ(why, "the coordinate at mode (1) is ?, not _");
  EXPECT_FALSE(admits("!cute.coord<\"(?,?)\">", "!cute.coord<\"(?,_)\">"));
}

TEST_F(TypePrecision, KindsMustBeEqual) {
  EXPECT_FALSE(admits("!cute.int_tuple<\"(4,?)\">", "!cute.shape<\"(4,?)\">"));
  EXPECT_FALSE(admits("!cute.layout<\"?:?\">", "index"));
  EXPECT_FALSE(admits("i64", "index"));
}

TEST_F(TypePrecision, TilesAdmitOnlyThemselves) {
  EXPECT_FALSE(admits("!cute.tile<\"(4:2,4)\">", "!cute.tile<\"(4:2,4:2)\">"));
}

TEST_F(TypePrecision, TensorsKeepElementMemoryAndSwizzle) {
  StringRef inferred =
      "!cute.tensor<f16, smem, \"Sw<3,3,3> o ?{div=8} o (8,1):(1,0)\">";
  EXPECT_TRUE(admits("!cute.tensor<f16, smem, \"Sw<3,3,3> o ? o (?,?):(?,?)\">",
                     inferred));
  EXPECT_TRUE(
      admits("!cute.tensor<f16, smem, \"Sw<3,3,3> o ?{div=2} o (8,1):(1,0)\">",
             inferred));
  EXPECT_FALSE(
      admits("!cute.tensor<f16, smem, \"Sw<3,3,3> o ?{div=16} o (8,1):(1,0)\">",
             inferred));
  EXPECT_EQ(why, "the swizzle offset is ?{div=8}, not ?{div=16}");
  EXPECT_FALSE(admits(
      "!cute.tensor<f16, smem, \"Sw<2,3,3> o ? o (8,1):(1,0)\">", inferred));
  EXPECT_EQ(why, "the swizzle is Sw<3,3,3>, not Sw<2,3,3>");
  EXPECT_FALSE(admits("!cute.tensor<f16, smem, \"(8,1):(1,0)\">", inferred));
  EXPECT_EQ(why, "the swizzle is Sw<3,3,3>, not none");
  EXPECT_FALSE(admits(
      "!cute.tensor<f32, smem, \"Sw<3,3,3> o ? o (8,1):(1,0)\">", inferred));
  EXPECT_EQ(why, "the element type is f16, not f32");
  EXPECT_FALSE(admits(
      "!cute.tensor<f16, gmem, \"Sw<3,3,3> o ? o (8,1):(1,0)\">", inferred));
  EXPECT_EQ(why, "the memory is smem, not gmem");
  EXPECT_FALSE(admits(
      "!cute.tensor<f16, smem, \"Sw<3,3,3> o ? o (8,1):(1,1)\">", inferred));
  EXPECT_EQ(why, "the stride at mode (1) is 0, not 1");
}

TEST_F(TypePrecision, CoordinateTensorElementsFollowTheRule) {
  StringRef inferred =
      "!cute.tensor<!cute.coord<\"(?,?)\">, coord, \"(?,8):(1,16777216)\">";
  EXPECT_TRUE(
      admits("!cute.tensor<!cute.coord<\"(?,?)\">, coord, \"(?,?):(?,?)\">",
             inferred));
  EXPECT_FALSE(admits(
      "!cute.tensor<!cute.coord<\"(?,0)\">, coord, \"(?,8):(1,16777216)\">",
      inferred));
}

TEST_F(TypePrecision, PointerAlignmentMayBeWeaker) {
  EXPECT_TRUE(admits("!cute.ptr<f16, gmem, align<4>>",
                     "!cute.ptr<f16, gmem, align<16>>"));
  EXPECT_FALSE(admits("!cute.ptr<f16, gmem, align<16>>",
                      "!cute.ptr<f16, gmem, align<4>>"));
  EXPECT_EQ(why, "the alignment is 4, not 16");
  EXPECT_FALSE(admits("!cute.ptr<f16, smem, align<4>>",
                      "!cute.ptr<f16, gmem, align<16>>"));
}
