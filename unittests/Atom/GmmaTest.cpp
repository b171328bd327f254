//===- GmmaTest.cpp - wgmma shared-memory layouts and descriptors ---------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The layout atoms are checked against the PTX ISA's description of the
// canonical layouts (8 rows of one swizzle width, 16-byte chunks XORed by the
// row within the repeat), and the descriptor fields against the byte
// distances they stand for, worked out by hand for each tile.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/Gmma.h"
#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

using namespace mlir::cute;

namespace {

ComposedLayout parse(const std::string &text) {
  Result<ComposedLayout> l = parseComposedLayout(text);
  EXPECT_TRUE(l) << l.message();
  return *l;
}

TEST(Gmma, LayoutAtomsInElements) {
  struct Case {
    GmmaMajor major;
    GmmaLayoutType type;
    int bits;
    const char *expected;
  } cases[] = {
      {GmmaMajor::K, GmmaLayoutType::B128, 16, "Sw<3,3,3> o 0 o (8,64):(64,1)"},
      {GmmaMajor::K, GmmaLayoutType::B64, 16, "Sw<2,3,3> o 0 o (8,32):(32,1)"},
      {GmmaMajor::K, GmmaLayoutType::B32, 16, "Sw<1,3,3> o 0 o (8,16):(16,1)"},
      {GmmaMajor::K, GmmaLayoutType::Interleave, 16,
       "Sw<0,3,3> o 0 o (8,8):(8,1)"},
      {GmmaMajor::MN, GmmaLayoutType::B128, 16,
       "Sw<3,3,3> o 0 o (64,8):(1,64)"},
      {GmmaMajor::K, GmmaLayoutType::B128, 32, "Sw<3,2,3> o 0 o (8,32):(32,1)"},
      {GmmaMajor::K, GmmaLayoutType::B128, 8,
       "Sw<3,4,3> o 0 o (8,128):(128,1)"},
      {GmmaMajor::MN, GmmaLayoutType::B32, 8, "Sw<1,4,3> o 0 o (32,8):(1,32)"},
  };
  for (const Case &c : cases) {
    Result<ComposedLayout> atom = gmmaLayoutAtom(c.major, c.type, c.bits);
    ASSERT_TRUE(atom) << atom.message();
    EXPECT_EQ(atom->str(), c.expected);
  }
  EXPECT_FALSE(gmmaLayoutAtom(GmmaMajor::K, GmmaLayoutType::B128, 64));
}

TEST(Gmma, SwizzledAtomsXorChunksByRow) {
  // The PTX ISA's 128B swizzle: 16-byte chunk c of row r (of 8) lands in
  // chunk c ^ r. In halves, element (r, 8c + e) sits at 64r + 8(c^r) + e.
  ComposedLayout atom = *gmmaLayoutAtom(GmmaMajor::K, GmmaLayoutType::B128, 16);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 8; ++c)
      for (int e = 0; e < 8; ++e) {
        Result<Int> got = atom(IntTuple::tuple({r, 8 * c + e}));
        ASSERT_TRUE(got);
        EXPECT_EQ(got->value(), 64 * r + 8 * (c ^ r) + e);
      }
  // 64B swizzle: 4 chunks per row, chunk c of row r lands in c ^ (r / 2 % 4).
  ComposedLayout sw64 = *gmmaLayoutAtom(GmmaMajor::K, GmmaLayoutType::B64, 16);
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < 4; ++c)
      EXPECT_EQ(sw64(IntTuple::tuple({r, 8 * c}))->value(),
                32 * r + 8 * (c ^ ((r / 2) % 4)));
}

