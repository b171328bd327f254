//===- TmaFromSmemTest.cpp - TMA atoms derived from shared memory ---------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// makeTmaAtomFromSmem is CuTe's make_tma_copy: each case below
// is worked by hand from the tile's modes (the box lists them last first),
// the swizzle read in bytes (Sw<B, log2(16 bytes / element), 3> is a
// 16 << B byte swizzle) and, for a multicast, the outermost mode split
// among the CTAs.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/TmaAtom.h"
#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

using namespace mlir::cute;

namespace {

Result<TmaAtom> fromSmem(const std::string &smem, int bits, int64_t ctas = 1,
                         TmaKind kind = TmaKind::Load) {
  if (ctas > 1)
    kind = TmaKind::LoadMulticast;
  Result<ComposedLayout> layout = parseSmemTile(smem);
  if (layout.failed())
    return layout.takeError();
  return makeTmaAtomFromSmem(kind, *layout, bits, ctas);
}

void expectAtom(const std::string &smem, int bits, int64_t ctas,
                std::vector<int64_t> box, int swizzle,
                const std::string &boxLayout) {
  Result<TmaAtom> atom = fromSmem(smem, bits, ctas);
  ASSERT_TRUE(atom) << smem << ": " << atom.message();
  EXPECT_EQ(atom->box, box) << smem;
  EXPECT_EQ(atom->swizzleBytes, swizzle) << smem;
  EXPECT_EQ(atom->multicastCtas, ctas) << smem;
  EXPECT_EQ(smemTileStr(atom->boxLayout()), boxLayout) << smem;
}

void expectRejected(const std::string &smem, int bits, int64_t ctas,
                    const std::string &why) {
  Result<TmaAtom> atom = fromSmem(smem, bits, ctas);
  ASSERT_FALSE(atom) << smem;
  EXPECT_NE(atom.message().find(why), std::string::npos)
      << smem << ": " << atom.message();
}

TEST(TmaFromSmem, Swizzle128ByteF16IsTheGemmTile) {
  // 128 rows of 64 halves (128 bytes), 8-row swizzle atoms stacked.
  expectAtom("Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)", 16, 1, {64, 128}, 128,
             "Sw<3,3,3> o 0 o (128,64):(64,1)");
}

TEST(TmaFromSmem, Swizzle64ByteBf16) {
  // Rows of 32 bf16 values are 64 bytes: Sw<2,3,3>.
  expectAtom("Sw<2,3,3> o 0 o ((8,8),32):((32,256),1)", 16, 1, {32, 64}, 64,
             "Sw<2,3,3> o 0 o (64,32):(32,1)");
}

TEST(TmaFromSmem, Swizzle32ByteF32) {
  // Four floats make a 16-byte chunk (M = 2); 8 floats are 32 bytes.
  expectAtom("Sw<1,2,3> o 0 o (64,8):(8,1)", 32, 1, {8, 64}, 32,
             "Sw<1,2,3> o 0 o (64,8):(8,1)");
}

TEST(TmaFromSmem, Swizzle128ByteFp8) {
  // Sixteen bytes per chunk (M = 4); 128 fp8 values per row.
  expectAtom("Sw<3,4,3> o 0 o ((8,8),128):((128,1024),1)", 8, 1, {128, 64}, 128,
             "Sw<3,4,3> o 0 o (64,128):(128,1)");
}

TEST(TmaFromSmem, NoSwizzle) {
  expectAtom("(64,32):(32,1)", 16, 1, {32, 64}, 0, "(64,32):(32,1)");
}

TEST(TmaFromSmem, ThreeModesListTheLastFirst) {
  expectAtom("Sw<3,3,3> o 0 o (2,(8,8),64):(4096,(64,512),1)", 16, 1,
             {64, 64, 2}, 128, "Sw<3,3,3> o 0 o (2,64,64):(4096,64,1)");
}

TEST(TmaFromSmem, MulticastToTwoSplitsTheRows) {
  // The ws GEMM's B: 256 rows, two CTAs of 128 rows each.
  expectAtom("Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)", 16, 2, {64, 128}, 128,
             "Sw<3,3,3> o 0 o (128,64):(64,1)");
}

TEST(TmaFromSmem, MulticastToFourSplitsTheRows) {
  expectAtom("Sw<3,3,3> o 0 o ((8,32),64):((64,512),1)", 16, 4, {64, 64}, 128,
             "Sw<3,3,3> o 0 o (64,64):(64,1)");
}

// The cases below are differential: the golden box is compiled CuTe's
// answer, the boxDim make_tma_copy passed to cuTensorMapEncodeTiled for the
// same gmem tensor and smem layout (tmadiff, innermost first).

TEST(TmaFromSmem, MulticastOfABatchedTileSplitsTheRowsNotTheBatch) {
  // A batched K-major operand (M, K, L) with strides (K, 1, M * K) is our
  // (L, M, K) tensor; its smem tile has a batch mode of 1. Compiled CuTe's
  // answer for make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, gmem,
  // tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>, (128, 64)), Int<2>):
  // box (64, 64, 1), each CTA 64 of the 128 rows.
  expectAtom("Sw<3,3,3> o 0 o (1,(8,16),64):(0,(64,512),1)", 16, 2, {64, 64, 1},
             128, "Sw<3,3,3> o 0 o (1,64,64):(0,64,1)");
  // Compiled CuTe's answer for a (64, 64) tile and Int<4>: box (64, 16, 1).
  expectAtom("Sw<3,3,3> o 0 o (1,(8,8),64):(0,(64,512),1)", 16, 4, {64, 16, 1},
             128, "Sw<3,3,3> o 0 o (1,16,64):(0,64,1)");
  // MN-major (M, K, L) with strides (1, M, M * K) is our (L, K, M): the CTAs
  // split K. Compiled CuTe's answer for tile_to_shape(
  // GMMA::Layout_MN_SW64_Atom<half_t>, (32, 64), Step<_2,_1>) and Int<2>:
  // box (32, 32, 1).
  expectAtom("Sw<2,3,3> o 0 o (1,(8,8),32):(0,(32,256),1)", 16, 2, {32, 32, 1},
             64, "Sw<2,3,3> o 0 o (1,32,32):(0,32,1)");
}

TEST(TmaFromSmem, MulticastToMoreCtasThanRowsSplitsTheNextMode) {
  // Two rows of 256 halves among four CTAs: each takes half a row. Compiled
  // CuTe's answer (an unswizzled (2,256):(256,1) tile, Int<4>): box (128, 1).
  expectAtom("(2,256):(256,1)", 16, 4, {128, 1}, 0, "(1,128):(0,1)");
  // A swizzled row stays whole (CuTe would split it; we reject).
  expectRejected("Sw<3,3,3> o 0 o (2,64):(64,1)", 16, 4,
                 "would split the tile's rows, which its 128-byte swizzle "
                 "keeps whole");
  expectRejected("(2,64):(64,1)", 16, 256, "needs a tile of at least");
  // A batch mode of 1 goes whole; then 3 rows split neither into nor among
  // two CTAs.
  expectRejected("(1,3,64):(0,64,1)", 16, 2,
                 "after 1 outer mode(s), mode 1's extent 3 is not a multiple "
                 "of 2 (nor a divisor of it");
}

/// A tile wider than its swizzle: `boxes` boxes of `box`, `stride` elements
/// apart in shared memory.
void expectBoxes(const std::string &smem, int bits, int64_t ctas,
                 std::vector<int64_t> box, int64_t boxes, int64_t stride,
                 const std::string &boxLayout) {
  Result<TmaAtom> atom = fromSmem(smem, bits, ctas);
  ASSERT_TRUE(atom) << smem << ": " << atom.message();
  EXPECT_EQ(atom->box, box) << smem;
  EXPECT_EQ(atom->boxes, boxes) << smem;
  EXPECT_EQ(atom->boxStride(), stride) << smem;
  EXPECT_EQ(atom->copyBytes(), atom->boxBytes() * boxes) << smem;
  EXPECT_EQ(smemTileStr(atom->boxLayout()), boxLayout) << smem;
}

TEST(TmaFromSmem, AKMajorTileOfTwoSwizzleAtomsIsTwoBoxes) {
  // CuTe's tile_to_shape(Layout_K_SW128_Atom<bf16>, (128,128)): 128 rows
  // of 128 bf16 values, two 128x64 atoms one after the other (8192 values
  // apart). make_tma_copy's box is one atom, 64 x 128, and a copy of the
  // tile issues two.
  expectBoxes("Sw<3,3,3> o 0 o ((8,16),(64,2)):((64,512),(1,8192))", 16, 1,
              {64, 128}, 2, 8192, "Sw<3,3,3> o 0 o (128,(64,2)):(64,(1,8192))");
  // tf32 in 128-byte rows of 32 values: 64 k-values are two boxes.
  expectBoxes("Sw<3,2,3> o 0 o ((8,8),(32,2)):((32,256),(1,2048))", 32, 1,
              {32, 64}, 2, 2048, "Sw<3,2,3> o 0 o (64,(32,2)):(32,(1,2048))");
  // An M-major operand, (K, M) with M contiguous: 128 M-values of bf16 are
  // two 64-wide boxes of 64 k-rows.
  expectBoxes("Sw<3,3,3> o 0 o ((8,8),(64,2)):((64,512),(1,4096))", 16, 1,
              {64, 64}, 2, 4096, "Sw<3,3,3> o 0 o (64,(64,2)):(64,(1,4096))");
  // A multicast splits every box's rows: each CTA's share of box j starts
  // j whole boxes (16384 values) into the tile.
  expectBoxes("Sw<3,3,3> o 0 o ((8,32),(64,2)):((64,512),(1,16384))", 16, 2,
              {64, 128}, 2, 16384,
              "Sw<3,3,3> o 0 o (128,(64,2)):(64,(1,16384))");
  // Four boxes of fp8 (128 values a 128-byte row).
  expectBoxes("Sw<3,4,3> o 0 o (64,(128,4)):(128,(1,8192))", 8, 1, {128, 64}, 4,
              8192, "Sw<3,4,3> o 0 o (64,(128,4)):(128,(1,8192))");
}

TEST(TmaFromSmem, RejectsWhatTmaCannotWrite) {
  expectRejected("Sw<3,3,3> o 0 o (64,64):(1,64)", 16, 1,
                 "TMA writes its box row-major (the last mode contiguous), as "
                 "(64,64):(64,1), but the tile is (64,64):(1,64)");
  expectRejected("(128,64):(72,1)", 16, 1, "row-major");
  // Rows of 1.5 swizzle widths are no whole number of boxes.
  expectRejected("Sw<3,3,3> o 0 o (128,96):(96,1)", 16, 1,
                 "inner extent of 192 bytes is wider than its 128-byte "
                 "swizzle");
  // Two boxes' worth of row whose second half is not the next box.
  expectRejected("Sw<3,3,3> o 0 o (128,(64,2)):(64,(1,16384))", 16, 1,
                 "2 boxes one after the other, as (128,(64,2)):(64,(1,8192))");
  // Boxes of 4 rows end mid-pattern: the next would be swizzled shifted.
  expectRejected("Sw<3,3,3> o 0 o (4,(64,2)):(64,(1,256))", 16, 1,
                 "each start a 1024-byte swizzle pattern, but a box is 512 "
                 "bytes");
  expectRejected("Sw<3,3,3> o 0 o (128,32):(32,1)", 16, 1,
                 "a 128-byte swizzle needs rows of 128 bytes");
  expectRejected("Sw<3,3,3> o 0 o (64,32):(32,1)", 32, 1,
                 "Sw<3,3,3> is not a TMA swizzle for 32-bit values");
  expectRejected("Sw<3,3,3> o 0 o ((8,16),64):((64,512),1)", 16, 3,
                 "its extent 128 is not a multiple of 3");
  expectRejected("(4,4):(4,1)", 32, 4, "a share is 16 bytes");
  expectRejected("Sw<3,3,3> o 64 o (128,64):(64,1)", 16, 1,
                 "starts at offset 0");
  expectRejected("(2,2,2,2,2,8):(128,64,32,16,8,1)", 16, 1,
                 "1 to 5 dimensions, but the tile has 6 modes");
  expectRejected("(128,512):(512,1)", 16, 1,
                 "extent 512 of dimension 0 is outside 1..256");
  EXPECT_FALSE(makeTmaAtomFromSmem(
      TmaKind::Load,
      ComposedLayout(*parseLayout("8:1"), Int(0), *parseLayout("8:1")), 16));
  // A tile of no modes (only the C++ API builds one) has no box.
  Result<TmaAtom> none = makeTmaAtomFromSmem(
      TmaKind::Load,
      ComposedLayout(
          *Swizzle::get(0, 0, 0), Int(0),
          makeLayoutUnchecked(IntTuple::tuple({}), IntTuple::tuple({}))),
      16);
  ASSERT_FALSE(none);
  EXPECT_NE(none.message().find("1 to 5 dimensions, but the tile has 0 modes"),
            std::string::npos)
      << none.message();
}

} // namespace
