//===- TiledMmaTest.cpp - TiledMMA layouts against their definitions -----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A TiledMMA's (thread, value) layouts are checked against what they must be:
// each thread runs its atom at the offset of its atom in the atom layout, and
// a permutation of a mode moves each position through the permutation.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/TiledMma.h"
#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

#include <set>

using namespace mlir::cute;

namespace {

TiledMma tiled(const std::string &atom, const std::string &atomLayout,
               const std::string &permutation = "") {
  Result<MmaAtom> a = lookupMmaAtom(atom);
  EXPECT_TRUE(a) << a.message();
  Tiler perm =
      permutation.empty() ? Tiler::tuple({}) : *parseTiler(permutation);
  Result<TiledMma> t = TiledMma::get(*a, *parseLayout(atomLayout), perm);
  EXPECT_TRUE(t) << t.message();
  return *t;
}

int64_t at(const Layout &tv, int64_t t, int64_t v) {
  return tv(IntTuple::tuple({IntTuple(t), IntTuple(v)}))->value();
}

void expectBijection(const Layout &tv, int64_t elements) {
  std::set<int64_t> seen;
  for (int64_t i = 0, n = size(tv).value(); i < n; ++i)
    seen.insert(tv(IntTuple(i))->value());
  EXPECT_EQ(static_cast<int64_t>(seen.size()), elements) << tv.str();
  EXPECT_EQ(size(tv).value(), elements) << tv.str();
}

TEST(TiledMma, TwoByTwoSm80AtomsRunEachAtomAtItsOffset) {
  // Atoms (2,2) column-major: thread t runs atom (t/32 % 2, t/64 % 2).
  TiledMma mma = tiled("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)");
  EXPECT_EQ(mma.tileSize(0), 32);
  EXPECT_EQ(mma.tileSize(1), 16);
  EXPECT_EQ(mma.tileSize(2), 16);
  EXPECT_EQ(mma.numThreads(), 128);
  Layout c = *mma.layoutC_TV(), a = *mma.layoutA_TV(), b = *mma.layoutB_TV();
  const MmaAtom &atom = mma.atom();
  for (int64_t t = 0; t < 128; ++t) {
    int64_t lane = t % 32, am = (t / 32) % 2, an = (t / 64) % 2;
    for (int64_t v = 0; v < 4; ++v) {
      int64_t x = at(atom.cLayout, lane, v); // m + 16 n in the atom
      int64_t m = x % 16 + 16 * am, n = x / 16 + 8 * an;
      ASSERT_EQ(at(c, t, v), m + 32 * n) << "C thread " << t << " value " << v;
    }
    for (int64_t v = 0; v < 8; ++v) {
      int64_t x = at(atom.aLayout, lane, v); // m + 16 k
      ASSERT_EQ(at(a, t, v), x % 16 + 16 * am + 32 * (x / 16))
          << "A thread " << t << " value " << v;
    }
    for (int64_t v = 0; v < 4; ++v) {
      int64_t x = at(atom.bLayout, lane, v); // n + 8 k
      ASSERT_EQ(at(b, t, v), x % 8 + 8 * an + 16 * (x / 8))
          << "B thread " << t << " value " << v;
    }
  }
  expectBijection(c, 32 * 16);
}

TEST(TiledMma, TwoByTwoSm70QuadpairsMakeA16x16x4Tile) {
  TiledMma mma = tiled("SM70_8x8x4_F32F16F16F32_NT", "(2,2):(2,1)");
  EXPECT_EQ(mma.tileSize(0), 16);
  EXPECT_EQ(mma.tileSize(1), 16);
  EXPECT_EQ(mma.tileSize(2), 4);
  EXPECT_EQ(mma.thrLayoutVMNK().str(), "((4,2),2,2,1):((1,16),8,4,0)");
  expectBijection(*mma.layoutC_TV(), 16 * 16);
}

TEST(TiledMma, OneSm70QuadpairCoversItsTileByLogicalThread) {
  // One quadpair is lanes 0-3 and 16-19. By thread index (CuTe's
  // get_layoutC_TV) all 32 lanes are there, lanes 4-15 and 20-31 repeating
  // 0-3 and 16-19; by logical thread the 8 of the quadpair are.
  TiledMma mma = tiled("SM70_8x8x4_F32F16F16F32_NT", "(1,1,1):(0,0,0)");
  Layout byLane = *mma.layoutC_TV();
  EXPECT_EQ(size(byLane.mode(0)).value(), 32);
  for (int64_t v = 0; v < 8; ++v) {
    EXPECT_EQ(at(byLane, 5, v), at(byLane, 1, v));
    EXPECT_EQ(at(byLane, 20, v), at(byLane, 16, v));
  }
  Layout c = *mma.logicalLayoutC_TV();
  EXPECT_EQ(size(c.mode(0)).value(), 8);
  expectBijection(c, 8 * 8);
  for (Result<Layout> ab : {mma.logicalLayoutA_TV(), mma.logicalLayoutB_TV()}) {
    EXPECT_EQ(size(ab->mode(0)).value(), 8);
    expectBijection(*ab, 8 * 4);
  }
  // Logical thread 4 is lane 16: its first C value is element (4, 0).
  EXPECT_EQ(at(c, 4, 0), 4);
}

TEST(TiledMma, Sm70QuadpairsByThreadIndexAreCuTes) {
  // Golden values: compiled CuTe's (CUTLASS 4.x) get_layout{A,B,C}_TV of
  // make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT{}, Layout<Shape<_1,_2,_1>>{})
  // and of the atom alone. Since CUTLASS 4.1 the thread index goes through
  // the right inverse of ThrLayoutVMNK completed by its complement, so the
  // quadpair's lanes 16-19 keep their values.
  TiledMma two = tiled("SM70_8x8x4_F32F16F16F32_NT", "(1,2,1):(0,1,0)");
  EXPECT_EQ(two.thrLayoutVMNK().str(), "((4,2),1,2,1):((1,16),0,4,0)");
  EXPECT_EQ(two.layoutA_TV()->str(), "((4,(2,2),2),(4,(1,1))):((8,(0,0),4),"
                                     "(1,(0,0)))");
  EXPECT_EQ(two.layoutB_TV()->str(), "((4,(2,2),2),(4,(1,1))):((16,(8,0),4),"
                                     "(1,(0,0)))");
  EXPECT_EQ(two.layoutC_TV()->str(),
            "(((2,2),(2,2),2),((2,2,2),(1,1))):(((1,16),(64,0),4),((8,2,32),"
            "(0,0)))");
  TiledMma one = tiled("SM70_8x8x4_F16F16F16F16_TN", "(1,1,1):(0,0,0)");
  EXPECT_EQ(one.layoutA_TV()->str(), "((4,4,2),(4,(1,1))):((1,0,4),(8,(0,0)))");
  EXPECT_EQ(one.layoutB_TV()->str(), "((4,4,2),(4,(1,1))):((1,0,4),(8,(0,0)))");
  EXPECT_EQ(one.layoutC_TV()->str(), "((4,4,2),(8,(1,1))):((1,0,4),(8,(0,0)))");
}

TEST(TiledMma, AtomsTiledAlongKShareTheCOfTheirAtom) {
  // A deliberate difference from CuTe: compiled CuTe's get_layoutC_TV of
  // make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_1,_2,_2>>{})
  // is ((4,8,4),((2,2),(1,1))):((32,1,128),((16,8),(0,0))), whose K atoms'
  // threads (64-127) run past the 16x16 C tile. Ours gives each the C of
  // its (M,N) atom, which it holds a partial sum of.
  TiledMma mma = tiled("SM80_16x8x16_F32F16F16F32_TN", "(1,2,2):(0,1,2)");
  Layout c = *mma.layoutC_TV();
  EXPECT_EQ(c.str(), "((4,8,2,2),((2,2),(1,1))):((32,1,128,0),((16,8),(0,0)))");
  for (int64_t t = 0; t < 64; ++t)
    for (int64_t v = 0; v < 4; ++v)
      EXPECT_EQ(at(c, t + 64, v), at(c, t, v));
}

TEST(TiledMma, AMPermutationMovesEveryPositionThroughIt) {
  // CuTe's documented M permutation (0t_mma_atom.md): (4,4,2):(1,8,4) over a
  // 32x32x4 tile of 2x2 SM70 atoms.
  TiledMma plain =
      tiled("SM70_8x8x4_F32F16F16F32_NT", "(2,2):(2,1)", "(32,32,4)");
  TiledMma permuted = tiled("SM70_8x8x4_F32F16F16F32_NT", "(2,2):(2,1)",
                            "((4,4,2):(1,8,4),32,4)");
  EXPECT_EQ(permuted.tileSize(0), 32);
  Layout perm = *parseLayout("(4,4,2):(1,8,4)");
  Layout p = *plain.layoutC_TV(), q = *permuted.layoutC_TV();
  ASSERT_EQ(size(p).value(), size(q).value());
  for (int64_t i = 0, n = size(p).value(); i < n; ++i) {
    int64_t x = p(IntTuple(i))->value(), y = q(IntTuple(i))->value();
    int64_t m = x % 32, col = x / 32;
    ASSERT_EQ(y, perm(IntTuple(m))->value() + 32 * col) << "at " << i;
  }
  expectBijection(q, 32 * 32);
}

TEST(TiledMma, CoversEveryElementOnceForAFamilyOfTilings) {
  const char *atoms[] = {
      "SM80_16x8x8_F32TF32TF32F32_TN", "SM80_16x8x32_S32S8S8S32_TN",
      "SM90_64x64x16_F32F16F16_RS", "SM80_8x8x4_F64F64F64F64_TN"};
  const char *layouts[] = {"(1,1,1):(0,0,0)", "(2,1,1):(1,0,0)",
                           "(1,4,1):(0,1,0)", "(2,2,1):(2,1,0)",
                           "(4,2,1):(1,4,0)"};
  for (const char *name : atoms) {
    for (const char *l : layouts) {
      TiledMma mma = tiled(name, l);
      int64_t m = mma.tileSize(0), n = mma.tileSize(1), k = mma.tileSize(2);
      expectBijection(*mma.layoutC_TV(), m * n);
      if (mma.atom().sourceA == OperandSource::Registers) {
        // A is shared by the atoms tiled in N: it covers (M,K) once per
        // N-atom.
        Layout a = *mma.layoutA_TV();
        std::set<int64_t> seen;
        for (int64_t i = 0, e = size(a).value(); i < e; ++i)
          seen.insert(a(IntTuple(i))->value());
        EXPECT_EQ(static_cast<int64_t>(seen.size()), m * k) << name << " " << l;
      }
    }
  }
}

TEST(TiledMma, PartitionCGivesEachThreadItsValuesInEveryTile) {
  // A 64x32 column-major C is 2x2 tiles of the 32x16 TiledMMA tile.
  TiledMma mma = tiled("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)");
  Layout c = *parseLayout("(64,32):(1,64)");
  Layout tv = *mma.layoutC_TV();
  Int dynamicThread = Int::unknown("tid");
  Result<std::pair<Layout, Int>> symbolic = mma.partitionC(c, dynamicThread);
  ASSERT_TRUE(symbolic) << symbolic.message();
  for (int64_t t = 0; t < 128; ++t) {
    Result<std::pair<Layout, Int>> part = mma.partitionC(c, Int(t));
    ASSERT_TRUE(part) << part.message();
    const Layout &values = part->first;
    ASSERT_EQ(values.rank(), 3u) << values.str(); // (FrgV,RestM,RestN)
    ASSERT_EQ(size(values).value(), 16);
    for (int64_t v = 0; v < 4; ++v) {
      int64_t x = at(tv, t, v), mIn = x % 32, nIn = x / 32;
      for (int64_t rm = 0; rm < 2; ++rm) {
        for (int64_t rn = 0; rn < 2; ++rn) {
          int64_t expected = (mIn + 32 * rm) + 64 * (nIn + 16 * rn);
          IntTuple coord = IntTuple::tuple({v, rm, rn});
          ASSERT_EQ((part->second + *values(coord)).value(), expected)
              << "thread " << t << " value " << v;
        }
      }
    }
    // The same partition with a run-time thread index, evaluated at t.
    EXPECT_EQ(symbolic->second.evaluate([&](const Int &) { return t; }),
              part->second.value());
  }
}

TEST(TiledMma, FragmentsAreCompactInTheOrderOfThePartition) {
  TiledMma mma = tiled("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)");
  Result<std::pair<Layout, Int>> part =
      mma.partitionC(*parseLayout("(64,32):(1,64)"), Int(5));
  ASSERT_TRUE(part);
  Result<Layout> frag = makeFragmentLike(part->first);
  ASSERT_TRUE(frag) << frag.message();
  // 16 registers, compact: the fragment is a bijection onto [0,16).
  std::set<int64_t> seen;
  for (int64_t i = 0; i < 16; ++i)
    seen.insert((*frag)(IntTuple(i))->value());
  EXPECT_EQ(seen.size(), 16u);
  EXPECT_EQ(cosize(*frag).value(), 16);
  // Mode 0 (the atom's values) is column-major and comes first.
  EXPECT_EQ(size(frag->mode(0)).value(), 4) << frag->str();
  EXPECT_EQ((*frag)(IntTuple(1))->value(), 1) << frag->str();
}

TEST(TiledMma, RejectsMalformedTilings) {
  Result<MmaAtom> atom = lookupMmaAtom("SM80_16x8x16_F32F16F16F32_TN");
  Result<TiledMma> r =
      TiledMma::get(*atom, *parseLayout("(2,2,1,2):(1,2,0,4)"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("more than 3 modes"), std::string::npos);
  r = TiledMma::get(*atom, *parseLayout("(2,?):(1,2)"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("must be static"), std::string::npos);
}

TEST(TiledMma, BoundsItsThreadsAndTilesBeforeBuildingThem) {
  Result<MmaAtom> atom = lookupMmaAtom("SM80_16x8x16_F32F16F16F32_TN");
  // 32 atoms of 32 threads fill a CTA; one more atom row does not fit.
  EXPECT_TRUE(TiledMma::get(*atom, makeLayout(IntTuple::tuple({4, 8, 1}))));
  Result<TiledMma> r =
      TiledMma::get(*atom, makeLayout(IntTuple::tuple({2, 2, 1 << 20})));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "the atom layout (2,2,1048576):(1,2,4) tiles "
                         "134217728 threads (4194304 atoms of 32), more than "
                         "a CTA's 1024");
  // Every atom gets its own threads: no stride 0 over a mode of 2.
  r = TiledMma::get(*atom, *parseLayout("(2,2,1):(1,0,0)"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.message().find("does not number its 4 atoms"), std::string::npos);
  r = TiledMma::get(*atom, makeLayout(IntTuple::tuple({1, 1, 1})),
                    *parseTiler("(131072:1,8,16)"));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(),
            "the M permutation 131072 spans more than 65536 elements");
}

} // namespace
