//===- TiledCopyTest.cpp - TiledCopy layouts against their definitions ----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A TiledCopy is checked against what it must do: in make_tiled_copy, thread
// t at (t % TM, t / TM) of a column-major thread layout copies the values of
// its value block, the blocks raked over the tile; a copy built for a
// TiledMMA operand puts each value in the register the MMA wants it in; and
// a thread's partition of a tensor reads the elements its (thread, value)
// layout names.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/TiledCopy.h"
#include "cute-mlir/Atom/Coverage.h"
#include "cute-mlir/Layout/Notation.h"

#include "gtest/gtest.h"

using namespace mlir::cute;

namespace {

Layout parse(const std::string &text) {
  Result<Layout> l = parseLayout(text);
  EXPECT_TRUE(l) << l.message();
  return *l;
}

CopyAtom atom(const std::string &name) {
  Result<CopyAtom> a = lookupCopyAtom(name);
  EXPECT_TRUE(a) << a.message();
  return *a;
}

int64_t at(const Layout &l, int64_t i, int64_t j) {
  return l(IntTuple::tuple({IntTuple(i), IntTuple(j)}))->value();
}

TEST(TiledCopy, VectorizedCopyRakesEightHalvesPerThreadAlongN) {
  // 32x8 threads (column-major), each copying 1x8 halves with 128-bit copies.
  Result<TiledCopy> copy =
      TiledCopy::make(atom("UniversalCopy_U128"), 16, parse("(32,8):(1,32)"),
                      parse("(1,8):(1,1)"));
  ASSERT_TRUE(copy) << copy.message();
  EXPECT_EQ(copy->numThreads(), 256);
  EXPECT_EQ(copy->numValues(), 8);
  EXPECT_EQ(copy->tileShape().str(), "(32,64)");
  const Layout &tv = copy->layoutTV();
  for (int64_t t = 0; t < 256; ++t)
    for (int64_t v = 0; v < 8; ++v) {
      int64_t m = t % 32, n = (t / 32) * 8 + v;
      EXPECT_EQ(at(tv, t, v), m + 32 * n) << "t=" << t << " v=" << v;
    }
  EXPECT_TRUE(checkExactCover(tv, copy->tileShape()));
}

TEST(TiledCopy, PartitionOfARowMajorTensorReadsTheOwnedElements) {
  Result<TiledCopy> copy =
      TiledCopy::make(atom("UniversalCopy_U64"), 16, parse("(16,4):(4,1)"),
                      parse("(1,4):(1,1)"));
  ASSERT_TRUE(copy) << copy.message();
  // A 64x32 row-major tensor: two tiles of 16x16 in each mode, (m,n) at 32m+n.
  Layout tensor = parse("(64,32):(32,1)");
  for (int64_t t : {0, 1, 5, 37, 63}) {
    Result<std::pair<Layout, Int>> part = copy->partitionS(tensor, Int(t));
    ASSERT_TRUE(part) << part.message();
    const Layout &values = part->first;
    ASSERT_EQ(values.rank(), 3u) << values.str();
    // CuTe's ((AtomVal,RestVal),RestM,RestN) form.
    EXPECT_EQ(values.shape().str(), "((4,1),4,2)");
    // Row-major thread layout: thread t at (t / 4, t % 4); values along n.
    int64_t tm = t / 4, tn = t % 4;
    for (int64_t v = 0; v < 4; ++v)
      for (int64_t rm = 0; rm < 4; ++rm)
        for (int64_t rn = 0; rn < 2; ++rn) {
          int64_t m = tm + 16 * rm, n = tn * 4 + v + 16 * rn;
          int64_t got = part->second.value() +
                        values(IntTuple::tuple({v, rm, rn}))->value();
          EXPECT_EQ(got, 32 * m + n) << "t=" << t << " v=" << v;
        }
  }
}

TEST(TiledCopy, DynamicThreadPartitionAgreesWithStaticOnes) {
  Result<TiledCopy> copy =
      TiledCopy::make(atom("UniversalCopy_U32"), 32, parse("(8,4):(1,8)"),
                      parse("(2,1):(1,1)"));
  ASSERT_TRUE(copy) << copy.message();
  Layout tensor = parse("(32,8):(1,32)");
  Int tid = Int::unknownInRange("tid", 0, 31);
  Result<std::pair<Layout, Int>> dyn = copy->partitionD(tensor, tid);
  ASSERT_TRUE(dyn) << dyn.message();
  for (int64_t t = 0; t < 32; ++t) {
    Result<std::pair<Layout, Int>> fixed = copy->partitionD(tensor, Int(t));
    ASSERT_TRUE(fixed);
    EXPECT_TRUE(dyn->first.identical(fixed->first));
    EXPECT_EQ(*dyn->second.evaluate([&](const Int &) { return t; }),
              fixed->second.value());
  }
}

TEST(TiledCopy, LdmatrixForAnMmaOperandDeliversTheMmaFragment) {
  // ldmatrix x4 for A of 2x2 SM80 16x8x16 atoms: the destination's (thread,
  // value) layout is the MMA's layoutA_TV, so the registers ldmatrix writes
  // are the ones mma.sync reads.
  Result<MmaAtom> mmaAtom = lookupMmaAtom("SM80_16x8x16_F32F16F16F32_TN");
  ASSERT_TRUE(mmaAtom);
  Result<TiledMma> mma = TiledMma::get(*mmaAtom, parse("(2,2,1):(1,2,0)"));
  ASSERT_TRUE(mma) << mma.message();
  Result<TiledCopy> copy =
      TiledCopy::forMma(atom("SM75_U32x4_LDSM_N"), 16, *mma, MmaOperand::A);
  ASSERT_TRUE(copy) << copy.message();
  EXPECT_EQ(copy->tileShape().str(), "(32,16)");
  Result<Layout> dst = copy->layoutD_TV();
  ASSERT_TRUE(dst) << dst.message();
  Layout a = *mma->layoutA_TV();
  for (int64_t t = 0; t < 128; ++t)
    for (int64_t v = 0; v < 8; ++v)
      EXPECT_EQ(at(*dst, t, v), at(a, t, v)) << "t=" << t << " v=" << v;
  // The source side: lane l of each warp gives the row address of row l % 16
  // of its atom's 16x16 A tile, half l / 16 of the K extent: 8 halves each.
  Result<Layout> src = copy->layoutS_TV();
  ASSERT_TRUE(src) << src.message();
  for (int64_t t = 0; t < 128; ++t) {
    int64_t lane = t % 32, am = (t / 32) % 2;
    for (int64_t v = 0; v < 8; ++v) {
      int64_t m = lane % 16 + 16 * am, k = 8 * (lane / 16) + v;
      EXPECT_EQ(at(*src, t, v), m + 32 * k) << "t=" << t << " v=" << v;
    }
  }
}

TEST(TiledCopy, RetileRegroupsAnMmaFragmentByTheCopysValues) {
  Result<MmaAtom> mmaAtom = lookupMmaAtom("SM80_16x8x16_F32F16F16F32_TN");
  Result<TiledMma> mma = TiledMma::get(*mmaAtom, parse("(2,2,1):(1,2,0)"));
  ASSERT_TRUE(mma);
  Result<TiledCopy> copy =
      TiledCopy::forMma(atom("SM75_U32x4_LDSM_N"), 16, *mma, MmaOperand::A);
  ASSERT_TRUE(copy);
  // A thread's A fragment of a 64x32 tile: (8 values, 2 in M, 2 in K).
  Result<std::pair<Layout, Int>> part =
      mma->partitionA(parse("(64,32):(1,64)"), Int(0));
  ASSERT_TRUE(part) << part.message();
  Result<Layout> frg = makeFragmentLike(part->first);
  ASSERT_TRUE(frg) << frg.message();
  Result<Layout> retiled = copy->retile(*frg);
  ASSERT_TRUE(retiled) << retiled.message();
  // Same registers, regrouped: the retiled view is a bijection onto them,
  // each ldmatrix x4 writes 8 values (4 registers of 2 halves).
  EXPECT_EQ(size(*retiled).value(), size(*frg).value());
  EXPECT_EQ(size(retiled->mode(0)).value(), 8);
  EXPECT_TRUE(checkExactCover(
      makeLayout(std::vector<Layout>{makeLayout(IntTuple(1)), *retiled}),
      IntTuple(size(*frg))));
}

TEST(TiledCopy, RejectsValuesWiderThanTheAtom) {
  Result<TiledCopy> copy = TiledCopy::make(atom("UniversalCopy_U32"), 64,
                                           parse("32:1"), parse("1:0"));
  ASSERT_FALSE(copy);
  EXPECT_NE(copy.message().find("not a whole number of 64-bit values"),
            std::string::npos)
      << copy.message();
}

TEST(TiledCopy, RejectsValueCountsTheAtomDoesNotDivide) {
  // 128-bit copies of halves move 8 values; a thread with 4 cannot use them.
  Result<TiledCopy> copy = TiledCopy::make(atom("UniversalCopy_U128"), 16,
                                           parse("32:1"), parse("4:1"));
  ASSERT_FALSE(copy);
  EXPECT_NE(copy.message().find("not a multiple of the 8 values"),
            std::string::npos)
      << copy.message();
}

//===----------------------------------------------------------------------===//
// Coverage
//===----------------------------------------------------------------------===//

TEST(Coverage, TiledMmaFamiliesCoverEachOperandExactlyOnce) {
  const char *atoms[] = {
      "SM80_16x8x16_F32F16F16F32_TN", "SM80_16x8x8_F32TF32TF32F32_TN",
      "SM70_8x8x4_F32F16F16F32_NT", "SM80_8x8x4_F64F64F64F64_TN",
      "SM90_64x64x16_F32F16F16_RS"};
  const char *layouts[] = {"(1,1,1):(0,0,0)", "(2,2,1):(1,2,0)",
                           "(4,1,1):(1,0,0)", "(2,4,1):(4,1,0)",
                           "(1,2,2):(0,1,2)"};
  int checked = 0;
  for (const char *name : atoms)
    for (const char *l : layouts) {
      Result<MmaAtom> a = lookupMmaAtom(name);
      ASSERT_TRUE(a) << a.message();
      Result<TiledMma> mma = TiledMma::get(*a, parse(l));
      ASSERT_TRUE(mma) << mma.message();
      IntTuple mn = IntTuple::tuple({mma->tileSize(0), mma->tileSize(1)});
      IntTuple mk = IntTuple::tuple({mma->tileSize(0), mma->tileSize(2)});
      IntTuple nk = IntTuple::tuple({mma->tileSize(1), mma->tileSize(2)});
      Result<int64_t> c = checkExactCover(*mma->layoutC_TV(), mn);
      Result<int64_t> ra = checkExactCover(*mma->layoutA_TV(), mk);
      Result<int64_t> rb = checkExactCover(*mma->layoutB_TV(), nk);
      EXPECT_TRUE(c) << name << " " << l << ": " << c.message();
      EXPECT_TRUE(ra) << name << " " << l << ": " << ra.message();
      EXPECT_TRUE(rb) << name << " " << l << ": " << rb.message();
      ++checked;
    }
  EXPECT_EQ(checked, 25);
}

TEST(Coverage, ALoneQuadpairCoversItsTileWithLanesOutsideItRepeated) {
  // Threads 16-19 hold half of the 8x8 C of one SM70 atom. By thread index
  // (as compiled CuTe's get_layoutC_TV gives it:
  // (((2,2),4,2),((2,2,2),(1,1))):(((1,16),0,4),((8,2,32),(0,0)))) lanes
  // 0-31 are there, lanes 4-15 and 20-31 repeating with a 0 stride.
  Result<TiledMma> mma = TiledMma::get(
      *lookupMmaAtom("SM70_8x8x4_F32F16F16F32_NT"), parse("(1,1,1):(0,0,0)"));
  ASSERT_TRUE(mma) << mma.message();
  EXPECT_EQ(mma->layoutC_TV()->str(),
            "(((2,2),4,2),((2,2,2),(1,1))):(((1,16),0,4),((8,2,32),(0,0)))");
  Result<int64_t> c =
      checkExactCover(*mma->layoutC_TV(), IntTuple::tuple({8, 8}));
  EXPECT_TRUE(c) << c.message();
}

TEST(Coverage, RejectsATileWithAnExtentThatIsNotPositive) {
  Result<int64_t> c =
      checkExactCover(parse("(32,2):(1,32)"), IntTuple::tuple({32, -2}));
  ASSERT_FALSE(c);
  EXPECT_EQ(c.message(), "the tile (32,-2) has an extent that is not positive");
}

TEST(Coverage, TiledCopyFamiliesCoverTheirTiles) {
  const char *threads[] = {"(32,8):(1,32)", "(32,8):(8,1)", "(16,4):(4,1)",
                           "(8,8):(1,8)"};
  const char *values[] = {"(1,8):(1,1)", "(8,1):(1,1)", "(2,4):(1,2)",
                          "(4,2):(2,1)"};
  int checked = 0;
  for (const char *t : threads)
    for (const char *v : values) {
      Result<TiledCopy> copy =
          TiledCopy::make(atom("UniversalCopy_U16"), 16, parse(t), parse(v));
      ASSERT_TRUE(copy) << copy.message();
      for (Result<Layout> tv : {Result<Layout>(copy->layoutTV()),
                                copy->layoutS_TV(), copy->layoutD_TV()}) {
        ASSERT_TRUE(tv) << tv.message();
        Result<int64_t> n = checkExactCover(*tv, copy->tileShape());
        EXPECT_TRUE(n) << t << " x " << v << ": " << n.message();
        EXPECT_EQ(*n, product(copy->tileShape()).value());
      }
      ++checked;
    }
  EXPECT_EQ(checked, 16);
}

TEST(Coverage, ReportsTheFirstElementOwnedTwice) {
  // Threads 0 and 2 both own element 0: (4,2):(1,0) repeats the first column.
  Result<int64_t> r =
      checkExactCover(parse("(4,2):(1,0)"), parse("8:1").shape());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "element 0 of the 8 tile is owned twice: by thread 0 "
                         "value 0 and by thread 0 value 1");
}

TEST(Coverage, ReportsTheFirstElementOwnedByNoThread) {
  Result<int64_t> r =
      checkExactCover(parse("(4,2):(2,8)"), IntTuple::tuple({4, 4}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "element (1,0) of the (4,4) tile is owned by no "
                         "thread");
}

TEST(Coverage, ReportsPairsOutsideTheTile) {
  Result<int64_t> r =
      checkExactCover(parse("(4,4):(1,4)"), IntTuple::tuple({4, 2}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.message(), "thread 0 value 2 maps to index 8, outside the (4,2) "
                         "tile");
}

TEST(Coverage, BroadcastThreadsCountOnce) {
  // A wgmma shared-memory operand: 128 threads with stride 0 read a 64x16 tile.
  EXPECT_TRUE(checkExactCover(parse("(128,(64,16)):(0,(1,64))"),
                              IntTuple::tuple({64, 16})));
}

} // namespace
