//===- MmaAtoms.cpp - The table of tensor-core MMA atoms ------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The (thread, value) layouts of each instruction family, written in CuTe
// notation from the PTX ISA's fragment figures, and the value types each
// architecture accepts. An atom is assembled from its CuTe name.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/MmaAtom.h"

#include "cute-mlir/Layout/Notation.h"

#include <algorithm>
#include <cctype>
#include <map>

using namespace mlir::cute;

int mlir::cute::bitsOfValueType(const std::string &type) {
  static const std::map<std::string, int> bits = {
      {"f16", 16}, {"bf16", 16}, {"tf32", 32}, {"f32", 32}, {"f64", 64},
      {"s8", 8},   {"u8", 8},    {"s32", 32},  {"e4m3", 8}, {"e5m2", 8}};
  auto it = bits.find(type);
  return it == bits.end() ? 0 : it->second;
}

static int64_t values(const Layout &tv) { return size(tv.mode(1)).value(); }

int64_t MmaAtom::valuesA() const {
  return sourceA == OperandSource::SharedMemory ? 0 : values(aLayout);
}
int64_t MmaAtom::valuesB() const {
  return sourceB == OperandSource::SharedMemory ? 0 : values(bLayout);
}
int64_t MmaAtom::valuesC() const { return values(cLayout); }

static int64_t registers(int64_t n, const std::string &type) {
  return (n * bitsOfValueType(type) + 31) / 32;
}
int64_t MmaAtom::registersA() const { return registers(valuesA(), typeA); }
int64_t MmaAtom::registersB() const { return registers(valuesB(), typeB); }
int64_t MmaAtom::registersC() const { return registers(valuesC(), typeC); }

static Layout layout(const std::string &text) { return *parseLayout(text); }

//===----------------------------------------------------------------------===//
// Reading a CuTe atom name
//===----------------------------------------------------------------------===//

namespace {
struct AtomName {
  int arch = 0;
  int64_t m = 0, n = 0, k = 0;
  std::vector<std::string> types;  // D A B [C], lower case
  std::string suffix;              // TN, NT, NN, TT, SS, RS
  std::vector<std::string> majors; // wgmma's <A,B> majors: K or MN
};
} // namespace

/// Split "F32BF16BF16F32" into {"f32", "bf16", "bf16", "f32"}.
static Result<std::vector<std::string>> splitTypes(std::string text) {
  static const char *const names[] = {"E4M3", "E5M2", "TF32", "BF16", "F16",
                                      "F32",  "F64",  "S32",  "S8",   "U8"};
  std::vector<std::string> types;
  while (!text.empty()) {
    bool found = false;
    for (const char *name : names) {
      std::string n = name;
      if (text.compare(0, n.size(), n) == 0) {
        std::string lower = n;
        for (char &c : lower)
          c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        types.push_back(lower);
        text.erase(0, n.size());
        found = true;
        break;
      }
    }
    if (!found)
      return algebraError("unknown value type at `" + text + "`");
  }
  return types;
}

static Result<AtomName> readName(const std::string &name) {
  AtomName a;
  // SM<arch>_<M>x<N>x<K>_<types>_<suffix>
  size_t u1 = name.find('_'), u2 = name.find('_', u1 + 1),
         u3 = name.find('_', u2 + 1);
  if (name.rfind("SM", 0) != 0 || u1 == std::string::npos ||
      u2 == std::string::npos || u3 == std::string::npos)
    return algebraError("an MMA atom is named like "
                        "SM80_16x8x16_F32F16F16F32_TN, got " +
                        name);
  std::string arch = name.substr(2, u1 - 2);
  std::string shape = name.substr(u1 + 1, u2 - u1 - 1);
  std::string types = name.substr(u2 + 1, u3 - u2 - 1);
  a.suffix = name.substr(u3 + 1);
  // wgmma's majors, as CuTe's template arguments: _SS<GMMA::Major::K,...>.
  size_t open = a.suffix.find('<');
  if (open != std::string::npos) {
    if (a.suffix.back() != '>')
      return algebraError("unclosed `<` in " + name);
    std::string list = a.suffix.substr(open + 1, a.suffix.size() - open - 2);
    a.suffix.erase(open);
    std::string item;
    for (size_t i = 0; i <= list.size(); ++i) {
      if (i < list.size() && list[i] != ',') {
        if (list[i] != ' ')
          item += list[i];
        continue;
      }
      if (item.rfind("GMMA::Major::", 0) == 0)
        item.erase(0, 13);
      a.majors.push_back(item);
      item.clear();
    }
  }
  if (arch.empty() || arch.size() > 3 ||
      !std::all_of(arch.begin(), arch.end(), ::isdigit))
    return algebraError("unknown architecture in " + name);
  a.arch = std::stoi(arch);
  // Three extents of digits only (sscanf's %llu took signs and spaces:
  // SM90_64x+8x16_...), each at most 1024.
  unsigned extents[3] = {0, 0, 0};
  size_t count = 0, digits = 0;
  bool valid = true;
  for (size_t i = 0; valid && i <= shape.size(); ++i) {
    if (i == shape.size() || shape[i] == 'x') {
      // An extent ends: the third only at the end of the shape.
      valid = digits > 0 && (i == shape.size() ? count == 2 : count < 2);
      ++count;
      digits = 0;
    } else if (std::isdigit(static_cast<unsigned char>(shape[i]))) {
      extents[count] = extents[count] * 10 + (shape[i] - '0');
      valid = ++digits <= 4 && extents[count] <= 1024;
    } else {
      valid = false;
    }
  }
  if (!valid)
    return algebraError("the shape of " + name + " is not MxNxK");
  a.m = extents[0];
  a.n = extents[1];
  a.k = extents[2];
  CUTE_TRY(t, splitTypes(types));
  a.types = t;
  return a;
}

