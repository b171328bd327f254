//===- KernelParameterCheck.cpp - kernel parameters within PTX's limit ----===//
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

struct CheckKernelParametersPass
    : public PassWrapper<CheckKernelParametersPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckKernelParametersPass)

  StringRef getArgument() const override {
    return "cute-check-kernel-parameters";
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    SmallVector<NVVM::NVVMTargetAttr> targets =
        cute_nvgpu::nvvmTargetsOf(module);
    int ptxIsa = targets.empty() ? 0 : cute_nvgpu::ptxIsaOf(targets.front());
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
