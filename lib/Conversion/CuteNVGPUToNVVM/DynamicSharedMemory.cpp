//===- DynamicSharedMemory.cpp - gpu.dynamic_shared_memory for TMA --------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Upstream lowers gpu.dynamic_shared_memory to an internal zero-sized global,
// which the NVPTX backend demotes to a one-byte static variable (and ptxas
// then counts static shared memory), aligned to 16 bytes. TMA's 128-byte
// swizzle and wgmma's descriptors need 1024-byte alignment, so each use
// becomes a memref over an `.extern .shared .align 1024` array instead.
//
//===----------------------------------------------------------------------===//

#include "DynamicSharedMemory.h"

#include "Pointers.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

static constexpr StringLiteral kSymbol = "__cute_dynamic_smem";
static constexpr int64_t kAlignment = 1024;
/// The memref's extent: the launch decides the real size, up to 227 KiB.
static constexpr int64_t kMaxBytes = cute_nvgpu::kMaxSharedMemoryBytes;

LogicalResult cute::lowerDynamicSharedMemory(Operation *root) {
  SmallVector<gpu::DynamicSharedMemoryOp> uses;
  root->walk([&](gpu::DynamicSharedMemoryOp op) { uses.push_back(op); });
  for (gpu::DynamicSharedMemoryOp op : uses) {
    auto module = op->getParentOfType<gpu::GPUModuleOp>();
    if (!module)
      return op.emitOpError() << "expected to be inside a gpu.module";
    MLIRContext *ctx = op.getContext();
    auto shared = unsigned(NVVM::NVVMMemorySpace::Shared);
    auto array = LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), 0);
    if (!module.lookupSymbol(kSymbol)) {
      OpBuilder b(module.getBodyRegion());
      LLVM::GlobalOp::create(b, op.getLoc(), array, /*isConstant=*/false,
                             LLVM::Linkage::External, kSymbol, Attribute(),
                             kAlignment, shared);
    }
    OpBuilder b(op);
    Location loc = op.getLoc();
    auto ptrType = LLVM::LLVMPointerType::get(ctx, shared);
    Type i64 = b.getI64Type();
    auto descriptorType = oneDimMemRefDescriptor(ctx, shared);
    Value base = LLVM::AddressOfOp::create(b, loc, ptrType, kSymbol);
    auto constant = [&](int64_t v) -> Value {
      return LLVM::ConstantOp::create(b, loc, i64, v);
    };
    Value descriptor = LLVM::PoisonOp::create(b, loc, descriptorType);
    descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, base,
                                             ArrayRef<int64_t>{0});
    descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, base,
                                             ArrayRef<int64_t>{1});
    descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, constant(0),
                                             ArrayRef<int64_t>{2});
    descriptor = LLVM::InsertValueOp::create(
        b, loc, descriptor, constant(kMaxBytes), ArrayRef<int64_t>{3, 0});
    descriptor = LLVM::InsertValueOp::create(b, loc, descriptor, constant(1),
                                             ArrayRef<int64_t>{4, 0});
    Value memref =
        UnrealizedConversionCastOp::create(b, loc, op.getType(), descriptor)
            .getResult(0);
    op.replaceAllUsesWith(memref);
    op.erase();
  }
  return success();
}
