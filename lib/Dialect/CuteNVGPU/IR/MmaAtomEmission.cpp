//===- MmaAtomEmission.cpp - One MMA atom as NVVM -------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// An mma.sync atom is emitted from its traits alone: the shape, the value
// types and the A/B majors in its name. A thread's values are packed into the
// 32-bit registers PTX expects (value v of a b16 operand in half v % 2 of
// register v / 2, and so on), which is how CuTe numbers them; adding an atom
// to the tables needs nothing here unless it brings a new value type.
//
//===----------------------------------------------------------------------===//

#include "RegisterPacking.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

/// The row/col layout of A and B from the atom name's suffix: A is row-major
/// (K-major) for `T`, B for `N`, as in BLAS.
static std::pair<NVVM::MMALayout, NVVM::MMALayout>
majorsOf(const std::string &name) {
  std::string suffix = name.substr(name.rfind('_') + 1);
  auto a = suffix[0] == 'T' ? NVVM::MMALayout::row : NVVM::MMALayout::col;
  auto b = suffix[1] == 'N' ? NVVM::MMALayout::col : NVVM::MMALayout::row;
  return {a, b};
}

/// The scalar FMA: d = a * b + c.
static Value fma(OpBuilder &b, Location loc, Value x, Value y, Value c) {
  if (isa<FloatType>(c.getType()))
    return arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, x, y),
                                 c);
  return arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, x, y), c);
}

FailureOr<SmallVector<Value>> MmaAtomAttr::buildMma(OpBuilder &b, Location loc,
                                                    ValueRange a, ValueRange bv,
                                                    ValueRange c) const {
  cute::MmaAtom atom = getTraits();
  if (atom.arch == 0) {
    if (a.size() != 1 || bv.size() != 1 || c.size() != 1)
      return emitError(loc) << "UniversalFMA takes one value of each operand";
    return SmallVector<Value>{fma(b, loc, a[0], bv[0], c[0])};
  }
  if (atom.arch >= 90)
    return emitError(loc) << atom.name
                          << " is a wgmma: it is emitted with shared-memory "
                             "descriptors, not from registers alone";
  if (int64_t(a.size()) != atom.valuesA() ||
      int64_t(bv.size()) != atom.valuesB() ||
      int64_t(c.size()) != atom.valuesC())
    return emitError(loc) << atom.name << " takes " << atom.valuesA() << ", "
                          << atom.valuesB() << " and " << atom.valuesC()
                          << " values of A, B and C per thread";
  MLIRContext *ctx = getContext();
  FailureOr<RegisterForm> fa = registerForm(ctx, atom.typeA);
  FailureOr<RegisterForm> fb = registerForm(ctx, atom.typeB);
  FailureOr<RegisterForm> fc = registerForm(ctx, atom.typeC);
  FailureOr<RegisterForm> fd = registerForm(ctx, atom.typeD);
  if (failed(fa) || failed(fb) || failed(fc) || failed(fd))
    return emitError(loc) << atom.name << " has a value type with no "
                          << "register form";
  SmallVector<Value> ra = pack(b, loc, a, *fa);
  SmallVector<Value> rb = pack(b, loc, bv, *fb);
  SmallVector<Value> rc = pack(b, loc, c, *fc);
  SmallVector<Type> members(rc.size(), fd->registerType);
  auto resultType = LLVM::LLVMStructType::getLiteral(ctx, members);
  int64_t m = atom.shapeMNK.mode(0).value().value();
  int64_t n = atom.shapeMNK.mode(1).value().value();
  int64_t k = atom.shapeMNK.mode(2).value().value();
  Value result;
  bool fp8 = atom.typeA[0] == 'e';
  if (fp8) {
    // NVVM's mma.sync op has no fp8 form in LLVM 22; the intrinsic does.
    std::string intrinsic = "llvm.nvvm.mma.m" + std::to_string(m) + "n" +
                            std::to_string(n) + "k" + std::to_string(k) +
                            ".row.col." + atom.typeD + "." + atom.typeA + "." +
                            atom.typeB + "." + atom.typeC;
    SmallVector<Value> args(ra);
    args.append(rb);
    args.append(rc);
    result = LLVM::CallIntrinsicOp::create(b, loc, resultType,
                                           b.getStringAttr(intrinsic), args)
                 .getResult(0);
  } else {
    auto [layoutA, layoutB] = majorsOf(atom.name);
    std::array<NVVM::MMATypes, 2> ptxTypes = {
        fa->ptxType.value_or(NVVM::MMATypes::f16),
        fb->ptxType.value_or(NVVM::MMATypes::f16)};
    std::optional<NVVM::MMAIntOverflow> overflow;
    if (atom.typeC == "s32")
      overflow = NVVM::MMAIntOverflow::wrapped;
    std::optional<std::array<NVVM::MMATypes, 2>> explicitTypes;
    if (fa->ptxType)
      explicitTypes = ptxTypes;
    result =
        NVVM::MmaOp::create(b, loc, resultType, ra, rb, rc,
                            std::array<int64_t, 3>{m, n, k}, std::nullopt,
                            overflow, explicitTypes,
                            std::array<NVVM::MMALayout, 2>{layoutA, layoutB})
            .getResult();
  }
  return unpack(b, loc, result, *fd);
}