//===----------------------------------------------------------------------===//
// The families
//===----------------------------------------------------------------------===//

/// C (M16,N8) of mma.sync: c0,c1 in row g, c2,c3 in row g+8.
static const char *const kC16x8 = "((4,8),(2,2)):((32,1),(16,8))";

static Result<MmaAtom> sm70(const AtomName &a, const std::string &name) {
  if (a.m != 8 || a.n != 8 || a.k != 4)
    return algebraError("SM70 has only the 8x8x4 quadpair HMMA, not " +
                        std::to_string(a.m) + "x" + std::to_string(a.n) + "x" +
                        std::to_string(a.k));
  if (a.types.size() != 4 || a.types[1] != "f16" || a.types[2] != "f16" ||
      a.types[0] != a.types[3] || (a.types[0] != "f16" && a.types[0] != "f32"))
    return algebraError("SM70 HMMA multiplies f16 into f16 or f32 "
                        "(F16F16F16F16 or F32F16F16F32)");
  if (a.suffix.size() != 2 ||
      std::string("NT").find(a.suffix[0]) == std::string::npos ||
      std::string("NT").find(a.suffix[1]) == std::string::npos)
    return algebraError("SM70 atoms are _NN, _NT, _TN or _TT");
  // T: each thread holds a row of 4 k values; N: a column of the quadpair.
  const char *row = "(8,4):(1,8)", *col = "((4,2),4):((8,4),1)";
  MmaAtom atom;
  atom.name = name;
  atom.arch = 70;
  atom.shapeMNK = IntTuple::tuple({8, 8, 4});
  atom.thrID = layout("(4,2):(1,16)");
  atom.aLayout = layout(a.suffix[0] == 'T' ? row : col);
  atom.bLayout = layout(a.suffix[1] == 'N' ? row : col);
  atom.cLayout =
      layout(a.types[0] == "f16" ? "(8,8):(1,8)"
                                 : "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))");
  atom.typeD = atom.typeC = a.types[0];
  atom.typeA = atom.typeB = "f16";
  atom.ptxIsa = 64; // mma.m8n8k4 came after sm_70's first PTX ISA, 6.0
  return atom;
}

