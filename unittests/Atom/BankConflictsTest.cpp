//===- BankConflictsTest.cpp - Bank conflicts of known accesses -----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The conflict model on accesses whose cost is known by hand: a column read
// of a row-major tile is a 32-way conflict that a padded row removes; a
// 128-byte swizzle removes the 8-way conflict of ldmatrix reading 128-byte
// rows; 128-bit row stores and broadcasts are free. The accesses come from
// layouts through the same partitions the lowering issues instructions from.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/BankConflicts.h"
#include "cute-mlir/Layout/Notation.h"

#include "../Layout/TestSupport.h"

#include "gtest/gtest.h"

using namespace mlir::cute;
using mlir::cute::test::layout;

namespace {

CopyAtom atom(const std::string &name) {
  Result<CopyAtom> a = lookupCopyAtom(name);
  EXPECT_TRUE(a) << a.message();
  return *a;
}

Swizzle swizzle(int b, int m, int s) { return *Swizzle::get(b, m, s); }

/// A vector access of `bytes` per lane, lane l at `address(l)`.
WarpAccess vectorAccess(int64_t bytes,
                        const std::function<int64_t(int64_t)> &address) {
  WarpAccess access;
  access.bytesPerLane = bytes;
  for (int64_t l = 0; l < kWarpLanes; ++l)
    access.lanes.push_back(address(l));
  return access;
}

BankConflicts analyze(const WarpAccess &access) {
  Result<BankConflicts> c = analyzeBankConflicts(access);
  EXPECT_TRUE(c) << c.message();
  return c ? *c : BankConflicts{};
}

/// Every instruction of one warp of `copy` over a shared-memory tensor,
/// summarized.
ConflictSummary copyCost(const TiledCopy &copy, const std::string &tensor,
                         std::optional<Swizzle> sw, bool sharedIsSource,
                         int64_t warp = 0) {
  ConflictSummary summary;
  Result<std::vector<ThreadSharedView>> views = copyThreadViews(
      copy, layout(tensor), sw, sharedIsSource, warp * kWarpLanes);
  EXPECT_TRUE(views) << views.message();
  if (!views)
    return summary;
  Result<SharedInstruction> inst =
      sharedInstructionOf(copy.atom(), copy.valueBits(), sharedIsSource);
  EXPECT_TRUE(inst) << inst.message();
  if (!inst)
    return summary;
  Result<std::vector<WarpAccess>> accesses =
      warpAccesses(*views, copy.valueBits(), *inst);
  EXPECT_TRUE(accesses) << accesses.message();
  if (!accesses)
    return summary;
  for (const WarpAccess &a : *accesses)
    summary.add(analyze(a));
  return summary;
}

TiledCopy makeCopy(const std::string &atomName, int bits,
                   const std::string &threads, const std::string &values) {
  Result<TiledCopy> copy =
      TiledCopy::make(atom(atomName), bits, layout(threads), layout(values));
  EXPECT_TRUE(copy) << copy.message();
  return *copy;
}

TiledCopy ldmatrixForA(const std::string &atomLayout,
                       const std::string &permutation = "") {
  Result<MmaAtom> mmaAtom = lookupMmaAtom("SM80_16x8x16_F32F16F16F32_TN");
  EXPECT_TRUE(mmaAtom);
  Result<TiledMma> mma = permutation.empty()
                             ? TiledMma::get(*mmaAtom, layout(atomLayout))
                             : TiledMma::get(*mmaAtom, layout(atomLayout),
                                             *parseTiler(permutation));
  EXPECT_TRUE(mma) << mma.message();
  Result<TiledCopy> copy =
      TiledCopy::forMma(atom("SM75_U32x4_LDSM_N"), 16, *mma, MmaOperand::A);
  EXPECT_TRUE(copy) << copy.message();
  return *copy;
}

//===----------------------------------------------------------------------===//
// The hardware model on explicit addresses
//===----------------------------------------------------------------------===//

TEST(BankConflicts, ConsecutiveWordsAreOneWavefront) {
  BankConflicts c = analyze(vectorAccess(4, [](int64_t l) { return 4 * l; }));
  EXPECT_EQ(c.phases, 1);
  EXPECT_EQ(c.wavefronts, 1);
  EXPECT_EQ(c.degree, 1);
}

TEST(BankConflicts, OneWordForEveryLaneIsABroadcast) {
  BankConflicts c = analyze(vectorAccess(4, [](int64_t) { return 64; }));
  EXPECT_EQ(c.wavefronts, 1);
  EXPECT_EQ(c.degree, 1);
}

TEST(BankConflicts, StrideOfTwoWordsIsTwoWay) {
  BankConflicts c = analyze(vectorAccess(4, [](int64_t l) { return 8 * l; }));
  EXPECT_EQ(c.wavefronts, 2);
  EXPECT_EQ(c.degree, 2);
}

TEST(BankConflicts, HalvesOfOneWordShareIt) {
  // 16-bit accesses: lanes 2i and 2i+1 read the two halves of word i.
  BankConflicts c = analyze(vectorAccess(2, [](int64_t l) { return 2 * l; }));
  EXPECT_EQ(c.phases, 1);
  EXPECT_EQ(c.degree, 1);
}

TEST(BankConflicts, SixtyFourBitAccessesTakeTwoHalfWarpPhases) {
  BankConflicts c = analyze(vectorAccess(8, [](int64_t l) { return 8 * l; }));
  EXPECT_EQ(c.phases, 2);
  EXPECT_EQ(c.wavefronts, 2);
  EXPECT_EQ(c.degree, 1);
  // Every half-warp lane 256 bytes apart: 16 words in two banks.
  BankConflicts strided =
      analyze(vectorAccess(8, [](int64_t l) { return 256 * l; }));
  EXPECT_EQ(strided.degree, 16);
  EXPECT_EQ(strided.wavefronts, 32);
}

TEST(BankConflicts, OneHundredTwentyEightBitAccessesTakeQuarterWarpPhases) {
  BankConflicts c = analyze(vectorAccess(16, [](int64_t l) { return 16 * l; }));
  EXPECT_EQ(c.phases, 4);
  EXPECT_EQ(c.wavefronts, 4);
  EXPECT_EQ(c.degree, 1);
}

TEST(BankConflicts, InactiveLanesAndEmptyPhasesCostNothing) {
  WarpAccess access = vectorAccess(16, [](int64_t l) { return 16 * l; });
  for (int64_t l = 8; l < kWarpLanes; ++l)
    access.lanes[l] = std::nullopt;
  BankConflicts c = analyze(access);
  EXPECT_EQ(c.phases, 1);
  EXPECT_EQ(c.wavefronts, 1);
}

TEST(BankConflicts, LdmatrixReadsOnlyTheRowAddressesOfItsMatrices) {
  // .x1: lanes 8..31 give no address; their values do not matter.
  WarpAccess access =
      vectorAccess(16, [](int64_t l) { return l < 8 ? 16 * l : 0; });
  access.matrices = 1;
  BankConflicts c = analyze(access);
  EXPECT_EQ(c.phases, 1);
  EXPECT_EQ(c.wavefronts, 1);
}

TEST(BankConflicts, MisalignedOrImpossibleAccessesAreErrors) {
  EXPECT_FALSE(analyzeBankConflicts(
      vectorAccess(16, [](int64_t l) { return 16 * l + 4; })));
  EXPECT_FALSE(
      analyzeBankConflicts(vectorAccess(12, [](int64_t l) { return 12 * l; })));
  WarpAccess matrix = vectorAccess(16, [](int64_t l) { return 16 * l; });
  matrix.matrices = 3;
  EXPECT_FALSE(analyzeBankConflicts(matrix));
}

//===----------------------------------------------------------------------===//
// Accesses derived from copy partitions
//===----------------------------------------------------------------------===//

TEST(BankConflicts, ColumnReadOfARowMajorTileIsThirtyTwoWay) {
  // 32 threads down a column of a 32x32 f32 row-major tile, a column per
  // instruction: every lane in bank j, 32 distinct words.
  TiledCopy copy =
      makeCopy("UniversalCopy_U32", 32, "(32,1):(1,0)", "(1,1):(0,0)");
  ConflictSummary s = copyCost(copy, "(32,32):(32,1)", std::nullopt, true);
  EXPECT_EQ(s.instructions, 32);
  EXPECT_EQ(s.phases, 1);
  EXPECT_EQ(s.degree, 32);
  EXPECT_EQ(s.minWavefronts, 32);
  EXPECT_EQ(s.wavefronts, 32 * 32);
  EXPECT_EQ(s.idealWavefronts, 32);
}

TEST(BankConflicts, PaddingRowsToThirtyThreeWordsRemovesTheConflict) {
  TiledCopy copy =
      makeCopy("UniversalCopy_U32", 32, "(32,1):(1,0)", "(1,1):(0,0)");
  ConflictSummary s = copyCost(copy, "(32,32):(33,1)", std::nullopt, true);
  EXPECT_EQ(s.instructions, 32);
  EXPECT_EQ(s.degree, 1);
  EXPECT_EQ(s.wavefronts, s.idealWavefronts);
}

TEST(BankConflicts, SwizzleRemovesTheConflictOfAColumnRead) {
  // The same column read of 32-bit words through Sw<5,0,5>: row r's word j
  // moves to column j ^ (r % 32).
  TiledCopy copy =
      makeCopy("UniversalCopy_U32", 32, "(32,1):(1,0)", "(1,1):(0,0)");
  ConflictSummary s = copyCost(copy, "(32,32):(32,1)", swizzle(5, 0, 5), true);
  EXPECT_EQ(s.degree, 1);
  EXPECT_EQ(s.wavefronts, 32);
}

TEST(BankConflicts, LdmatrixOfOneHundredTwentyEightByteRowsIsEightWay) {
  // ldmatrix.x4 for A of one 16x8x16 atom over a 16x64 f16 K-major tile:
  // each matrix's 8 row addresses are 128 bytes apart, all in one group of
  // four banks.
  TiledCopy copy = ldmatrixForA("(1,1,1):(0,0,0)");
  ConflictSummary s = copyCost(copy, "(16,64):(64,1)", std::nullopt, true);
  EXPECT_EQ(s.instructions, 4); // 64 / 16 k-blocks
  EXPECT_EQ(s.phases, 4);
  EXPECT_EQ(s.degree, 8);
  EXPECT_EQ(s.minWavefronts, 32);
  EXPECT_EQ(s.maxWavefronts, 32);
  EXPECT_EQ(s.str(), "4 phases, 8-way bank conflict: 32 wavefronts each "
                     "(ideal 4)");
}

TEST(BankConflicts, OneHundredTwentyEightByteSwizzleMakesLdmatrixFree) {
  // Sw<3,3,3> on f16 offsets is Sw<3,4,3> on bytes: the 16-byte chunk of
  // row r moves to chunk c ^ (r % 8).
  TiledCopy copy = ldmatrixForA("(1,1,1):(0,0,0)");
  ConflictSummary s = copyCost(copy, "(16,64):(64,1)", swizzle(3, 3, 3), true);
  EXPECT_EQ(s.instructions, 4);
  EXPECT_EQ(s.degree, 1);
  EXPECT_EQ(s.wavefronts, 16);
  EXPECT_EQ(s.str(), "4 phases, 4 wavefronts each, conflict-free");
}

TEST(BankConflicts, GemmSm80LayoutNeedsItsSwizzleForLdmatrix) {
  // The sm_80 example's 128x32 f16 tile, rows of 64 bytes grouped by 8:
  // without Sw<2,3,3> rows r and r+2 share banks (4-way); with it, none do.
  TiledCopy copy = ldmatrixForA("(2,2,1):(1,2,0)", "(32,32,16)");
  const std::string tile = "((8,16),32):((32,256),1)";
  for (int64_t warp = 0; warp < 4; ++warp) {
    ConflictSummary plain = copyCost(copy, tile, std::nullopt, true, warp);
    EXPECT_EQ(plain.degree, 4) << "warp " << warp;
    ConflictSummary swizzled =
        copyCost(copy, tile, swizzle(2, 3, 3), true, warp);
    EXPECT_EQ(swizzled.instructions, 8) << "warp " << warp;
    EXPECT_EQ(swizzled.degree, 1) << "warp " << warp;
    EXPECT_EQ(swizzled.wavefronts, 8 * 4) << "warp " << warp;
  }
}

TEST(BankConflicts, OneHundredTwentyEightBitRowStoresAreFree) {
  // 8 threads along each 128-byte row of an 8x64 f16 tile: a quarter warp
  // stores one whole row.
  TiledCopy copy =
      makeCopy("UniversalCopy_U128", 16, "(8,8):(8,1)", "(1,8):(1,1)");
  ConflictSummary s = copyCost(copy, "(8,64):(64,1)", std::nullopt, false);
  EXPECT_EQ(s.instructions, 1);
  EXPECT_EQ(s.phases, 4);
  EXPECT_EQ(s.degree, 1);
  EXPECT_EQ(s.wavefronts, 4);
}

TEST(BankConflicts, OneHundredTwentyEightBitColumnStoresAreEightWay) {
  // The threads down the rows instead: a quarter warp stores one 16-byte
  // chunk of 8 rows, 128 bytes apart.
  TiledCopy copy =
      makeCopy("UniversalCopy_U128", 16, "(8,8):(1,8)", "(1,8):(1,1)");
  ConflictSummary s = copyCost(copy, "(8,64):(64,1)", std::nullopt, false);
  EXPECT_EQ(s.degree, 8);
  EXPECT_EQ(s.wavefronts, 32);
  ConflictSummary swizzled =
      copyCost(copy, "(8,64):(64,1)", swizzle(3, 3, 3), false);
  EXPECT_EQ(swizzled.degree, 1);
  EXPECT_EQ(swizzled.wavefronts, 4);
}

TEST(BankConflicts, CpAsyncWritesSixteenBytesPerLane) {
  Result<SharedInstruction> inst = sharedInstructionOf(
      atom("SM80_CP_ASYNC_CACHEGLOBAL_U128"), 16, /*sharedIsSource=*/false);
  ASSERT_TRUE(inst) << inst.message();
  EXPECT_EQ(inst->name, "cp.async 16B");
  EXPECT_EQ(inst->bytesPerLane, 16);
  EXPECT_EQ(inst->valuesPerInstruction, 8);
  EXPECT_FALSE(sharedInstructionOf(atom("SM80_CP_ASYNC_CACHEGLOBAL_U128"), 16,
                                   /*sharedIsSource=*/true));
}

TEST(BankConflicts, MatrixInstructionsAreNamedByTheirMatrices) {
  Result<SharedInstruction> x4 =
      sharedInstructionOf(atom("SM75_U16x8_LDSM_T"), 16, true);
  ASSERT_TRUE(x4) << x4.message();
  EXPECT_EQ(x4->name, "ldmatrix.x4.trans");
  EXPECT_EQ(x4->matrices, 4);
  Result<SharedInstruction> st =
      sharedInstructionOf(atom("SM90_U32x2_STSM_N"), 16, false);
  ASSERT_TRUE(st) << st.message();
  EXPECT_EQ(st->name, "stmatrix.x2");
  EXPECT_EQ(st->matrices, 2);
  EXPECT_FALSE(sharedInstructionOf(atom("SM90_U32x2_STSM_N"), 16, true));
}

} // namespace
