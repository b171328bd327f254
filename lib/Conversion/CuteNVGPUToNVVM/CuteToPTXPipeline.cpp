//===- CuteToPTXPipeline.cpp - cute IR to a gpu.binary --------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Conversion/Passes.h"
#include "cute-mlir/Dialect/Cute/Transforms/Passes.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"

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

#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTargetMC();

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

/// LLVM's NVPTX backend, as subtarget information: which chips it knows
/// and which `ptxNN` features it has; null if the target is not built.
const llvm::MCSubtargetInfo *nvptxInfo() {
  static std::unique_ptr<llvm::MCSubtargetInfo> info = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    llvm::Triple triple("nvptx64-nvidia-cuda");
    std::string error;
    const llvm::Target *target =
        llvm::TargetRegistry::lookupTarget(triple, error);
    return std::unique_ptr<llvm::MCSubtargetInfo>(
        target ? target->createMCSubtargetInfo(triple, "sm_80", "") : nullptr);
  }();
  return info.get();
}

/// The newest PTX ISA version LLVM's NVPTX backend can emit (90 for 9.0).
int newestPtxIsa(const llvm::MCSubtargetInfo &info) {
  int newest = 0;
  for (const llvm::SubtargetFeatureKV &feature :
       info.getAllProcessorFeatures()) {
    StringRef name = feature.Key;
    int version = 0;
    if (name.consume_front("ptx") && !name.getAsInteger(10, version))
      newest = std::max(newest, version);
  }
  return newest;
}

/// Why the options name no target NVVM can compile for, or "" if they do: a
/// chip LLVM's NVPTX backend does not know, a `+ptxNN` feature older than
/// the chip or newer than the backend, or a format gpu-module-to-binary does
/// not make.
std::string targetError(const cute::CuteToPTXOptions &options) {
  StringRef chip = options.chip;
  const llvm::MCSubtargetInfo *info = nvptxInfo();
  if (info && !info->isCPUStringValid(chip))
    return ("chip '" + chip +
            "' is not a chip LLVM's NVPTX backend knows (sm_80, sm_90a, ...)")
        .str();
  // LLVM exits the process on a PTX ISA older than the chip.
  std::optional<int> first = cute_nvgpu::firstPtxIsaOf(chip);
  int newest = info ? newestPtxIsa(*info) : 0;
  SmallVector<StringRef> features;
  StringRef(options.features).split(features, ',');
  for (StringRef feature : features) {
    int version = 0;
    StringRef flag = feature.trim();
    if (!flag.consume_front("+ptx") || flag.getAsInteger(10, version))
      continue;
    if (first && version < *first)
      return ("features '" + options.features + "' ask for PTX ISA " +
              Twine(version / 10) + "." + Twine(version % 10) +
              ", which has no " + chip + ": it needs +ptx" + Twine(*first) +
              " or newer")
          .str();
    if (newest && version > newest)
      return ("features '" + options.features + "' ask for PTX ISA " +
              Twine(version / 10) + "." + Twine(version % 10) +
              ", newer than LLVM's NVPTX backend emits (+ptx" + Twine(newest) +
              ")")
          .str();
  }
  if (!llvm::is_contained({"isa", "assembly", "bin", "binary", "fatbin",
                           "fatbinary", "offload", "offloading"},
                          StringRef(options.format)))
    return "format '" + options.format +
           "' is not a binary format: isa (PTX), bin (cubin) or fatbin";
  return "";
}

} // namespace

void cute::buildCuteToPTXPipeline(OpPassManager &pm,
                                  const CuteToPTXOptions &options) {
  std::string error = targetError(options);
  if (!error.empty()) {
    pm.addPass(std::make_unique<RejectTargetPass>(std::move(error)));
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