/// The mma.sync layouts of SM75-SM89, by shape and A's width.
static Result<MmaAtom> mmaSync(const AtomName &a, const std::string &name) {
  if (a.types.size() != 4 || a.types[0] != a.types[3])
    return algebraError("an mma.sync atom names D, A, B and C types, with "
                        "C = D, e.g. F32F16F16F32");
  if (a.suffix != "TN")
    return algebraError("mma.sync atoms are _TN (A and B K-major)");
  const std::string &d = a.types[0], &ta = a.types[1], &tb = a.types[2];
  auto is8 = [](const std::string &t) { return t == "s8" || t == "u8"; };
  auto isFp8 = [](const std::string &t) { return t == "e4m3" || t == "e5m2"; };
  std::string shape = std::to_string(a.m) + "x" + std::to_string(a.n) + "x" +
                      std::to_string(a.k);
  std::string al, bl, cl = kC16x8;
  bool typesOk = false;
  if ((shape == "16x8x8" || shape == "16x8x16") && ta == tb &&
      (ta == "f16" || (ta == "bf16" && a.arch >= 80))) {
    typesOk = d == "f32" || (d == "f16" && ta == "f16");
    if (shape == "16x8x8") {
      al = "((4,8),(2,2)):((32,1),(16,8))";
      bl = "((4,8),2):((16,1),8)";
    } else {
      al = "((4,8),(2,2,2)):((32,1),(16,8,128))";
      bl = "((4,8),(2,2)):((16,1),(8,64))";
    }
    if (a.arch == 75 && shape != "16x8x8")
      typesOk = false;
  } else if (a.arch >= 80 && (shape == "16x8x4" || shape == "16x8x8") &&
             ta == "tf32" && tb == "tf32") {
    typesOk = d == "f32";
    if (shape == "16x8x4") {
      al = "((4,8),2):((16,1),8)";
      bl = "((4,8),1):((8,1),0)";
    } else {
      al = "((4,8),(2,2)):((16,1),(8,64))";
      bl = "((4,8),2):((8,1),32)";
    }
  } else if (a.arch >= 80 && shape == "8x8x4" && ta == "f64" && tb == "f64") {
    typesOk = d == "f64";
    al = bl = "((4,8),1):((8,1),0)";
    cl = "((4,8),2):((16,1),8)";
  } else if (a.arch >= 80 && is8(ta) && is8(tb) &&
             (shape == "8x8x16" || shape == "16x8x16" || shape == "16x8x32")) {
    typesOk = d == "s32";
    if (shape == "8x8x16") {
      al = bl = "((4,8),4):((32,1),8)";
      cl = "((4,8),2):((16,1),8)";
    } else if (shape == "16x8x16") {
      al = "((4,8),(4,2)):((64,1),(16,8))";
      bl = "((4,8),4):((32,1),8)";
    } else {
      al = "((4,8),(4,2,2)):((64,1),(16,8,256))";
      bl = "((4,8),(4,2)):((32,1),(8,128))";
    }
  } else if (a.arch >= 89 && isFp8(ta) && isFp8(tb) && shape == "16x8x32") {
    typesOk = d == "f32";
    al = "((4,8),(4,2,2)):((64,1),(16,8,256))";
    bl = "((4,8),(4,2)):((32,1),(8,128))";
  }
  if (!typesOk)
    return algebraError("SM" + std::to_string(a.arch) + " has no mma.sync " +
                        shape + " for " + d + " = " + ta + " * " + tb);
  MmaAtom atom;
  atom.name = name;
  atom.arch = a.arch;
  atom.shapeMNK = IntTuple::tuple({a.m, a.n, a.k});
  atom.thrID = layout("32:1");
  atom.aLayout = layout(al);
  atom.bLayout = layout(bl);
  atom.cLayout = layout(cl);
  atom.typeD = atom.typeC = d;
  atom.typeA = ta;
  if (ta == "e4m3" || ta == "e5m2")
    atom.ptxIsa = 84;
  atom.typeB = tb;
  return atom;
}

/// The legal N of wgmma for a K-width of A and B.
static bool legalWgmmaN(int64_t n, bool integer) {
  if (n < 8 || n > 256 || n % 8 != 0)
    return false;
  // The integer forms take N in steps of 16 above 32.
  return !integer || n <= 32 || n % 16 == 0;
}

