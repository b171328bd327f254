//===- RegisterPacking.cpp - Atom values in 32-bit registers --------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "RegisterPacking.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

FailureOr<RegisterForm> cute_nvgpu::registerForm(MLIRContext *ctx,
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

SmallVector<Value> cute_nvgpu::pack(OpBuilder &b, Location loc,
                                    ValueRange values,
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

SmallVector<Value> cute_nvgpu::unpack(OpBuilder &b, Location loc, Value result,
                                      const RegisterForm &form) {
  auto st = cast<LLVM::LLVMStructType>(result.getType());
  SmallVector<Value> values;
  for (size_t r = 0; r < st.getBody().size(); ++r) {
    Value reg = LLVM::ExtractValueOp::create(b, loc, result, r);
    if (reg.getType() != form.registerType) // packed values came as .b32
      reg = LLVM::BitcastOp::create(b, loc, form.registerType, reg);
    if (form.perRegister == 1) {
      values.push_back(reg);
      continue;
    }
    for (int64_t i = 0; i < form.perRegister; ++i)
      values.push_back(vector::ExtractOp::create(b, loc, reg, i));
  }
  return values;
}

SmallVector<Value> cute_nvgpu::asI32(OpBuilder &b, Location loc,
                                     ValueRange registers) {
  SmallVector<Value> out;
  Type i32 = b.getI32Type();
  for (Value r : registers)
    out.push_back(r.getType() == i32
                      ? r
                      : LLVM::BitcastOp::create(b, loc, i32, r).getResult());
  return out;
}
