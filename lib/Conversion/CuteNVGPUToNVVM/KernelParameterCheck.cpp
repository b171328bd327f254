//===- KernelParameterCheck.cpp - kernel parameters within PTX's limit ----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "KernelParameterCheck.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {

/// The PTX ISA version the module's NVVM target emits: the highest
/// `+ptxNN` of its features, else the first that has its chip (what LLVM's
/// NVPTX backend picks); 0 without an NVVM target.
int ptxIsaOf(gpu::GPUModuleOp module) {
  ArrayAttr targets = module.getTargetsAttr();
  for (Attribute attribute :
       targets ? targets.getValue() : ArrayRef<Attribute>()) {
    auto target = dyn_cast<NVVM::NVVMTargetAttr>(attribute);
    if (!target)
      continue;
    int version = cute_nvgpu::firstPtxIsaOf(target.getChip()).value_or(0);
    SmallVector<StringRef> features;
    target.getFeatures().split(features, ',');
    for (StringRef feature : features) {
      int requested = 0;
      StringRef flag = feature.trim();
      if (flag.consume_front("+ptx") && !flag.getAsInteger(10, requested))
        version = std::max(version, requested);
    }
    return version;
  }
  return 0;
}

struct CheckKernelParametersPass
    : public PassWrapper<CheckKernelParametersPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckKernelParametersPass)

  StringRef getArgument() const override {
    return "cute-check-kernel-parameters";
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    int ptxIsa = ptxIsaOf(module);
    uint64_t limit = ptxIsa >= 81 ? 32764 : 4352;
    DataLayout layout(module);
    module.walk([&](LLVM::LLVMFuncOp func) {
      if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
        return;
      // Parameters lie at their types' alignment, as PTX lays them out; a
      // byval pointer passes the object it points to.
      uint64_t bytes = 0;
      for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
        Type type = func.getArgumentTypes()[i];
        if (auto byval = func.getArgAttrOfType<TypeAttr>(
                i, LLVM::LLVMDialect::getByValAttrName()))
          type = byval.getValue();
        bytes = llvm::alignTo(bytes, layout.getTypeABIAlignment(type));
        bytes += layout.getTypeSize(type).getFixedValue();
      }
      if (bytes <= limit)
        return;
      InFlightDiagnostic diag =
          func.emitError() << "kernel @" << func.getSymName() << " takes "
                           << bytes << " bytes of parameters, more than the "
                           << limit << " PTX allows";
      if (limit < 32764)
        diag << " before PTX ISA 8.1 (features=+ptx81 or newer allows 32764)";
      diag << "; pass large data in memory";
      signalPassFailure();
    });
  }
};

} // namespace

std::unique_ptr<Pass> cute::createCheckKernelParametersPass() {
  return std::make_unique<CheckKernelParametersPass>();
}
