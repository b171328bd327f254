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

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

/// How a thread's values of one operand sit in registers.
struct RegisterForm {
  /// The type of one register operand of the NVVM op.
  Type registerType;
  /// Values per register.
  int64_t perRegister;
  /// The PTX multiplicand type NVVM needs spelled out, if any.
  std::optional<NVVM::MMATypes> ptxType;
};

} // namespace

static FailureOr<RegisterForm> registerForm(MLIRContext *ctx,
                                            const std::string &type) {
  Builder b(ctx);
  Type i32 = b.getI32Type();
  if (type == "f16")
    return RegisterForm{VectorType::get({2}, b.getF16Type()), 2, std::nullopt};
  if (type == "bf16")
    return RegisterForm{i32, 2, NVVM::MMATypes::bf16};
  if (type == "tf32")
    return RegisterForm{i32, 1, NVVM::MMATypes::tf32};
  if (type == "s8")
    return RegisterForm{i32, 4, NVVM::MMATypes::s8};
  if (type == "u8")
    return RegisterForm{i32, 4, NVVM::MMATypes::u8};
  if (type == "e4m3")
    return RegisterForm{i32, 4, NVVM::MMATypes::e4m3};
  if (type == "e5m2")
    return RegisterForm{i32, 4, NVVM::MMATypes::e5m2};
  if (type == "f32")
    return RegisterForm{b.getF32Type(), 1, std::nullopt};
  if (type == "f64")
    return RegisterForm{b.getF64Type(), 1, std::nullopt};
  if (type == "s32")
    return RegisterForm{i32, 1, std::nullopt};
  return failure();
}

/// Pack `values` into registers of `form`.
static SmallVector<Value> pack(OpBuilder &b, Location loc, ValueRange values,
                               const RegisterForm &form) {
  SmallVector<Value> registers;
  for (size_t r = 0; r * form.perRegister < values.size(); ++r) {
    ValueRange group = values.slice(r * form.perRegister, form.perRegister);
    if (form.perRegister == 1) {
      Value v = group.front();
      if (v.getType() != form.registerType) // tf32 travels as its bits
        v = arith::BitcastOp::create(b, loc, form.registerType, v);
      registers.push_back(v);
      continue;
    }
    // Sub-word values: as integers of their width (LLVM has no fp8), in a
    // vector whose bits are the register.
    SmallVector<Value> lanes;
    Type element = group.front().getType();
    if (isa<FloatType>(element) && element.getIntOrFloatBitWidth() == 8) {
      element = b.getIntegerType(8);
      for (Value v : group)
        lanes.push_back(arith::BitcastOp::create(b, loc, element, v));
    } else {
      lanes.assign(group.begin(), group.end());
    }
    auto vector = VectorType::get({form.perRegister}, element);
    Value packed = vector::FromElementsOp::create(b, loc, vector, lanes);
    if (vector != form.registerType)
      packed = LLVM::BitcastOp::create(b, loc, form.registerType, packed);
    registers.push_back(packed);
  }
  return registers;
}

/// Unpack the NVVM result struct into values of `element`.
static SmallVector<Value> unpack(OpBuilder &b, Location loc, Value result,
                                 const RegisterForm &form) {
  auto st = cast<LLVM::LLVMStructType>(result.getType());
  SmallVector<Value> values;
  for (size_t r = 0; r < st.getBody().size(); ++r) {
    Value reg = LLVM::ExtractValueOp::create(b, loc, result, r);
    if (form.perRegister == 1) {
      values.push_back(reg);
      continue;
    }
    for (int64_t i = 0; i < form.perRegister; ++i)
      values.push_back(vector::ExtractOp::create(b, loc, reg, i));
  }
  return values;
}

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

/// The wgmma type of a value type of the atom tables.
static std::optional<NVVM::WGMMATypes> wgmmaType(StringRef type) {
  return llvm::StringSwitch<std::optional<NVVM::WGMMATypes>>(type)
      .Case("f16", NVVM::WGMMATypes::f16)
      .Case("bf16", NVVM::WGMMATypes::bf16)
      .Case("tf32", NVVM::WGMMATypes::tf32)
      .Case("e4m3", NVVM::WGMMATypes::e4m3)
      .Case("e5m2", NVVM::WGMMATypes::e5m2)
      .Case("s8", NVVM::WGMMATypes::s8)
      .Case("u8", NVVM::WGMMATypes::u8)
      .Case("f32", NVVM::WGMMATypes::f32)
      .Case("s32", NVVM::WGMMATypes::s32)
      .Default(std::nullopt);
}

FailureOr<SmallVector<Value>> MmaAtomAttr::buildWgmma(OpBuilder &b,
                                                      Location loc, Value descA,
                                                      Value descB,
                                                      ValueRange c) const {
  cute::MmaAtom atom = getTraits();
  if (atom.arch < 90)
    return emitError(loc) << atom.name
                          << " is not a wgmma: it takes registers, not "
                             "shared-memory descriptors";
  if (atom.sourceA != cute::OperandSource::SharedMemory)
    return emitError(loc) << atom.name
                          << " reads A from registers: NVVM 22 has no "
                             "register-A wgmma op, so it is not lowered yet";
  if (atom.typeD == "f16")
    return emitError(loc) << atom.name
                          << " accumulates in f16 (packed pairs): not lowered "
                             "yet";
  if (int64_t(c.size()) != atom.valuesC())
    return emitError(loc) << atom.name << " takes " << atom.valuesC()
                          << " accumulators per thread, got " << c.size();
  std::optional<NVVM::WGMMATypes> ta = wgmmaType(atom.typeA),
                                  tb = wgmmaType(atom.typeB),
                                  td = wgmmaType(atom.typeD);
  if (!ta || !tb || !td)
    return emitError(loc) << atom.name << " has a value type wgmma lacks";
  MLIRContext *ctx = getContext();
  SmallVector<Type> members(c.size(), c.front().getType());
  auto structType = LLVM::LLVMStructType::getLiteral(ctx, members);
  Value acc = LLVM::UndefOp::create(b, loc, structType);
  for (auto [i, v] : llvm::enumerate(c))
    acc = LLVM::InsertValueOp::create(b, loc, acc, v, int64_t(i));
  int m = atom.shapeMNK.mode(0).value().value();
  int n = atom.shapeMNK.mode(1).value().value();
  int k = atom.shapeMNK.mode(2).value().value();
  // NVVM names the K-major A "row" and the K-major B "col".
  auto layoutA = atom.majorA == cute::GmmaMajor::K ? NVVM::MMALayout::row
                                                   : NVVM::MMALayout::col;
  auto layoutB = atom.majorB == cute::GmmaMajor::K ? NVVM::MMALayout::col
                                                   : NVVM::MMALayout::row;
  Value d = NVVM::WgmmaMmaAsyncOp::create(
      b, loc, structType, acc, descA, descB,
      NVVM::MMAShapeAttr::get(ctx, m, n, k), *ta, *tb, *td,
      NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
      NVVM::WGMMAScaleIn::one, layoutA, layoutB,
      /*satfinite=*/NVVM::MMAIntOverflowAttr());
  SmallVector<Value> out;
  for (int64_t i = 0; i < int64_t(c.size()); ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, d, i));
  return out;
}
