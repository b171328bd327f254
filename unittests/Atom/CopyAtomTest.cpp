//===- CopyAtomTest.cpp - Copy atoms against the PTX ISA ------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// ldmatrix / stmatrix bit layouts against the PTX ISA's description, written
// here independently: thread t supplies the address of row t % 8 of matrix
// t / 8, and receives the 32 bits of elements (t/4, 2(t%4)) and
// (t/4, 2(t%4)+1) of each matrix, or (2(t%4)+h, t/4) for h = 0, 1 with
// .trans. Bits index the row-major 8x8 matrices of 16-bit elements, matrix j
// at bit 1024 j.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/CopyAtom.h"

#include "gtest/gtest.h"

#include <functional>

using namespace mlir::cute;

namespace {

CopyAtom atom(const std::string &name) {
  Result<CopyAtom> a = lookupCopyAtom(name);
  EXPECT_TRUE(a) << name << ": " << a.message();
  return a ? *a : CopyAtom{};
}

int64_t at(const Layout &l, int64_t t, int64_t v) {
  return l(IntTuple::tuple({IntTuple(t), IntTuple(v)}))->value();
}

void expectBits(const Layout &l,
                const std::function<int64_t(int64_t, int64_t)> &isa,
                const std::string &what) {
  int64_t threads = size(l.mode(0)).value(), bits = size(l.mode(1)).value();
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t b = 0; b < bits; ++b)
      ASSERT_EQ(at(l, t, b), isa(t, b))
          << what << " " << l.str() << " thread " << t << " bit " << b;
}

TEST(Ldmatrix, RegistersHoldRowT4ColumnsTwoT4AndTwoT4PlusOne) {
  for (int n : {1, 2, 4}) {
    CopyAtom a = atom("SM75_U32x" + std::to_string(n) + "_LDSM_N");
    expectBits(
        a.dstLayout,
        [](int64_t t, int64_t b) {
          int64_t j = b / 32, bit = b % 32; // register j holds matrix j
          int64_t row = t / 4, col = 2 * (t % 4) + bit / 16;
          return 1024 * j + (row * 8 + col) * 16 + bit % 16;
        },
        "x" + std::to_string(n) + " registers");
    expectBits(
        a.srcLayout,
        [n](int64_t t, int64_t b) {
          return 128 * (t % (8 * n)) + b; // threads past 8n repeat addresses
        },
        "x" + std::to_string(n) + " rows");
    EXPECT_EQ(a.bitsPerThread(), 32 * n);
  }
}

TEST(Ldmatrix, TransposedRegistersHoldTheColumnT4) {
  for (int n : {1, 2, 4}) {
    CopyAtom a = atom("SM75_U16x" + std::to_string(2 * n) + "_LDSM_T");
    expectBits(
        a.dstLayout,
        [](int64_t t, int64_t b) {
          int64_t j = b / 32, h = (b % 32) / 16;
          int64_t row = 2 * (t % 4) + h, col = t / 4;
          return 1024 * j + (row * 8 + col) * 16 + b % 16;
        },
        "x" + std::to_string(n) + ".trans registers");
  }
}

TEST(Stmatrix, IsLdmatrixBackwards) {
  for (const char *pair : {"U32x1_*_N", "U32x4_*_N", "U16x8_*_T"}) {
    std::string p = pair;
    std::string load = "SM75_" + p.replace(p.find('*'), 1, "LDSM");
    p = pair;
    std::string store = "SM90_" + p.replace(p.find('*'), 1, "STSM");
    CopyAtom l = atom(load), s = atom(store);
    EXPECT_TRUE(l.srcLayout.identical(s.dstLayout)) << store;
    EXPECT_TRUE(l.dstLayout.identical(s.srcLayout)) << store;
    EXPECT_TRUE(s.refLayout.identical(s.srcLayout)) << store;
    EXPECT_EQ(s.arch, 90);
  }
}

TEST(ScalarCopies, OneThreadMovesItsBits) {
  CopyAtom u = atom("UniversalCopy_U64");
  EXPECT_EQ(u.srcLayout.str(), "(1,64):(0,1)");
  EXPECT_EQ(u.bitsPerThread(), 64);
  CopyAtom cp = atom("SM80_CP_ASYNC_CACHEGLOBAL_U128");
  EXPECT_EQ(cp.bitsPerThread(), 128);
  EXPECT_EQ(cp.arch, 80);
}

TEST(CopyAtomNames, EveryNameIsAnAtomAndBadNamesSayWhy) {
  for (const std::string &name : copyAtomNames())
    EXPECT_TRUE(lookupCopyAtom(name)) << name;
  struct Case {
    const char *name, *message;
  } cases[] = {
      {"SM80_CP_ASYNC_CACHEGLOBAL_U32", "cp.async.cg copies 16 bytes only"},
      {"SM80_CP_ASYNC_CACHEALWAYS_U16", "cp.async copies 4, 8 or 16 bytes"},
      {"SM75_U32x3_LDSM_N", "names 3 matrices"},
      {"SM75_U32x2_LDSM_T", "transposed ldmatrix/stmatrix atoms move U16"},
      {"UniversalCopy_U256", "unknown element U256"},
      {"SM80_TMA_LOAD", "unknown copy atom"},
  };
  for (const Case &c : cases) {
    Result<CopyAtom> a = lookupCopyAtom(c.name);
    ASSERT_FALSE(a) << c.name;
    EXPECT_NE(a.message().find(c.message), std::string::npos)
        << c.name << ": " << a.message();
  }
}

} // namespace

TEST(ValuesPerThread, CountWholeValuesAndRejectSplitOnes) {
  auto count = [](const std::string &name, int64_t bits) {
    Result<std::pair<int64_t, int64_t>> v = valuesPerThread(atom(name), bits);
    return v ? *v : std::make_pair(int64_t(-1), int64_t(-1));
  };
  using P = std::pair<int64_t, int64_t>;
  // ldmatrix x4: one 128-bit row address in, four 32-bit registers out.
  EXPECT_EQ(count("SM75_U32x4_LDSM_N", 16), P(8, 8));
  EXPECT_EQ(count("SM75_U32x4_LDSM_N", 32), P(4, 4));
  EXPECT_EQ(count("SM75_U32x1_LDSM_N", 8), P(16, 4));
  EXPECT_EQ(count("SM75_U16x8_LDSM_T", 16), P(8, 8));
  EXPECT_EQ(count("UniversalCopy_U128", 64), P(2, 2));
  // A 64-bit value would straddle two threads' registers.
  Result<std::pair<int64_t, int64_t>> split =
      valuesPerThread(atom("SM75_U32x4_LDSM_N"), 64);
  ASSERT_FALSE(split);
  EXPECT_EQ(split.message(), "SM75_U32x4_LDSM_N writes 32-bit pieces, which "
                             "split 64-bit values");
  EXPECT_FALSE(valuesPerThread(atom("SM75_U16x8_LDSM_T"), 32));
  EXPECT_FALSE(valuesPerThread(atom("UniversalCopy_U128"), 0));
}
