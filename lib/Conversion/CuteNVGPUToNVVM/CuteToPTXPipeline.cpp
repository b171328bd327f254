//===- CuteToPTXPipeline.cpp - cute IR to a gpu.binary --------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Conversion/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {

struct CuteToPTXOptions : public PassPipelineOptions<CuteToPTXOptions> {
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
};

void buildCuteToPTX(OpPassManager &pm, const CuteToPTXOptions &options) {
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
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

} // namespace

void mlir::cute::registerCuteToPTXPipeline() {
  PassPipelineRegistration<CuteToPTXOptions>(
      "cute-to-ptx",
      "Lower cute and cute_nvgpu IR in gpu.modules to a gpu.binary (PTX "
      "with format=isa)",
      buildCuteToPTX);
}
