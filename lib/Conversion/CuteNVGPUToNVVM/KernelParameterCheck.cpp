//===- KernelParameterCheck.cpp - Kernel parameter space ------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "KernelParameterCheck.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/Targets.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {

/// Whether `type` has an `i0` anywhere: the data layout divides by its zero
/// alignment, and LLVM's backend cannot pass it.
bool containsZeroWidthInteger(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth() == 0;
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return containsZeroWidthInteger(array.getElementType());
  if (auto vector = dyn_cast<VectorType>(type))
    return containsZeroWidthInteger(vector.getElementType());
  if (auto structure = dyn_cast<LLVM::LLVMStructType>(type))
    return !structure.isOpaque() &&
           llvm::any_of(structure.getBody(), containsZeroWidthInteger);
  return false;
}

/// Whether `type` is an aggregate of no elements (`!llvm.struct<()>`,
/// `!llvm.array<0 x T>`), which LLVM's NVPTX backend refuses to pass with an
/// abort ("Empty parameter types are not supported").
bool isEmptyAggregate(Type type) {
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return array.getNumElements() == 0 ||
           isEmptyAggregate(array.getElementType());
  if (auto structure = dyn_cast<LLVM::LLVMStructType>(type))
    return !structure.isOpaque() &&
           llvm::all_of(structure.getBody(), isEmptyAggregate);
  return false;
}

/// Far past any parameter space: sizes above it need no exact value.
constexpr uint64_t kHugeBytes = uint64_t(1) << 32;

/// The bytes of a value of `type`, exact up to kHugeBytes and at least that
/// beyond (saturated at UINT64_MAX): the data layout multiplies and adds
/// without checking, so a `!llvm.array<9223372036854775808 x i64>`
/// parameter came out as 0 bytes and reached LLVM's backend, which aborts
/// on it.
uint64_t saturatingBytes(const DataLayout &layout, Type type) {
  auto repeat = [&](Type element, uint64_t count) {
    uint64_t stride = saturatingBytes(layout, element);
    if (stride <= kHugeBytes)
      stride = llvm::alignTo(stride, layout.getTypeABIAlignment(element));
    return llvm::SaturatingMultiply(stride, count);
  };
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return repeat(array.getElementType(), array.getNumElements());
  if (auto vector = dyn_cast<VectorType>(type);
      vector && vector.hasStaticShape() && !vector.isScalable())
    return repeat(vector.getElementType(), vector.getNumElements());
  if (auto structure = dyn_cast<LLVM::LLVMStructType>(type)) {
    // The fields without their padding: a lower bound, and past any limit
    // where the layout's own sum could wrap.
    uint64_t fields = 0;
    for (Type field : structure.getBody())
      fields = llvm::SaturatingAdd(fields, saturatingBytes(layout, field));
    if (fields > kHugeBytes)
      return fields;
  }
  llvm::TypeSize size = layout.getTypeSize(type);
  return size.isScalable() ? 0 : size.getFixedValue();
}

/// The parts of at most 64 bits LLVM's NVPTX backend splits a value of
/// `type` into to pass it (saturated at UINT64_MAX): each element of an
/// aggregate, each 64 bits of a wide integer, and it passes each separately.
uint64_t saturatingParts(Type type) {
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return llvm::SaturatingMultiply(saturatingParts(array.getElementType()),
                                    array.getNumElements());
  if (auto vector = dyn_cast<VectorType>(type);
      vector && vector.hasStaticShape() && !vector.isScalable())
    return llvm::SaturatingMultiply(saturatingParts(vector.getElementType()),
                                    uint64_t(vector.getNumElements()));
  if (auto structure = dyn_cast<LLVM::LLVMStructType>(type);
      structure && !structure.isOpaque()) {
    uint64_t count = 0;
    for (Type field : structure.getBody())
      count = llvm::SaturatingAdd(count, saturatingParts(field));
    return count;
  }
  if (auto integer = dyn_cast<IntegerType>(type))
    return std::max<uint64_t>(llvm::divideCeil(integer.getWidth(), 64), 1);
  return 1;
}

/// The most parts of a device function's parameter or result, twice a
/// kernel's whole parameter space in bytes: the backend takes tens of
/// milliseconds over 65536 of them, and took ten minutes and 24 GiB over
/// 2^31 (an array of `i3`); 2^25 (an array of `i4194304`) took it past the
/// fuzzer's time limit.
constexpr uint64_t kMaxParameterParts = 65536;

