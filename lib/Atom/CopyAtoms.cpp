//===- CopyAtoms.cpp - The table of copy atoms ----------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// ldmatrix / stmatrix move 8x8 matrices of 16-bit elements between shared
// memory rows (one 128-bit row address per thread) and registers (thread t
// holds elements 2(t%4), 2(t%4)+1 of row t/4, or the transpose). The layouts
// below say that in bits; the unit tests check them against the PTX ISA.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/CopyAtom.h"

#include "cute-mlir/Layout/Notation.h"

using namespace mlir::cute;

static Layout layout(const std::string &text) { return *parseLayout(text); }

/// The register side of ldmatrix / stmatrix with `n` matrices.
static std::string registerBits(int n, bool transposed) {
  std::string count = std::to_string(n);
  if (!transposed)
    return n == 1 ? "(32,32):(32,1)" : "(32,(32," + count + ")):(32,(1,1024))";
  return n == 1 ? "((4,8),(16,2)):((256,16),(1,128))"
                : "((4,8),(16,2," + count + ")):((256,16),(1,128,1024))";
}

/// The shared-memory side: 8 rows per matrix, one per thread; the threads
/// past 8n repeat the addresses.
static std::string rowBits(int n) {
  if (n == 4)
    return "(32,128):(128,1)";
  return "((" + std::to_string(8 * n) + "," + std::to_string(4 / n) +
         "),128):((128,0),1)";
}

static Result<CopyAtom> matrixCopy(const std::string &name, bool store) {
  // SM75_U32x<n>_LDSM_N, SM75_U16x<2n>_LDSM_T and the STSM twins.
  bool transposed = name.size() > 2 && name.substr(name.size() - 2) == "_T";
  std::string width = transposed ? "U16x" : "U32x";
  size_t at = name.find(width);
  if (at == std::string::npos)
    return algebraError(std::string(transposed ? "transposed" : "plain") +
                        " ldmatrix/stmatrix atoms move " +
                        (transposed ? "U16" : "U32") + " values: " + name);
  int count = std::atoi(name.c_str() + at + width.size());
  int matrices = transposed ? count / 2 : count;
  if (matrices != 1 && matrices != 2 && matrices != 4)
    return algebraError(name + " names " + std::to_string(matrices) +
                        " matrices; ldmatrix/stmatrix move 1, 2 or 4");
  CopyAtom atom;
  atom.name = name;
  atom.arch = store ? 90 : 75;
  atom.thrID = layout("32:1");
  Layout rows = layout(rowBits(matrices));
  Layout regs = layout(registerBits(matrices, transposed));
  atom.srcLayout = store ? regs : rows;
  atom.dstLayout = store ? rows : regs;
  atom.refLayout = regs;
  return atom;
}

static Result<int> bitsOfUnsigned(const std::string &suffix) {
  if (suffix == "U8")
    return 8;
  if (suffix == "U16")
    return 16;
  if (suffix == "U32")
    return 32;
  if (suffix == "U64")
    return 64;
  if (suffix == "U128")
    return 128;
  return algebraError("unknown element " + suffix + " (U8 to U128)");
}

Result<CopyAtom> mlir::cute::lookupCopyAtom(const std::string &name) {
  auto single = [&](int arch, int bits) {
    CopyAtom atom;
    atom.name = name;
    atom.arch = arch;
    atom.thrID = layout("1:0");
    atom.srcLayout = atom.dstLayout = atom.refLayout =
        layout("(1," + std::to_string(bits) + "):(0,1)");
    return atom;
  };
  if (name.rfind("UniversalCopy_", 0) == 0) {
    CUTE_TRY(bits, bitsOfUnsigned(name.substr(14)));
    return single(0, bits);
  }
  for (const char *cache :
       {"SM80_CP_ASYNC_CACHEALWAYS_", "SM80_CP_ASYNC_CACHEGLOBAL_"}) {
    std::string prefix = cache;
    if (name.rfind(prefix, 0) != 0)
      continue;
    CUTE_TRY(bits, bitsOfUnsigned(name.substr(prefix.size())));
    if (bits < 32)
      return algebraError("cp.async copies 4, 8 or 16 bytes, not " +
                          std::to_string(bits / 8));
    if (prefix.find("GLOBAL") != std::string::npos && bits != 128)
      return algebraError("cp.async.cg copies 16 bytes only");
    return single(80, bits);
  }
  if (name.rfind("SM75_", 0) == 0 && name.find("_LDSM_") != std::string::npos)
    return matrixCopy(name, /*store=*/false);
  if (name.rfind("SM90_", 0) == 0 && name.find("_STSM_") != std::string::npos)
    return matrixCopy(name, /*store=*/true);
  return algebraError("unknown copy atom " + name);
}

/// The number of `bits`-bit values in one thread's bits `values` (a layout
/// in bits), or an error when a value would straddle two pieces.
static Result<int64_t> wholeValues(const CopyAtom &atom, const char *side,
                                   const Layout &values, int64_t bits) {
  Layout bitsOfThread = coalesce(values);
  std::vector<IntTuple> shapes = leaves(bitsOfThread.shape());
  std::vector<IntTuple> strides = leaves(bitsOfThread.stride());
  for (size_t i = 0; i < shapes.size(); ++i) {
    int64_t shape = shapes[i].value().value();
    int64_t stride = strides[i].value().value();
    bool split =
        stride == 1 ? shape % bits != 0 : shape > 1 && stride % bits != 0;
    if (split)
      return algebraError(atom.name + " " + side + " " +
                          std::to_string(stride == 1 ? shape : stride) +
                          "-bit pieces, which split " + std::to_string(bits) +
                          "-bit values");
  }
  return size(bitsOfThread).value() / bits;
}

Result<std::pair<int64_t, int64_t>>
mlir::cute::valuesPerThread(const CopyAtom &atom, int64_t bits) {
  if (bits <= 0)
    return algebraError("a value has a positive number of bits");
  CUTE_TRY(src, wholeValues(atom, "reads", atom.srcLayout.mode(1), bits));
  CUTE_TRY(dst, wholeValues(atom, "writes", atom.dstLayout.mode(1), bits));
  return std::make_pair(src, dst);
}

std::vector<std::string> mlir::cute::copyAtomNames() {
  std::vector<std::string> names;
  for (const char *u : {"U8", "U16", "U32", "U64", "U128"})
    names.push_back(std::string("UniversalCopy_") + u);
  for (const char *u : {"U32", "U64", "U128"})
    names.push_back(std::string("SM80_CP_ASYNC_CACHEALWAYS_") + u);
  names.push_back("SM80_CP_ASYNC_CACHEGLOBAL_U128");
  for (const char *op : {"SM75_", "SM90_"}) {
    std::string kind = std::string(op) == "SM75_" ? "LDSM" : "STSM";
    for (int n : {1, 2, 4})
      names.push_back(op + std::string("U32x") + std::to_string(n) + "_" +
                      kind + "_N");
    for (int n : {2, 4, 8})
      names.push_back(op + std::string("U16x") + std::to_string(n) + "_" +
                      kind + "_T");
  }
  return names;
}
