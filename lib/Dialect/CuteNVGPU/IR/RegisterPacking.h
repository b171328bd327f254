//===- RegisterPacking.h - Atom values in 32-bit registers ------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// mma.sync and wgmma take a thread's values packed into registers: value v
// of a b16 operand in half v % 2 of register v / 2, four 8-bit values to a
// register, and so on, which is how CuTe numbers them. Internal to the
// atom emission files.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_DIALECT_CUTENVGPU_IR_REGISTERPACKING_H
#define CUTE_MLIR_LIB_DIALECT_CUTENVGPU_IR_REGISTERPACKING_H

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"

#include <optional>
#include <string>

namespace mlir {
namespace cute_nvgpu {

/// How a thread's values of one operand sit in registers.
struct RegisterForm {
  /// The type of one register operand of the NVVM op.
  Type registerType;
  /// Values per register.
  int64_t perRegister;
  /// The PTX multiplicand type NVVM needs spelled out, if any.
  std::optional<NVVM::MMATypes> ptxType;
};

/// The register form of a value type of the atom tables (`f16`, `tf32`,
/// `e4m3`, ...), or failure for a type with none.
FailureOr<RegisterForm> registerForm(MLIRContext *ctx, const std::string &type);

/// Pack `values` into registers of `form`.
SmallVector<Value> pack(OpBuilder &b, Location loc, ValueRange values,
                        const RegisterForm &form);

/// Unpack the registers of an NVVM result struct into values of `form`.
SmallVector<Value> unpack(OpBuilder &b, Location loc, Value result,
                          const RegisterForm &form);

/// `registers` as 32-bit integers (how inline assembly takes a `.b32`).
SmallVector<Value> asI32(OpBuilder &b, Location loc, ValueRange registers);

} // namespace cute_nvgpu
} // namespace mlir

#endif // CUTE_MLIR_LIB_DIALECT_CUTENVGPU_IR_REGISTERPACKING_H
