//===- MmaAtomTest.cpp - MMA atoms against the PTX ISA's fragments --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Every register operand's (thread, value) layout is checked against the PTX
// ISA's fragment formulas, written here independently as (lane, register
// element) -> (row, column), with g = lane / 4 and t = lane % 4 as the ISA
// names them. Shared-memory operands, SM70's quadpair and the documented
// CuTe derivations are checked against their documented values.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/MmaAtom.h"

#include "gtest/gtest.h"

#include <functional>
#include <set>

using namespace mlir::cute;

namespace {

using Fragment =
    std::function<std::pair<int64_t, int64_t>(int64_t thread, int64_t element)>;

MmaAtom atom(const std::string &name) {
  Result<MmaAtom> a = lookupMmaAtom(name);
  EXPECT_TRUE(a) << name << ": " << a.message();
  return a ? *a : MmaAtom{};
}

/// tv(thread, value) is the column-major index row + rows * column of the
/// ISA's fragment element for every thread and value.
void expectFragment(const Layout &tv, int64_t rows, const Fragment &isa,
                    const std::string &what) {
  int64_t threads = size(tv.mode(0)).value(), values = size(tv.mode(1)).value();
  for (int64_t t = 0; t < threads; ++t) {
    for (int64_t v = 0; v < values; ++v) {
      Result<Int> idx = tv(IntTuple::tuple({IntTuple(t), IntTuple(v)}));
      ASSERT_TRUE(idx) << idx.message();
      auto [row, col] = isa(t, v);
      ASSERT_EQ(idx->value(), row + rows * col)
          << what << " " << tv.str() << " at thread " << t << " value " << v;
    }
  }
}

/// The TV layout covers its (rows x cols) tile exactly once.
void expectBijection(const Layout &tv, int64_t elements,
                     const std::string &what) {
  std::set<int64_t> seen;
  for (int64_t i = 0, n = size(tv).value(); i < n; ++i)
    seen.insert(tv(IntTuple(i))->value());
  EXPECT_EQ(static_cast<int64_t>(seen.size()), elements) << what;
  EXPECT_EQ(size(tv).value(), elements) << what;
}

int64_t g(int64_t lane) { return (lane % 32) / 4; }
int64_t t4(int64_t lane) { return lane % 4; }

// The C (D) fragment of every m16n8 mma.sync: c0,c1 in row g, c2,c3 in g+8.
std::pair<int64_t, int64_t> c16x8(int64_t l, int64_t i) {
  return {g(l) + 8 * (i >> 1), t4(l) * 2 + (i & 1)};
}

//===----------------------------------------------------------------------===//
// mma.sync
//===----------------------------------------------------------------------===//

TEST(MmaSync, M16N8K16HalfFragmentsAreThePtxFigures) {
  for (const char *name :
       {"SM80_16x8x16_F32F16F16F32_TN", "SM80_16x8x16_F16F16F16F16_TN",
        "SM80_16x8x16_F32BF16BF16F32_TN"}) {
    MmaAtom a = atom(name);
    expectFragment(
        a.aLayout, 16,
        [](int64_t l, int64_t i) {
          return std::make_pair(g(l) + 8 * ((i >> 1) & 1),
                                t4(l) * 2 + (i & 1) + 8 * (i >> 2));
        },
        std::string(name) + " A");
    // B is (N,K): n = g, k = 2t + (i & 1) + 8 (i >> 1).
    expectFragment(
        a.bLayout, 8,
        [](int64_t l, int64_t i) {
          return std::make_pair(g(l), t4(l) * 2 + (i & 1) + 8 * (i >> 1));
        },
        std::string(name) + " B");
    expectFragment(a.cLayout, 16, c16x8, std::string(name) + " C");
  }
}

TEST(MmaSync, M16N8K8HalfFragmentsAreThePtxFigures) {
  for (const char *name :
       {"SM75_16x8x8_F32F16F16F32_TN", "SM80_16x8x8_F16F16F16F16_TN",
        "SM80_16x8x8_F32BF16BF16F32_TN"}) {
    MmaAtom a = atom(name);
    expectFragment(
        a.aLayout, 16,
        [](int64_t l, int64_t i) {
          return std::make_pair(g(l) + 8 * (i >> 1), t4(l) * 2 + (i & 1));
        },
        std::string(name) + " A");
    expectFragment(
        a.bLayout, 8,
        [](int64_t l, int64_t i) {
          return std::make_pair(g(l), t4(l) * 2 + i);
        },
        std::string(name) + " B");
    expectFragment(a.cLayout, 16, c16x8, std::string(name) + " C");
  }
}

TEST(MmaSync, Tf32FragmentsAreThePtxFigures) {
  MmaAtom k4 = atom("SM80_16x8x4_F32TF32TF32F32_TN");
  expectFragment(
      k4.aLayout, 16,
      [](int64_t l, int64_t i) { return std::make_pair(g(l) + 8 * i, t4(l)); },
      "16x8x4 A");
  expectFragment(
      k4.bLayout, 8,
      [](int64_t l, int64_t) { return std::make_pair(g(l), t4(l)); },
      "16x8x4 B");
  MmaAtom k8 = atom("SM80_16x8x8_F32TF32TF32F32_TN");
  expectFragment(
      k8.aLayout, 16,
      [](int64_t l, int64_t i) {
        return std::make_pair(g(l) + 8 * (i & 1), t4(l) + 4 * (i >> 1));
      },
      "16x8x8 A");
  expectFragment(
      k8.bLayout, 8,
      [](int64_t l, int64_t i) { return std::make_pair(g(l), t4(l) + 4 * i); },
      "16x8x8 B");
  expectFragment(k8.cLayout, 16, c16x8, "16x8x8 C");
}

TEST(MmaSync, F64FragmentsAreThePtxFigures) {
  MmaAtom a = atom("SM80_8x8x4_F64F64F64F64_TN");
  Fragment rowCol = [](int64_t l, int64_t) {
    return std::make_pair(g(l), t4(l));
  };
  expectFragment(a.aLayout, 8, rowCol, "A");
  expectFragment(a.bLayout, 8, rowCol, "B");
  expectFragment(
      a.cLayout, 8,
      [](int64_t l, int64_t i) { return std::make_pair(g(l), t4(l) * 2 + i); },
      "C");
}

TEST(MmaSync, Int8AndFp8FragmentsAreThePtxFigures) {
  MmaAtom k16 = atom("SM80_8x8x16_S32S8U8S32_TN");
  Fragment quad = [](int64_t l, int64_t i) {
    return std::make_pair(g(l), t4(l) * 4 + i);
  };
  expectFragment(k16.aLayout, 8, quad, "8x8x16 A");
  expectFragment(k16.bLayout, 8, quad, "8x8x16 B");
  expectFragment(
      k16.cLayout, 8,
      [](int64_t l, int64_t i) { return std::make_pair(g(l), t4(l) * 2 + i); },
      "8x8x16 C");

  MmaAtom m16 = atom("SM80_16x8x16_S32S8S8S32_TN");
  expectFragment(
      m16.aLayout, 16,
      [](int64_t l, int64_t i) {
        return std::make_pair(g(l) + 8 * (i >> 2), t4(l) * 4 + (i & 3));
      },
      "16x8x16 A");
  expectFragment(m16.bLayout, 8, quad, "16x8x16 B");
  expectFragment(m16.cLayout, 16, c16x8, "16x8x16 C");

  for (const char *name :
       {"SM80_16x8x32_S32U8U8S32_TN", "SM89_16x8x32_F32E4M3E5M2F32_TN"}) {
    MmaAtom a = atom(name);
    expectFragment(
        a.aLayout, 16,
        [](int64_t l, int64_t i) {
          return std::make_pair(g(l) + 8 * ((i >> 2) & 1),
                                t4(l) * 4 + (i & 3) + 16 * (i >> 3));
        },
        std::string(name) + " A");
    expectFragment(
        a.bLayout, 8,
        [](int64_t l, int64_t i) {
          return std::make_pair(g(l), t4(l) * 4 + (i & 3) + 16 * (i >> 2));
        },
        std::string(name) + " B");
    expectFragment(a.cLayout, 16, c16x8, std::string(name) + " C");
  }
}

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

TEST(Wgmma, AccumulatorFragmentIsThePtxFigureForEveryN) {
  for (int64_t n = 8; n <= 256; n += 8) {
    MmaAtom a = atom("SM90_64x" + std::to_string(n) + "x16_F32F16F16_SS");
    // Warp w owns rows 16w..16w+15; d(i) repeats every 8 columns.
    expectFragment(
        a.cLayout, 64,
        [](int64_t th, int64_t i) {
          int64_t w = th / 32;
          return std::make_pair(16 * w + g(th) + 8 * ((i >> 1) & 1),
                                8 * (i >> 2) + t4(th) * 2 + (i & 1));
        },
        "N=" + std::to_string(n) + " C");
    EXPECT_EQ(a.valuesC(), n / 2);
    EXPECT_EQ(a.registersC(), n / 2);
  }
}

TEST(Wgmma, RegisterAFragmentsAreThePtxFigures) {
  MmaAtom f16 = atom("SM90_64x64x16_F32F16F16_RS");
  expectFragment(
      f16.aLayout, 64,
      [](int64_t th, int64_t i) {
        return std::make_pair(16 * (th / 32) + g(th) + 8 * ((i >> 1) & 1),
                              t4(th) * 2 + (i & 1) + 8 * (i >> 2));
      },
      "f16 A");
  EXPECT_EQ(f16.registersA(), 4);
  MmaAtom tf32 = atom("SM90_64x64x8_F32TF32TF32_RS");
  expectFragment(
      tf32.aLayout, 64,
      [](int64_t th, int64_t i) {
        return std::make_pair(16 * (th / 32) + g(th) + 8 * (i & 1),
                              t4(th) + 4 * (i >> 1));
      },
      "tf32 A");
  MmaAtom s8 = atom("SM90_64x64x32_S32S8S8_RS");
  expectFragment(
      s8.aLayout, 64,
      [](int64_t th, int64_t i) {
        return std::make_pair(16 * (th / 32) + g(th) + 8 * ((i >> 2) & 1),
                              t4(th) * 4 + (i & 3) + 16 * (i >> 3));
      },
      "s8 A");
  EXPECT_EQ(s8.registersA(), 4);
}

TEST(Wgmma, SharedMemoryOperandsAreReadByTheWholeWarpgroup) {
  MmaAtom a = atom("SM90_64x128x16_F32BF16BF16_SS");
  EXPECT_EQ(a.aLayout.str(), "(128,(64,16)):(0,(1,64))");
  EXPECT_EQ(a.bLayout.str(), "(128,(128,16)):(0,(1,128))");
  EXPECT_EQ(a.valuesA(), 0);
  EXPECT_EQ(a.sourceB, OperandSource::SharedMemory);
  EXPECT_EQ(a.numThreads(), 128);
}

TEST(Wgmma, RejectsIllegalN) {
  for (const char *name :
       {"SM90_64x4x16_F32F16F16_SS", "SM90_64x260x16_F32F16F16_SS",
        "SM90_64x12x16_F32F16F16_SS", "SM90_64x40x32_S32S8S8_SS"}) {
    Result<MmaAtom> a = lookupMmaAtom(name);
    ASSERT_FALSE(a) << name;
    EXPECT_NE(a.message().find("is not a legal wgmma N"), std::string::npos)
        << a.message();
  }
  EXPECT_TRUE(lookupMmaAtom("SM90_64x48x32_S32S8S8_SS"));
}

//===----------------------------------------------------------------------===//
// CuTe's documented derivations and names
//===----------------------------------------------------------------------===//

TEST(Wgmma, MajorsAreCuTesTemplateArguments) {
  Result<MmaAtom> k = lookupMmaAtom("SM90_64x128x16_F32BF16BF16_SS");
  ASSERT_TRUE(k) << k.message();
  EXPECT_EQ(k->majorA, GmmaMajor::K);
  EXPECT_EQ(k->majorB, GmmaMajor::K);
  Result<MmaAtom> mn = lookupMmaAtom(
      "SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::MN,GMMA::Major::K>");
  ASSERT_TRUE(mn) << mn.message();
  EXPECT_EQ(mn->majorA, GmmaMajor::MN);
  EXPECT_EQ(mn->majorB, GmmaMajor::K);
  EXPECT_EQ(mn->name, "SM90_64x128x16_F32BF16BF16_SS<MN,K>");
  // The majors change where the operands sit in shared memory, not who
  // holds which element.
  EXPECT_TRUE(mn->aLayout.identical(k->aLayout));
  EXPECT_EQ(lookupMmaAtom("SM90_64x64x16_F16F16F16_RS<K,MN>")->majorB,
            GmmaMajor::MN);
  struct Bad {
    const char *name, *message;
  } bad[] = {
      {"SM90_64x64x16_F16F16F16_RS<MN,K>", "A from registers is K-major"},
      {"SM90_64x64x8_F32TF32TF32_SS<MN,K>",
       "MN-major operands of 16-bit types only"},
      {"SM90_64x64x32_S32S8S8_SS<K,MN>", "MN-major operands of 16-bit types"},
      {"SM90_64x64x16_F16F16F16_SS<K,X>", "K or MN, not X"},
      {"SM90_64x64x16_F16F16F16_SS<K,K,K>", "got 3"},
  };
  for (const Bad &b : bad) {
    Result<MmaAtom> a = lookupMmaAtom(b.name);
    ASSERT_FALSE(a) << b.name;
    EXPECT_NE(a.message().find(b.message), std::string::npos) << a.message();
  }
}

// CuTe spells its K-major-only wgmma atoms (tf32, fp8, int8) with _TN:
// the same atoms as ours without it, keeping CuTe's name.
TEST(Wgmma, AcceptsCuTesTNNames) {
  for (const char *name :
       {"SM90_64x8x32_F32E4M3E4M3_SS_TN", "SM90_64x192x32_F32E5M2E4M3_RS_TN",
        "SM90_64x64x8_F32TF32TF32_SS_TN", "SM90_64x48x32_S32S8U8_SS_TN"}) {
    Result<MmaAtom> cute = lookupMmaAtom(name);
    ASSERT_TRUE(cute) << cute.message();
    EXPECT_EQ(cute->name, name);
    std::string plain(name);
    plain.erase(plain.size() - 3);
    MmaAtom ours = atom(plain);
    EXPECT_EQ(cute->shapeMNK.str(), ours.shapeMNK.str()) << name;
    EXPECT_EQ(cute->aLayout.str(), ours.aLayout.str()) << name;
    EXPECT_EQ(cute->bLayout.str(), ours.bLayout.str()) << name;
    EXPECT_EQ(cute->cLayout.str(), ours.cLayout.str()) << name;
    EXPECT_EQ(cute->sourceA, ours.sourceA) << name;
  }
  struct Bad {
    const char *name, *message;
  } bad[] = {
      {"SM90_64x64x16_F32F16F16_SS_TN", "only the K-major wgmma forms"},
      {"SM90_64x64x32_F32E4M3E4M3_SS_TN<K,K>", "it takes no majors"},
      {"SM90_64x64x32_F32E4M3E4M3_SS_NT", "or CuTe's _SS_TN and _RS_TN"},
  };
  for (const Bad &b : bad) {
    Result<MmaAtom> a = lookupMmaAtom(b.name);
    ASSERT_FALSE(a) << b.name;
    EXPECT_NE(a.message().find(b.message), std::string::npos) << a.message();
  }
}

TEST(UniversalFma, OneThreadOneValuePerOperand) {
  Result<MmaAtom> fma = lookupMmaAtom("UniversalFMA<f32>");
  ASSERT_TRUE(fma) << fma.message();
  EXPECT_EQ(fma->shapeMNK.str(), "(1,1,1)");
  EXPECT_EQ(fma->numThreads(), 1);
  EXPECT_EQ(fma->valuesA(), 1);
  EXPECT_EQ(fma->valuesC(), 1);
  EXPECT_EQ(fma->arch, 0);
  Result<MmaAtom> mixed = lookupMmaAtom("UniversalFMA<f32, f16, f16, f32>");
  ASSERT_TRUE(mixed) << mixed.message();
  EXPECT_EQ(mixed->name, "UniversalFMA<f32,f16,f16,f32>");
  EXPECT_EQ(mixed->typeA, "f16");
  EXPECT_FALSE(lookupMmaAtom("UniversalFMA<f32,f16>"));
  EXPECT_FALSE(lookupMmaAtom("UniversalFMA<float>"));
}

TEST(DocumentedAtoms, Sm70QuadpairCLayoutIsCuTesDerivation) {
  MmaAtom a = atom("SM70_8x8x4_F32F16F16F32_TN");
  EXPECT_EQ(a.thrID.str(), "(4,2):(1,16)");
  EXPECT_EQ(a.cLayout.str(), "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))");
  expectBijection(a.cLayout, 64, "SM70 C");
  // TN reads A and B by rows, NT by columns of the quadpair.
  EXPECT_EQ(a.aLayout.str(), "(8,4):(1,8)");
  EXPECT_EQ(atom("SM70_8x8x4_F16F16F16F16_NT").aLayout.str(),
            "((4,2),4):((8,4),1)");
  EXPECT_EQ(atom("SM70_8x8x4_F16F16F16F16_NT").cLayout.str(), "(8,8):(1,8)");
}

TEST(DocumentedAtoms, Sm90_64x128CLayoutIsCuTesDerivation) {
  EXPECT_EQ(atom("SM90_64x128x16_F32BF16BF16_SS").cLayout.str(),
            "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))");
}

TEST(AtomNames, EveryListedNameIsAnAtomWhoseRegisterOperandsAreBijections) {
  std::vector<std::string> names = mmaAtomNames();
  // SM70 8, SM75 2, SM80 21, SM89 4; SM90: 8 float forms x 32 N x {SS,RS}
  // and 4 integer forms x 18 N x {SS,RS}.
  EXPECT_EQ(names.size(), 8u + 2 + 21 + 4 + 8 * 32 * 2 + 4 * 18 * 2);
  for (const std::string &name : names) {
    Result<MmaAtom> a = lookupMmaAtom(name);
    ASSERT_TRUE(a) << name << ": " << a.message();
    int64_t m = a->shapeMNK.mode(0).value().value();
    int64_t n = a->shapeMNK.mode(1).value().value();
    int64_t k = a->shapeMNK.mode(2).value().value();
    expectBijection(a->cLayout, m * n, name + " C");
    if (a->sourceA == OperandSource::Registers)
      expectBijection(a->aLayout, m * k, name + " A");
    if (a->sourceB == OperandSource::Registers)
      expectBijection(a->bLayout, n * k, name + " B");
    // Every thread of the instruction holds a part of C.
    EXPECT_EQ(size(a->cLayout.mode(0)).value(), a->numThreads()) << name;
  }
}

TEST(AtomNames, BadNamesSayWhatIsWrong) {
  struct Case {
    const char *name, *message;
  } cases[] = {
      {"SM80_16x8x32_F32F16F16F32_TN",
       "SM80 has no mma.sync 16x8x32 for f32 = f16 * f16"},
      {"SM80_16x8x16_F32F16F16F32_NT", "mma.sync atoms are _TN"},
      {"SM60_8x8x4_F32F16F16F32_TN", "no MMA atoms for SM60"},
      {"SM70_16x8x8_F32F16F16F32_TN", "SM70 has only the 8x8x4"},
      {"SM80_16x8x16_F32F99F16F32_TN", "unknown value type at `F99F16F32`"},
      {"SM90_64x128x16_F32F16F16_SR", "wgmma atoms are _SS"},
      {"SM75_16x8x16_F32F16F16F32_TN", "SM75 has no mma.sync 16x8x16"},
      {"hello", "an MMA atom is named like"},
      // The shape is digits and x only: sscanf took a sign and spaces.
      {"SM90_64x+8x16_F32BF16BF16_SS", "is not MxNxK"},
      {"SM90_64x 8x16_F32BF16BF16_SS", "is not MxNxK"},
      {"SM80_16x8x16x2_F32F16F16F32_TN", "is not MxNxK"},
      {"SM80_16xx16_F32F16F16F32_TN", "is not MxNxK"},
      {"SM80_16x8_F32F16F16F32_TN", "is not MxNxK"},
      {"SM80_16x8x16x_F32F16F16F32_TN", "is not MxNxK"},
      {"SM80_16x8x016384_F32F16F16F32_TN", "is not MxNxK"},
      {"SM80_16x8x1025_F32F16F16F32_TN", "is not MxNxK"},
  };
  for (const Case &c : cases) {
    Result<MmaAtom> a = lookupMmaAtom(c.name);
    ASSERT_FALSE(a) << c.name;
    EXPECT_NE(a.message().find(c.message), std::string::npos)
        << c.name << ": " << a.message();
  }
}

} // namespace