static Result<MmaAtom> sm90(AtomName a, const std::string &name) {
  if (a.types.size() != 3)
    return algebraError("a wgmma atom names D, A and B types, e.g. "
                        "SM90_64x128x16_F32BF16BF16_SS");
  const std::string &d = a.types[0], &ta = a.types[1], &tb = a.types[2];
  // CuTe names the forms that read K-major operands only (tf32 and 8-bit)
  // with a _TN suffix: SM90_64x8x32_F32E4M3E4M3_SS_TN.
  bool cuteTN = a.suffix.size() > 3 &&
                a.suffix.compare(a.suffix.size() - 3, 3, "_TN") == 0;
  if (cuteTN) {
    if (bitsOfValueType(ta) == 16)
      return algebraError("only the K-major wgmma forms (tf32 and 8-bit) "
                          "have CuTe's _TN names; 16-bit ones take their "
                          "majors: SM90_..._SS<GMMA::Major::K, ...>");
    if (!a.majors.empty())
      return algebraError("a _TN wgmma atom is K-major: it takes no majors");
    a.suffix.erase(a.suffix.size() - 3);
  }
  if (a.suffix != "SS" && a.suffix != "RS")
    return algebraError("wgmma atoms are _SS (A and B in shared memory) or "
                        "_RS (A in registers), or CuTe's _SS_TN and _RS_TN");
  auto is8 = [](const std::string &t) { return t == "s8" || t == "u8"; };
  auto isFp8 = [](const std::string &t) { return t == "e4m3" || t == "e5m2"; };
  int64_t k = 0;
  bool integer = false;
  std::string registerA;
  if (ta == tb && ta == "f16" && (d == "f16" || d == "f32")) {
    k = 16;
  } else if (ta == tb && ta == "bf16" && d == "f32") {
    k = 16;
  } else if (ta == tb && ta == "tf32" && d == "f32") {
    k = 8;
  } else if (isFp8(ta) && isFp8(tb) && (d == "f32" || d == "f16")) {
    k = 32;
  } else if (is8(ta) && is8(tb) && d == "s32") {
    k = 32;
    integer = true;
  } else {
    return algebraError("wgmma has no form " + d + " = " + ta + " * " + tb);
  }
  if (a.m != 64 || a.k != k)
    return algebraError("wgmma for " + ta + " is 64xNx" + std::to_string(k) +
                        ", not " + std::to_string(a.m) + "xNx" +
                        std::to_string(a.k));
  if (!legalWgmmaN(a.n, integer))
    return algebraError("N = " + std::to_string(a.n) +
                        " is not a legal wgmma N for " + ta +
                        (integer ? " (8..256 in steps of 8, of 16 above 32)"
                                 : " (8..256 in steps of 8)"));
  MmaAtom atom;
  if (a.majors.size() > 2)
    return algebraError("a wgmma atom takes the majors of A and B, got " +
                        std::to_string(a.majors.size()));
  GmmaMajor majors[2] = {GmmaMajor::K, GmmaMajor::K};
  for (size_t i = 0; i < a.majors.size(); ++i) {
    CUTE_TRY(major, parseGmmaMajor(a.majors[i]));
    majors[i] = major;
  }
  if (a.suffix == "RS" && majors[0] != GmmaMajor::K)
    return algebraError("A from registers is K-major");
  if ((majors[0] == GmmaMajor::MN || majors[1] == GmmaMajor::MN) &&
      bitsOfValueType(ta) != 16)
    return algebraError("wgmma reads MN-major operands of 16-bit types only, "
                        "not " +
                        ta);
  atom.majorA = majors[0];
  atom.majorB = majors[1];
  std::string base = name.substr(0, name.find('<'));
  atom.name = majors[0] == GmmaMajor::K && majors[1] == GmmaMajor::K
                  ? base
                  : base + "<" + str(majors[0]) + "," + str(majors[1]) + ">";
  atom.arch = 90;
  atom.shapeMNK = IntTuple::tuple({a.m, a.n, a.k});
  atom.thrID = layout("128:1");
  std::string n = std::to_string(a.n), kk = std::to_string(k);
  // Shared-memory operands are read by the whole warpgroup.
  atom.aLayout = layout("(128,(64," + kk + ")):(0,(1,64))");
  atom.sourceA = OperandSource::SharedMemory;
  if (a.suffix == "RS") {
    atom.sourceA = OperandSource::Registers;
    int bits = bitsOfValueType(ta);
    atom.aLayout =
        layout(bits == 16   ? "((4,8,4),(2,2,2)):((128,1,16),(64,8,512))"
               : bits == 32 ? "((4,8,4),(2,2)):((64,1,16),(8,256))"
                            : "((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))");
  }
  atom.bLayout = layout("(128,(" + n + "," + kk + ")):(0,(1," + n + "))");
  atom.sourceB = OperandSource::SharedMemory;
  atom.cLayout = layout("((4,8,4),(2,2," + std::to_string(a.n / 8) +
                        ")):((128,1,16),(64,8,512))");
  atom.typeD = atom.typeC = d;
  atom.typeA = ta;
  atom.typeB = tb;
  if (integer && ta != tb)
    atom.ptxIsa = 84;
  return atom;
}