TEST(Gmma, KMajorSwizzle128DescriptorOfA64x16HalfTile) {
  // tile_to_shape(K_SW128 atom, (64,64)) sliced to k-block 0: 8-row groups
  // 1024 bytes apart (SBO = 64 x 16 bytes); LBO unused (1).
  Result<GmmaDescriptor> d = makeGmmaDescriptor(
      parse("Sw<3,3,3> o 0 o ((8,8),16):((64,512),1)"), 16, GmmaMajor::K);
  ASSERT_TRUE(d) << d.message();
  EXPECT_EQ(d->layoutType, GmmaLayoutType::B128);
  EXPECT_EQ(d->strideByteOffset, 64);
  EXPECT_EQ(d->leadingByteOffset, 1);
}

TEST(Gmma, KMajorInterleavedDescriptor) {
  // 8x8 core matrices of halves (128 bytes each), M-groups 128 bytes apart,
  // the two K halves 1024 bytes apart.
  Result<GmmaDescriptor> d = makeGmmaDescriptor(
      parse("Sw<0,3,3> o 0 o ((8,8),(8,2)):((8,64),(1,512))"), 16,
      GmmaMajor::K);
  ASSERT_TRUE(d) << d.message();
  EXPECT_EQ(d->layoutType, GmmaLayoutType::Interleave);
  EXPECT_EQ(d->strideByteOffset, 8);
  EXPECT_EQ(d->leadingByteOffset, 64);
}

TEST(Gmma, MnMajorSwizzle128Descriptor) {
  // tile_to_shape(MN_SW128 atom, (128,16)): the two 64-wide MN blocks are
  // 1024 bytes apart (LBO), the two 8-deep K groups 2048 bytes (SBO).
  Result<GmmaDescriptor> d = makeGmmaDescriptor(
      parse("Sw<3,3,3> o 0 o ((64,2),(8,2)):((1,512),(64,1024))"), 16,
      GmmaMajor::MN);
  ASSERT_TRUE(d) << d.message();
  EXPECT_EQ(d->layoutType, GmmaLayoutType::B128);
  EXPECT_EQ(d->leadingByteOffset, 64);
  EXPECT_EQ(d->strideByteOffset, 128);
}

TEST(Gmma, DescriptorEncodingPlacesEachField) {
  GmmaDescriptor d{GmmaLayoutType::B128, 1, 64};
  uint64_t bits = d.encode(0x1400);
  EXPECT_EQ(bits & 0x3FFF, 0x1400u >> 4);
  EXPECT_EQ((bits >> 16) & 0x3FFF, 1u);
  EXPECT_EQ((bits >> 32) & 0x3FFF, 64u);
  EXPECT_EQ(bits >> 62, 1u);
}

TEST(Gmma, RejectsLayoutsWgmmaCannotRead) {
  struct Case {
    const char *layout;
    int bits;
    GmmaMajor major;
    const char *message;
  } cases[] = {
      {"Sw<3,4,3> o 0 o ((8,8),16):((64,512),1)", 16, GmmaMajor::K,
       "Sw<3,4,3> is not a wgmma swizzle for 16-bit values"},
      {"Sw<3,3,3> o 0 o ((8,8),32):((64,512),1)", 16, GmmaMajor::K,
       "a K-major wgmma operand is 32 bytes deep in K, got 64 bytes"},
      {"Sw<3,3,3> o 0 o (4,16):(64,1)", 16, GmmaMajor::K,
       "a K-major wgmma operand has a multiple of 8 rows, got 4"},
      {"Sw<3,3,3> o 0 o ((8,8),16):((32,512),1)", 16, GmmaMajor::K,
       "consecutive rows must be 128 bytes apart, got 64"},
      {"Sw<3,3,3> o 0 o (64,8):(1,64)", 16, GmmaMajor::MN,
       "an MN-major wgmma operand is 16 values deep in K, got 8"},
  };
  for (const Case &c : cases) {
    Result<GmmaDescriptor> d =
        makeGmmaDescriptor(parse(c.layout), c.bits, c.major);
    ASSERT_FALSE(d) << c.layout;
    EXPECT_NE(d.message().find(c.message), std::string::npos) << d.message();
  }
}

} // namespace
