//===- TmaAtomTest.cpp - TMA and bulk-copy atoms and their limits ---------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/TmaAtom.h"

#include "gtest/gtest.h"

using namespace mlir::cute;

namespace {

TEST(TmaAtom, NamesFollowCute) {
  EXPECT_EQ(makeTmaAtom(TmaKind::Load, {64, 128}, 16, 128)->name(),
            "SM90_TMA_LOAD_2D");
  EXPECT_EQ(makeTmaAtom(TmaKind::LoadMulticast, {64, 8, 2}, 16, 128, 2)->name(),
            "SM90_TMA_LOAD_MULTICAST_3D");
  EXPECT_EQ(makeTmaAtom(TmaKind::Store, {32}, 32, 0)->name(),
            "SM90_TMA_STORE_1D");
  EXPECT_EQ(makeTmaAtom(TmaKind::ReduceAdd, {8, 8, 2, 2, 2}, 32, 0)->name(),
            "SM90_TMA_REDUCE_ADD_5D");
}

TEST(TmaAtom, OneThreadMovesTheWholeBox) {
  Result<TmaAtom> tma = makeTmaAtom(TmaKind::Load, {64, 128}, 16, 128);
  ASSERT_TRUE(tma) << tma.message();
  EXPECT_EQ(tma->boxBytes(), 64 * 128 * 2);
  CopyAtom copy = tma->copyAtom();
  EXPECT_EQ(size(copy.thrID).value(), 1);
  EXPECT_EQ(copy.bitsPerThread(), 64 * 128 * 16);
  EXPECT_EQ(copy.arch, 90);
}

TEST(TmaAtom, HardwareLimits) {
  struct Case {
    TmaKind kind;
    std::vector<int64_t> box;
    int bits, swizzle, ctas;
    const char *message;
  } cases[] = {
      {TmaKind::Load, {}, 16, 0, 1, "1 to 5 dimensions, got 0"},
      {TmaKind::Load, {8, 8, 8, 8, 8, 8}, 16, 0, 1, "1 to 5 dimensions, got 6"},
      {TmaKind::Load,
       {64, 512},
       16,
       0,
       1,
       "extent 512 of dimension 1 is outside 1..256"},
      {TmaKind::Load,
       {4, 64},
       16,
       0,
       1,
       "inner extent is 8 bytes; it must be a multiple of 16"},
      {TmaKind::Load,
       {128, 64},
       16,
       128,
       1,
       "inner extent of 256 bytes is wider than its 128-byte swizzle"},
      {TmaKind::Load, {64, 64}, 16, 48, 1, "32, 64 or 128 bytes, not 48"},
      {TmaKind::LoadMulticast, {64, 64}, 16, 128, 32, "2..16 CTAs"},
      {TmaKind::Load, {64, 64}, 16, 128, 2, "only load_multicast"},
      {TmaKind::Load, {64, 64}, 12, 0, 1, "not 12-bit ones"},
  };
  for (const Case &c : cases) {
    Result<TmaAtom> tma = makeTmaAtom(c.kind, c.box, c.bits, c.swizzle, c.ctas);
    ASSERT_FALSE(tma) << c.message;
    EXPECT_NE(tma.message().find(c.message), std::string::npos)
        << tma.message();
  }
}

TEST(TmaAtom, SwizzleWidthFromTheSharedMemoryLayout) {
  EXPECT_EQ(*tmaSwizzleBytes(*Swizzle::get(3, 3, 3), 16), 128);
  EXPECT_EQ(*tmaSwizzleBytes(*Swizzle::get(2, 3, 3), 16), 64);
  EXPECT_EQ(*tmaSwizzleBytes(*Swizzle::get(1, 2, 3), 32), 32);
  EXPECT_EQ(*tmaSwizzleBytes(*Swizzle::get(3, 4, 3), 8), 128);
  EXPECT_EQ(*tmaSwizzleBytes(*Swizzle::get(0, 0, 0), 16), 0);
  Result<int> wrong = tmaSwizzleBytes(*Swizzle::get(3, 4, 3), 16);
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.message().find("Sw<1|2|3,3,3>"), std::string::npos)
      << wrong.message();
}

TEST(TmaAtom, ByteSwizzleIsTheSwizzleOfByteValues) {
  for (int64_t bytes : {0, 32, 64, 128}) {
    Result<TmaAtom> atom = makeTmaAtom(TmaKind::Store, {16, 8}, 8, bytes);
    ASSERT_TRUE(atom) << atom.message();
    EXPECT_EQ(*tmaSwizzleBytes(atom->byteSwizzle(), 8), bytes);
  }
  // 128 bytes: address bits 7-9 flip bits 4-6 (16-byte chunks of a row).
  Swizzle sw = makeTmaAtom(TmaKind::Store, {64, 8}, 16, 128)->byteSwizzle();
  EXPECT_EQ(sw(0x80), 0x90);
  EXPECT_EQ(sw(0x3F0), 0x380);
}

TEST(BulkCopy, MovesMultiplesOf16Bytes) {
  Result<CopyAtom> g2s = makeBulkCopyAtom(true, 4096);
  ASSERT_TRUE(g2s) << g2s.message();
  EXPECT_EQ(g2s->name, "SM90_BULK_COPY_G2S");
  EXPECT_EQ(g2s->bitsPerThread(), 4096 * 8);
  EXPECT_EQ(makeBulkCopyAtom(false, 16)->name, "SM90_BULK_COPY_S2G");
  EXPECT_FALSE(makeBulkCopyAtom(true, 24));
  EXPECT_FALSE(makeBulkCopyAtom(true, 0));
}

} // namespace
