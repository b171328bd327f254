//===- WgmmaEmission.cpp - One wgmma atom as NVVM -------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A wgmma atom is emitted from its traits: shape, value types, majors and
// where A comes from. With A in shared memory (`_SS`) it is NVVM's
// `wgmma.mma_async` op. NVVM 22 has no op for A in registers (`_RS`), so
// that form is the PTX instruction in inline assembly, written the way
// NVVM's own op writes its form: accumulators tied in and out, `scale-d`
// through a predicate set from an immediate.
//
//===----------------------------------------------------------------------===//

#include "RegisterPacking.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
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

/// `wgmma.mma_async` with A in registers, as inline PTX. The operands are
/// D's registers (outputs, tied to the same registers as inputs), A's four
/// registers, B's descriptor and the immediate scale-d.
static Value registerAWgmma(OpBuilder &b, Location loc,
                            const cute::MmaAtom &atom, Type accType,
                            ValueRange acc, ValueRange aRegs, Value descB) {
  MLIRContext *ctx = b.getContext();
  int64_t nd = acc.size();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\n.reg .pred p;\nsetp.ne.b32 p, $" << 2 * nd + aRegs.size() + 1
     << ", 0;\nwgmma.mma_async.sync.aligned.m64n"
     << atom.shapeMNK.mode(1).value().value() << "k"
     << atom.shapeMNK.mode(2).value().value() << "." << atom.typeD << "."
     << atom.typeA << "." << atom.typeB << " {";
  for (int64_t i = 0; i < nd; ++i)
    os << (i ? ", $" : "$") << i;
  os << "}, {";
  for (size_t i = 0; i < aRegs.size(); ++i)
    os << (i ? ", $" : "$") << 2 * nd + i;
  os << "}, $" << 2 * nd + aRegs.size() << ", p";
  // The immediate scales of A and B (1: not negated) exist for the float
  // forms, and B's transpose for the 16-bit ones.
  bool integer = atom.typeD == "s32";
  bool sixteen = atom.typeA == "f16" || atom.typeA == "bf16";
  if (!integer)
    os << ", 1, 1";
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
  for (size_t i = 0; i < aRegs.size(); ++i)
    cs << "r,";
  cs << "l,n";

  SmallVector<Value> operands(acc);
  operands.append(aRegs.begin(), aRegs.end());
  operands.push_back(descB);
  operands.push_back(LLVM::ConstantOp::create(b, loc, b.getI32Type(), 1));
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

FailureOr<SmallVector<Value>> MmaAtomAttr::buildWgmma(OpBuilder &b,
                                                      Location loc,
                                                      ValueRange a, Value descB,
                                                      ValueRange c) const {
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
  Value d;
  if (registersA) {
    SmallVector<Value> aRegs = asI32(b, loc, pack(b, loc, a, *fa));
    d = registerAWgmma(b, loc, atom, acc.front().getType(), acc, aRegs, descB);
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
    d = NVVM::WgmmaMmaAsyncOp::create(b, loc, structType, in, a.front(), descB,
                                      NVVM::MMAShapeAttr::get(ctx, m, n, k),
                                      *ta, *tb, *td, NVVM::WGMMAScaleOut::one,
                                      NVVM::WGMMAScaleIn::one,
                                      NVVM::WGMMAScaleIn::one, layoutA, layoutB,
                                      /*satfinite=*/NVVM::MMAIntOverflowAttr());
  }
  return unpack(b, loc, d, *fd);
}