struct CheckKernelParametersPass
    : public PassWrapper<CheckKernelParametersPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckKernelParametersPass)

  StringRef getArgument() const override {
    return "cute-check-kernel-parameters";
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    // The module is compiled for each of its targets: the oldest PTX ISA
    // among them sets the limit.
    int ptxIsa = 0;
    for (NVVM::NVVMTargetAttr target : cute_nvgpu::nvvmTargetsOf(module)) {
      int version = cute_nvgpu::ptxIsaOf(target);
      ptxIsa = ptxIsa == 0 ? version : std::min(ptxIsa, version);
    }
    uint64_t limit = ptxIsa >= 81 ? 32764 : 4352;
    DataLayout layout(module);
    module.walk([&](LLVM::LLVMFuncOp func) {
      bool kernel = func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName());
      StringRef what = kernel ? "kernel" : "function";
      auto refuse = [&](Type type, const Twine &which) {
        // A device function's aggregate of more than 2^32 bytes: LLVM's size
        // arithmetic wraps (2^66 bytes came out as none and aborted the
        // backend as an empty type). A kernel's total is checked below.
        bool huge = !kernel &&
                    isa<LLVM::LLVMArrayType, LLVM::LLVMStructType>(type) &&
                    !containsZeroWidthInteger(type) &&
                    saturatingBytes(layout, type) > kHugeBytes;
        uint64_t parts = kernel || huge || containsZeroWidthInteger(type)
                             ? 0
                             : saturatingParts(type);
        if (parts > kMaxParameterParts) {
          // The backend's time and memory grow with the parts it passes.
          func.emitError() << what << " @" << func.getSymName() << " " << which
                           << " is of " << type
                           << ", which LLVM's NVPTX backend passes as " << parts
                           << " parts of at most 64 bits, more than "
                           << "the " << kMaxParameterParts
                           << " a device function may take by value; pass "
                              "large data in memory";
          signalPassFailure();
          return true;
        }
        if (!huge && !containsZeroWidthInteger(type) && !isEmptyAggregate(type))
          return false;
        func.emitError() << what << " @" << func.getSymName() << " " << which
                         << " is of " << type << ", which "
                         << (huge ? "is more than 2^32 bytes"
                             : isEmptyAggregate(type)
                                 ? "holds no data"
                                 : "has a zero-width integer (i0)")
                         << ": PTX cannot pass it";
        signalPassFailure();
        return true;
      };
      // A device function's parameters and result pass through the same
      // backend code, which aborts on them alike.
      if (refuse(func.getFunctionType().getReturnType(), "result"))
        return;
      // Parameters lie at their types' alignment, as PTX lays them out; a
      // byval pointer passes the object it points to.
      uint64_t bytes = 0;
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
        Type type = func.getArgumentTypes()[i];
        if (auto byval = func.getArgAttrOfType<TypeAttr>(
                i, LLVM::LLVMDialect::getByValAttrName()))
          type = byval.getValue();
        if (refuse(type, "parameter " + Twine(i)))
          return;
        if (!kernel)
          continue;
        if (layout.getTypeSize(type).isScalable())
          continue; // Not a type a kernel can take; others report it.
        if (bytes <= kHugeBytes)
          bytes = llvm::alignTo(bytes, layout.getTypeABIAlignment(type));
        bytes = llvm::SaturatingAdd(bytes, saturatingBytes(layout, type));
      }
      if (!kernel || bytes <= limit)
        return;
      InFlightDiagnostic diag = func.emitError()
                                << "kernel @" << func.getSymName() << " takes ";
      if (bytes > kHugeBytes)
        diag << "more than 2^32";
      else
        diag << bytes;
      diag << " bytes of parameters, more than the " << limit << " PTX allows";
      if (limit < 32764)
        diag << " before PTX ISA 8.1 (features=+ptx81 or newer allows 32764)";
      diag << "; pass large data in memory";
      signalPassFailure();
    });
    // A check changes nothing, so the pass manager need not verify again.
    markAllAnalysesPreserved();
  }
};

} // namespace

std::unique_ptr<Pass> cute::createCheckKernelParametersPass() {
  return std::make_unique<CheckKernelParametersPass>();
}
