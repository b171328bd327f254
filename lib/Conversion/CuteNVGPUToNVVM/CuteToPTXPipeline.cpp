//===- CuteToPTXPipeline.cpp - cute IR to a gpu.binary --------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Conversion/Passes.h"

#include "KernelParameterCheck.h"
#include "PipelineInputChecks.h"
#include "TargetCheck.h"

#include "cute-mlir/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {

struct CuteToPTXPipelineOptions
    : public PassPipelineOptions<CuteToPTXPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("the target chip, e.g. sm_80 or sm_90a"),
      llvm::cl::init("sm_80")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features, e.g. +ptx80 (empty: the chip's minimum)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("isa (PTX text), bin (cubin, through ptxas) or fatbin"),
      llvm::cl::init("isa")};
  PassOptions::Option<unsigned> optLevel{
      *this, "O", llvm::cl::desc("LLVM optimisation level"), llvm::cl::init(3)};

  cute::CuteToPTXOptions get() const {
    return {chip, features, format, optLevel};
  }
};

/// Fails at once with `message`: the pipeline's builder cannot fail, and
/// NVVM's target verifier and LLVM's NVPTX backend crash or exit on a target
/// they cannot use (an empty chip, a PTX ISA older than the chip) instead of
/// reporting it.
struct RejectTargetPass
    : public PassWrapper<RejectTargetPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RejectTargetPass)

  explicit RejectTargetPass(std::string message)
      : message(std::move(message)) {}
  StringRef getArgument() const override { return "cute-reject-target"; }

  void runOnOperation() override {
    getOperation().emitError() << message;
    signalPassFailure();
  }

  std::string message;
};

/// A gpu.module of the pipeline has NVVM targets only: the kernels are
/// lowered to NVVM for PTX, and gpu-module-to-binary would hand them to
/// every target's backend, where AMDGPU aborts on NVPTX's kernel calling
/// convention ("unsupported calling convention").
struct RequireNVVMTargetsPass
    : public PassWrapper<RequireNVVMTargetsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RequireNVVMTargetsPass)

  StringRef getArgument() const override { return "cute-require-nvvm-targets"; }

  void runOnOperation() override {
    WalkResult result = getOperation().walk([](gpu::GPUModuleOp module) {
      std::optional<ArrayAttr> targets = module.getTargets();
      if (!targets)
        return WalkResult::advance();
      for (Attribute target : *targets) {
        if (isa<NVVM::NVVMTargetAttr>(target))
          continue;
        module.emitOpError()
            << "target " << target
            << " is not an #nvvm.target: cute-to-ptx compiles gpu.modules "
               "for NVIDIA GPUs only";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    // A check changes nothing, so the pass manager need not verify again.
    markAllAnalysesPreserved();
  }
};

} // namespace

void cute::buildCuteToPTXPipeline(OpPassManager &pm,
                                  const CuteToPTXOptions &options) {
  std::string error = cute::targetOptionsError(options);
  if (!error.empty()) {
    pm.addPass(std::make_unique<RejectTargetPass>(std::move(error)));
    return;
  }
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  pm.addPass(std::make_unique<RequireNVVMTargetsPass>());
  pm.addPass(cute::createRequireDeviceOpsInKernelsPass());
  pm.addPass(cute::createRejectUnlowerableTypesPass());
  pm.addPass(cute::createCuteSpecializeKernelsPass());
  pm.addPass(createGpuNVVMAttachTarget(target));
  // Launches the GPU would refuse fail here, located, not at run time, and
  // before the boundaries are decomposed, so that errors number arguments
  // as the user wrote them.
  pm.addPass(cute::createCuteNVGPUCheckLaunchesPass());
  // Cute values at function, kernel and loop boundaries travel as parts.
  pm.addPass(cute::createCuteDecomposeBoundariesPass());
  pm.addPass(cute::createConvertCuteNVGPUToNVVMPass());
  // The conversion to NVVM lowers memref.subview, expand_shape and
  // collapse_shape only once they are a reinterpret_cast of their source's
  // metadata (with affine index arithmetic); without this a kernel's
  // subview failed in the translation to LLVM IR, unlocated.
  OpPassManager &metadata = pm.nest<gpu::GPUModuleOp>();
  metadata.addPass(memref::createExpandStridedMetadataPass());
  metadata.addPass(createLowerAffinePass());
  // The lowering writes each unrolled fragment element's index arithmetic
  // out anew: CSE first leaves the canonicalizer a third as many ops to fold.
  // These run on each host function and on each op of each gpu.module,
  // the kernels in parallel on the context's threads.
  auto simplify = [](OpPassManager &functions) {
    functions.addPass(createCSEPass());
    functions.addPass(createCanonicalizerPass());
    functions.addPass(createCSEPass());
  };
  simplify(pm.nest<func::FuncOp>());
  simplify(pm.nest<gpu::GPUModuleOp>().nestAny());
  pm.addPass(createSCFToControlFlowPass());
  OpPassManager &gpuModule = pm.nest<gpu::GPUModuleOp>();
  gpuModule.addPass(createConvertGpuOpsToNVVMOps());
  gpuModule.addPass(createConvertNVVMToLLVMPass());
  gpuModule.addPass(createReconcileUnrealizedCastsPass());
  // ptxas, not the pipeline, would reject a kernel's oversized parameters.
  gpuModule.addPass(cute::createCheckKernelParametersPass());
  cute::CuteGpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  pm.addPass(cute::createCuteGpuModuleToBinaryPass(binary));
}

void cute::buildGPUHostToLLVMPipeline(OpPassManager &pm) {
  pm.addPass(cute::createRequireHostMemorySpacesPass());
  // gpu-to-llvm lowers memcpy, memset and alloc only in their async forms.
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(cute::createRequireLLVMHostCodePass());
}

void mlir::cute::registerCuteToPTXPipeline() {
  PassPipelineRegistration<CuteToPTXPipelineOptions>(
      "cute-to-ptx",
      "Lower cute and cute_nvgpu IR in gpu.modules to a gpu.binary (PTX "
      "with format=isa)",
      [](OpPassManager &pm, const CuteToPTXPipelineOptions &options) {
        buildCuteToPTXPipeline(pm, options.get());
      });
  PassPipelineRegistration<CuteToPTXPipelineOptions>(
      "cute-to-llvm",
      "cute-to-ptx, then the host code to the LLVM dialect with calls to the "
      "mgpu* runtime: a module cute-run or mlir-runner can execute",
      [](OpPassManager &pm, const CuteToPTXPipelineOptions &options) {
        buildCuteToPTXPipeline(pm, options.get());
        buildGPUHostToLLVMPipeline(pm);
      });
}
