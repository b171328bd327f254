//===- CuteToPTXPipeline.cpp - cute IR to a gpu.binary --------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Conversion/Passes.h"
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"

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

/// Fails at once, naming the chip: NVVM's target verifier crashes on a chip
/// it cannot read (an empty one) instead of reporting it, and the pipeline's
/// builder itself cannot fail.
struct RejectChipPass
    : public PassWrapper<RejectChipPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RejectChipPass)

  explicit RejectChipPass(std::string chip) : chip(std::move(chip)) {}
  StringRef getArgument() const override { return "cute-reject-chip"; }

  void runOnOperation() override {
    getOperation().emitError()
        << "chip '" << chip << "' is not a chip name: sm_ and its number, "
        << "with an 'a' or 'f' suffix or none (sm_80, sm_90a)";
    signalPassFailure();
  }

  std::string chip;
};

/// sm_<digits>, then an optional `a` or `f`: what NVVM's target reads.
bool isChipName(StringRef chip) {
  if (!chip.consume_front("sm_"))
    return false;
  if (chip.ends_with("a") || chip.ends_with("f"))
    chip = chip.drop_back();
  return !chip.empty() && llvm::all_of(chip, llvm::isDigit);
}

} // namespace

void cute::buildCuteToPTXPipeline(OpPassManager &pm,
                                  const CuteToPTXOptions &options) {
  if (!isChipName(options.chip)) {
    pm.addPass(std::make_unique<RejectChipPass>(options.chip));
    return;
  }
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  // Cute values at function, kernel and loop boundaries travel as parts.
  pm.addPass(cute::createCuteDecomposeBoundariesPass());
  pm.addPass(createGpuNVVMAttachTarget(target));
  // Launches the GPU would refuse fail here, located, not at run time.
  pm.addPass(cute::createCuteNVGPUCheckLaunchesPass());
  pm.addPass(cute::createConvertCuteNVGPUToNVVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSCFToControlFlowPass());
  OpPassManager &gpuModule = pm.nest<gpu::GPUModuleOp>();
  gpuModule.addPass(createConvertGpuOpsToNVVMOps());
  gpuModule.addPass(createConvertNVVMToLLVMPass());
  gpuModule.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void cute::buildGPUHostToLLVMPipeline(OpPassManager &pm) {
  // gpu-to-llvm lowers memcpy, memset and alloc only in their async forms.
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
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