/// UniversalFMA<D,A,B,C> (or UniversalFMA<T> for all four): one thread, one
/// fused multiply-add.
static Result<MmaAtom> universalFma(const std::string &name) {
  if (name.back() != '>')
    return algebraError("UniversalFMA names its types: UniversalFMA<f32> or "
                        "UniversalFMA<f32,f16,f16,f32>");
  std::vector<std::string> types;
  std::string item;
  for (char c : name.substr(13, name.size() - 14) + ",") {
    if (c == ' ')
      continue;
    if (c != ',') {
      item += c;
      continue;
    }
    if (bitsOfValueType(item) == 0)
      return algebraError("unknown value type `" + item + "` in " + name);
    types.push_back(item);
    item.clear();
  }
  if (types.size() == 1)
    types.assign(4, types.front());
  if (types.size() != 4)
    return algebraError("UniversalFMA takes 1 or 4 types (D,A,B,C), got " +
                        std::to_string(types.size()));
  MmaAtom atom;
  atom.name =
      types[0] == types[1] && types[1] == types[2] && types[2] == types[3]
          ? "UniversalFMA<" + types[0] + ">"
          : "UniversalFMA<" + types[0] + "," + types[1] + "," + types[2] + "," +
                types[3] + ">";
  atom.arch = 0;
  atom.shapeMNK = IntTuple::tuple({1, 1, 1});
  atom.thrID = makeLayout(IntTuple(1));
  atom.aLayout = atom.bLayout = atom.cLayout =
      makeLayoutUnchecked(IntTuple::tuple({1, 1}), IntTuple::tuple({0, 0}));
  atom.typeD = types[0];
  atom.typeA = types[1];
  atom.typeB = types[2];
  atom.typeC = types[3];
  return atom;
}

Result<MmaAtom> mlir::cute::lookupMmaAtom(const std::string &name) {
  if (name.rfind("UniversalFMA<", 0) == 0)
    return universalFma(name);
  CUTE_TRY(a, readName(name));
  switch (a.arch) {
  case 70:
    return sm70(a, name);
  case 75:
  case 80:
  case 89:
    return mmaSync(a, name);
  case 90:
    return sm90(a, name);
  default:
    return algebraError("no MMA atoms for SM" + std::to_string(a.arch) +
                        " (SM70, SM75, SM80, SM89 and SM90 have them)");
  }
}

std::vector<std::string> mlir::cute::mmaAtomNames() {
  std::vector<std::string> names;
  for (const char *acc : {"F16F16F16F16", "F32F16F16F32"})
    for (const char *major : {"NN", "NT", "TN", "TT"})
      names.push_back(std::string("SM70_8x8x4_") + acc + "_" + major);
  names.push_back("SM75_16x8x8_F16F16F16F16_TN");
  names.push_back("SM75_16x8x8_F32F16F16F32_TN");
  for (const char *shape : {"16x8x8", "16x8x16"})
    for (const char *types : {"F16F16F16F16", "F32F16F16F32", "F32BF16BF16F32"})
      names.push_back(std::string("SM80_") + shape + "_" + types + "_TN");
  names.push_back("SM80_16x8x4_F32TF32TF32F32_TN");
  names.push_back("SM80_16x8x8_F32TF32TF32F32_TN");
  names.push_back("SM80_8x8x4_F64F64F64F64_TN");
  for (const char *shape : {"8x8x16", "16x8x16", "16x8x32"})
    for (const char *a : {"S8", "U8"})
      for (const char *b : {"S8", "U8"})
        names.push_back(std::string("SM80_") + shape + "_S32" + a + b +
                        "S32_TN");
  for (const char *a : {"E4M3", "E5M2"})
    for (const char *b : {"E4M3", "E5M2"})
      names.push_back(std::string("SM89_16x8x32_F32") + a + b + "F32_TN");
  struct Form {
    const char *types;
    int k;
    bool integer;
  };
  const Form forms[] = {{"F16F16F16", 16, false},   {"F32F16F16", 16, false},
                        {"F32BF16BF16", 16, false}, {"F32TF32TF32", 8, false},
                        {"F32E4M3E4M3", 32, false}, {"F32E4M3E5M2", 32, false},
                        {"F32E5M2E4M3", 32, false}, {"F32E5M2E5M2", 32, false},
                        {"S32S8S8", 32, true},      {"S32S8U8", 32, true},
                        {"S32U8S8", 32, true},      {"S32U8U8", 32, true}};
  for (const Form &f : forms)
    for (int n = 8; n <= 256; n += 8)
      if (legalWgmmaN(n, f.integer))
        for (const char *src : {"SS", "RS"})
          names.push_back("SM90_64x" + std::to_string(n) + "x" +
                          std::to_string(f.k) + "_" + f.types + "_" + src);
  return names;
}
