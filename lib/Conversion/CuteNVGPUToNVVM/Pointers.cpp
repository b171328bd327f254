//===- Pointers.cpp - LLVM pointers into memrefs --------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "Pointers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

unsigned cute::addressSpaceOf(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (auto i = dyn_cast_or_null<IntegerAttr>(space))
    return i.getInt();
  if (auto gpu = dyn_cast_or_null<gpu::AddressSpaceAttr>(space)) {
    switch (gpu.getValue()) {
    case gpu::AddressSpace::Global:
      return unsigned(NVVM::NVVMMemorySpace::Global);
    case gpu::AddressSpace::Workgroup:
      return unsigned(NVVM::NVVMMemorySpace::Shared);
    case gpu::AddressSpace::Private:
      return 0;
    }
  }
  return 0;
}

unsigned cute::addressSpaceFor(StringRef memory) {
  if (memory == "smem")
    return unsigned(NVVM::NVVMMemorySpace::Shared);
  if (memory == "gmem")
    return unsigned(NVVM::NVVMMemorySpace::Global);
  return 0;
}

LLVM::LLVMStructType cute::oneDimMemRefDescriptor(MLIRContext *ctx,
                                                  unsigned space) {
  auto ptr = LLVM::LLVMPointerType::get(ctx, space);
  auto i64 = IntegerType::get(ctx, 64);
  auto array = LLVM::LLVMArrayType::get(i64, 1);
  return LLVM::LLVMStructType::getLiteral(ctx, {ptr, ptr, i64, array, array});
}

FailureOr<Value> cute::pointerIntoMemref(OpBuilder &b, Operation *op,
                                         Value memref, Value index,
                                         unsigned want) {
  Location loc = op->getLoc();
  auto type = cast<MemRefType>(memref.getType());
  if (type.getRank() != 1)
    return op->emitOpError() << "expected the tensor's storage to be a 1-D "
                             << "memref, got " << type;
  MLIRContext *ctx = b.getContext();
  unsigned space = addressSpaceOf(type);
  auto ptrType = LLVM::LLVMPointerType::get(ctx, space);
  Type i64 = b.getI64Type();
  Value desc = UnrealizedConversionCastOp::create(
                   b, loc, oneDimMemRefDescriptor(ctx, space), memref)
                   .getResult(0);
  Value base = LLVM::ExtractValueOp::create(b, loc, desc, 1);
  Value offset = LLVM::ExtractValueOp::create(b, loc, desc, 2);
  Value i = arith::IndexCastOp::create(b, loc, i64, index);
  Value at = LLVM::AddOp::create(b, loc, offset, i);
  Type element = type.getElementType();
  if (!LLVM::isCompatibleType(element))
    element = b.getIntegerType(element.getIntOrFloatBitWidth());
  Value ptr = LLVM::GEPOp::create(b, loc, ptrType, element, base,
                                  ArrayRef<LLVM::GEPArg>{at});
  if (want != space)
    ptr = LLVM::AddrSpaceCastOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, want), ptr);
  return ptr;
}

FailureOr<Value> mlir::cute::mbarrierPointer(OpBuilder &b, Operation *op,
                                             Value barriers, Value index) {
  return pointerIntoMemref(b, op, barriers, index,
                           unsigned(NVVM::NVVMMemorySpace::Shared));
}
