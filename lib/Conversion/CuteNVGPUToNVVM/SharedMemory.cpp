//===- SharedMemory.cpp - What a kernel's shared memory needs -------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Conversion/SharedMemory.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace {

/// The bytes of a statically shaped workgroup memref; nullopt for any other
/// type, INT64_MAX past 64 bits.
std::optional<int64_t> workgroupBytes(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !memref.hasStaticShape())
    return std::nullopt;
  // #gpu.address_space<workgroup>, or NVVM's shared space by number.
  auto space = dyn_cast_or_null<IntegerAttr>(memref.getMemorySpace());
  if (!gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(memref) &&
      !(space &&
        space.getInt() == static_cast<int64_t>(NVVM::NVVMMemorySpace::Shared)))
    return std::nullopt;
  Type element = memref.getElementType();
  int64_t bits;
  if (auto vector = dyn_cast<VectorType>(element)) {
    if (!vector.hasStaticShape() || !vector.getElementType().isIntOrFloat())
      return std::nullopt;
    bits = vector.getNumElements() *
           vector.getElementType().getIntOrFloatBitWidth();
  } else if (element.isIntOrFloat()) {
    bits = element.getIntOrFloatBitWidth();
  } else {
    return std::nullopt;
  }
  int64_t total;
  if (__builtin_mul_overflow(memref.getNumElements(), bits, &total))
    return INT64_MAX;
  return (total + 7) / 8;
}

/// Adds without overflowing: INT64_MAX stands for "too many to count".
int64_t saturatingAdd(int64_t a, int64_t b) {
  int64_t sum;
  return __builtin_add_overflow(a, b, &sum) ? INT64_MAX : sum;
}

} // namespace

int64_t cute::staticSharedBytes(gpu::GPUFuncOp kernel) {
  int64_t total = 0;
  auto add = [&](std::optional<int64_t> bytes) {
    if (bytes)
      total = saturatingAdd(total, *bytes);
  };
  for (BlockArgument attribution : kernel.getWorkgroupAttributions())
    add(workgroupBytes(attribution.getType()));
  llvm::SmallPtrSet<Operation *, 4> globals;
  kernel.walk([&](memref::GetGlobalOp use) {
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        use, use.getNameAttr());
    if (global && globals.insert(global).second)
      add(workgroupBytes(global.getType()));
  });
  return total;
}

std::optional<int64_t> cute::dynamicSharedBytes(gpu::GPUFuncOp kernel) {
  int64_t end = 0;
  WalkResult result = kernel.walk([&](gpu::DynamicSharedMemoryOp base) {
    for (Operation *user : base->getUsers()) {
      auto view = dyn_cast<memref::ViewOp>(user);
      APInt shift;
      std::optional<int64_t> bytes =
          view ? workgroupBytes(view.getType()) : std::nullopt;
      if (!bytes || view.getSource() != base.getResult() ||
          !matchPattern(view.getByteShift(), m_ConstantInt(&shift)) ||
          shift.isNegative())
        return WalkResult::interrupt();
      end = std::max(end, saturatingAdd(shift.getSExtValue(), *bytes));
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return std::nullopt;
  return end;
}
