//===- WgmmaEmission.cpp - One wgmma atom as NVVM -------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A wgmma atom is emitted from its traits: shape, value types, majors and
// where A comes from. With A in shared memory (`_SS`) it is NVVM's
// `wgmma.mma_async` op. NVVM 22 has no op for A in registers (`_RS`) and
// takes `scale-d` only as an attribute, so those forms are the PTX
// instruction in inline assembly, written the way NVVM's own op writes its
// form: accumulators tied in and out, `scale-d` through a predicate set
// from an immediate or, when it is known only at run time, a register.
//
//===----------------------------------------------------------------------===//

#include "RegisterPacking.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

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

/// `wgmma.mma_async` as inline PTX, for what NVVM's op cannot say: A in
/// registers, or a `scale-d` known only at run time. The operands are D's
/// registers (outputs, tied to the same registers as inputs), A (its
/// registers, or its descriptor), B's descriptor and scale-d, an `i32` that
/// sets the predicate (an immediate when `scaleD` is a constant).
static Value inlineWgmma(OpBuilder &b, Location loc, const cute::MmaAtom &atom,
                         Type accType, ValueRange acc, ValueRange a,
                         Value descB, Value scaleD) {
  MLIRContext *ctx = b.getContext();
  bool registersA = atom.sourceA == cute::OperandSource::Registers;
  int64_t nd = acc.size();
  int64_t scaleIndex = 2 * nd + a.size() + 1;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\n.reg .pred p;\nsetp.ne.b32 p, $" << scaleIndex
     << ", 0;\nwgmma.mma_async.sync.aligned.m64n"
     << atom.shapeMNK.mode(1).value().value() << "k"
     << atom.shapeMNK.mode(2).value().value() << "." << atom.typeD << "."
     << atom.typeA << "." << atom.typeB << " {";
  for (int64_t i = 0; i < nd; ++i)
    os << (i ? ", $" : "$") << i;
  os << "}, ";
  if (registersA) {
    os << "{";
    for (size_t i = 0; i < a.size(); ++i)
      os << (i ? ", $" : "$") << 2 * nd + i;
    os << "}";
  } else {
    os << "$" << 2 * nd;
  }
  os << ", $" << 2 * nd + a.size() << ", p";
  // The immediate scales of A and B (1: not negated) exist for the float
  // forms, and the transposes (of A when it is a descriptor, and of B) for
  // the 16-bit ones.
  bool integer = atom.typeD == "s32";
  bool sixteen = atom.typeA == "f16" || atom.typeA == "bf16";
  if (!integer)
    os << ", 1, 1";
  if (sixteen && !registersA)
    os << ", " << (atom.majorA == cute::GmmaMajor::MN ? 1 : 0);
  if (sixteen)
    os << ", " << (atom.majorB == cute::GmmaMajor::MN ? 1 : 0);
  os << ";\n}\n";

  std::string constraints;
  llvm::raw_string_ostream cs(constraints);
  char reg = isa<FloatType>(accType) ? 'f' : 'r';
  for (int64_t i = 0; i < nd; ++i)
    cs << "=" << reg << ",";
  for (int64_t i = 0; i < nd; ++i)
    cs << i << ",";
  for (size_t i = 0; i < a.size(); ++i)
    cs << (registersA ? "r," : "l,");
  cs << "l," << (scaleD.getDefiningOp<LLVM::ConstantOp>() ? "n" : "r");

  SmallVector<Value> operands(acc);
  operands.append(a.begin(), a.end());
  operands.push_back(descB);
  operands.push_back(scaleD);
  SmallVector<Type> members(nd, accType);
  auto structType = LLVM::LLVMStructType::getLiteral(ctx, members);
  return LLVM::InlineAsmOp::create(
             b, loc, structType, operands, text, constraints,
             /*has_side_effects=*/true, /*is_align_stack=*/false,
             LLVM::TailCallKind::None,
             LLVM::AsmDialectAttr::get(ctx, LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getRes();
}

/// The constant value of an `i1`, if it has one; null means true.
static std::optional<bool> constantFlag(Value flag) {
  if (!flag)
    return true;
  APInt value;
  if (matchPattern(flag, m_ConstantInt(&value)))
    return !value.isZero();
  return std::nullopt;
}

FailureOr<SmallVector<Value>>
MmaAtomAttr::buildWgmma(OpBuilder &b, Location loc, ValueRange a, Value descB,
                        ValueRange c, Value accumulate) const {
  cute::MmaAtom atom = getTraits();
  if (atom.arch < 90)
    return emitError(loc) << atom.name
                          << " is not a wgmma: it takes registers, not "
                             "shared-memory descriptors";
  bool registersA = atom.sourceA == cute::OperandSource::Registers;
  int64_t valuesA = registersA ? atom.valuesA() : 1;
  if (int64_t(a.size()) != valuesA)
    return emitError(loc) << atom.name << " takes A as "
                          << (registersA
                                  ? "the thread's " + std::to_string(valuesA) +
                                        " values"
                                  : std::string("one descriptor"))
                          << ", got " << a.size() << " values";
  if (int64_t(c.size()) != atom.valuesC())
    return emitError(loc) << atom.name << " takes " << atom.valuesC()
                          << " accumulators per thread, got " << c.size();
  std::optional<NVVM::WGMMATypes> ta = wgmmaType(atom.typeA),
                                  tb = wgmmaType(atom.typeB),
                                  td = wgmmaType(atom.typeD);
  MLIRContext *ctx = getContext();
  FailureOr<RegisterForm> fa = registerForm(ctx, atom.typeA);
  FailureOr<RegisterForm> fd = registerForm(ctx, atom.typeD);
  if (!ta || !tb || !td || failed(fa) || failed(fd))
    return emitError(loc) << atom.name << " has a value type wgmma lacks";
  // Accumulators travel as 32-bit registers: f16 ones in pairs.
  SmallVector<Value> acc = pack(b, loc, c, *fd);
  if (fd->perRegister > 1)
    acc = asI32(b, loc, acc);
  std::optional<bool> scale = constantFlag(accumulate);
  // With scale-d = 0 the wgmma writes D without reading it: passing C's
  // values would only keep them alive until the wgmma issues (a kernel that
  // refills one temporary fragment would hold two copies of it).
  if (scale && !*scale) {
    Value unread = LLVM::UndefOp::create(b, loc, acc.front().getType());
    acc.assign(acc.size(), unread);
  }
  Value d;
  if (registersA || !scale) {
    SmallVector<Value> aOperands(a);
    if (registersA)
      aOperands = asI32(b, loc, pack(b, loc, a, *fa));
    Value scaleD =
        scale ? LLVM::ConstantOp::create(b, loc, b.getI32Type(), *scale ? 1 : 0)
              : LLVM::ZExtOp::create(b, loc, b.getI32Type(), accumulate)
                    .getResult();
    d = inlineWgmma(b, loc, atom, acc.front().getType(), acc, aOperands, descB,
                    scaleD);
  } else {
    SmallVector<Type> members(acc.size(), acc.front().getType());
    auto structType = LLVM::LLVMStructType::getLiteral(ctx, members);
    Value in = LLVM::UndefOp::create(b, loc, structType);
    for (auto [i, v] : llvm::enumerate(acc))
      in = LLVM::InsertValueOp::create(b, loc, in, v, int64_t(i));
    int m = atom.shapeMNK.mode(0).value().value();
    int n = atom.shapeMNK.mode(1).value().value();
    int k = atom.shapeMNK.mode(2).value().value();
    // NVVM names the K-major A "row" and the K-major B "col".
    auto layoutA = atom.majorA == cute::GmmaMajor::K ? NVVM::MMALayout::row
                                                     : NVVM::MMALayout::col;
    auto layoutB = atom.majorB == cute::GmmaMajor::K ? NVVM::MMALayout::col
                                                     : NVVM::MMALayout::row;
    d = NVVM::WgmmaMmaAsyncOp::create(
        b, loc, structType, in, a.front(), descB,
        NVVM::MMAShapeAttr::get(ctx, m, n, k), *ta, *tb, *td,
        *scale ? NVVM::WGMMAScaleOut::one : NVVM::WGMMAScaleOut::zero,
        NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one, layoutA, layoutB,
        /*satfinite=*/NVVM::MMAIntOverflowAttr());
  }
  return unpack(b, loc, d, *fd);
}
