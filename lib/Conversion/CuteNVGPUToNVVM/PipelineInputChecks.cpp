//===- PipelineInputChecks.cpp - What cute-to-ptx cannot lower ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "PipelineInputChecks.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace {

/// Whether `op` runs on the GPU only: mbarriers, TMA, named barriers, warp
/// roles, tensor-core and other SM-specific atoms, a CTA's place in its
/// cluster. Universal atoms, the stream-K schedule and tile coordinates
/// without a cluster run on the host too.
bool isDeviceOnly(Operation *op) {
  using namespace cute_nvgpu;
  if (isa<TmaCopyOp, BulkCopyOp, MbarrierInitOp, MbarrierArriveOp,
          MbarrierWaitOp, PipelineCreateOp, PipelineProducerAcquireOp,
          PipelineProducerTailOp, PipelineConsumerWaitOp,
          PipelineConsumerReleaseOp, EpilogueStoreOp, EpilogueStoreTailOp,
          StreamKFixupOp, StreamKFixupWaitOp, WarpSpecializeOp>(op))
    return true;
  if (auto coord = dyn_cast<TileCoordOp>(op))
    return coord.getCluster().has_value();
  if (auto gemm = dyn_cast<GemmOp>(op))
    return gemm.getTiledMma().getMmaAtom().getTraits().arch != 0;
  if (auto copy = dyn_cast<CopyOp>(op))
    return copy.getCopyAtom() && copy.getCopyAtom().getTraits().arch != 0;
  return false;
}

/// The first op under `root` (in pre-order, not entering the ops `skip`
/// names) that `check` rejects, reporting it, fails the check.
LogicalResult checkEachOp(Operation *root, function_ref<bool(Operation *)> skip,
                          function_ref<LogicalResult(Operation *)> check) {
  WalkResult result = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (skip(op))
      return WalkResult::skip();
    return failed(check(op)) ? WalkResult::interrupt() : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

bool isKernelCode(Operation *op) {
  return isa<gpu::GPUModuleOp, gpu::LaunchOp>(op);
}

/// A pass that checks a module (`Derived::check`) and changes nothing.
template <typename Derived>
struct ModuleCheckPass : PassWrapper<Derived, OperationPass<ModuleOp>> {
  void runOnOperation() override {
    if (failed(static_cast<Derived *>(this)->check(this->getOperation())))
      return this->signalPassFailure();
    this->markAllAnalysesPreserved();
  }
};

/// Device-only ops are in GPU code: the lowering would turn one in host
/// code into thread indices and barriers that the host cannot run, and exit
/// with success.
struct RequireDeviceOpsInKernelsPass
    : ModuleCheckPass<RequireDeviceOpsInKernelsPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RequireDeviceOpsInKernelsPass)

  StringRef getArgument() const override {
    return "cute-require-device-ops-in-kernels";
  }

  LogicalResult check(ModuleOp module) {
    auto inKernels = [](Operation *op) -> LogicalResult {
      if (!isDeviceOnly(op))
        return success();
      return op->emitOpError() << "is a device op and must be inside a GPU "
                                  "kernel (a gpu.func of a gpu.module), not "
                                  "in host code";
    };
    return checkEachOp(module, isKernelCode, inKernels);
  }
};

/// The types `op` names: its results', its blocks' arguments' and those in
/// its attributes (a function's type, a global's), with the types in them.
SmallVector<Type> typesOf(Operation *op) {
  SmallVector<Type> types;
  auto add = [&](Type type) {
    type.walk([&](Type inner) { types.push_back(inner); });
  };
  llvm::for_each(op->getResultTypes(), add);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      llvm::for_each(block.getArgumentTypes(), add);
  op->getAttrDictionary().walk([&](Type type) { types.push_back(type); });
  return types;
}

/// Types GPU code cannot be compiled with. NVPTX has no scalable vectors:
/// LLVM's backend aborts on one ("Cannot implicitly convert a scalable size
/// to a fixed-width size"). LLVM has no tf32 type: the conversion to NVVM
/// reported only that it failed to legalize the op (a kernel, for a tf32
/// memref argument).
struct RejectUnlowerableTypesPass
    : ModuleCheckPass<RejectUnlowerableTypesPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RejectUnlowerableTypesPass)

  StringRef getArgument() const override {
    return "cute-reject-unlowerable-types";
  }

  static LogicalResult checkTypes(Operation *op) {
    for (Type type : typesOf(op)) {
      auto vector = dyn_cast<VectorType>(type);
      if (vector && vector.isScalable())
        return op->emitOpError()
               << "has the scalable vector type " << vector
               << ", which NVPTX cannot compile: GPU code takes fixed-size "
                  "vectors only";
      if (isa<FloatTF32Type>(type))
        return op->emitOpError()
               << "has the element type tf32, which has no LLVM type: GPU "
                  "code holds tf32 values as f32 (the tensor cores read "
                  "their tf32 bits)";
    }
    return success();
  }

  LogicalResult check(ModuleOp module) {
    for (auto kernels : module.getOps<gpu::GPUModuleOp>())
      if (failed(checkEachOp(
              kernels, [](Operation *) { return false; }, checkTypes)))
        return failure();
    return success();
  }
};

/// Memory spaces of the GPU's (#gpu.address_space<workgroup>, say) have no
/// meaning in host code: gpu-to-llvm and convert-to-llvm report such a
/// memref unlocated and go on, leaving the module half lowered.
struct RequireHostMemorySpacesPass
    : ModuleCheckPass<RequireHostMemorySpacesPass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RequireHostMemorySpacesPass)

  StringRef getArgument() const override {
    return "cute-require-host-memory-spaces";
  }

  LogicalResult check(ModuleOp module) {
    return checkEachOp(
        module, llvm::IsaPred<gpu::GPUModuleOp>,
        [](Operation *op) -> LogicalResult {
          for (Type type : typesOf(op)) {
            auto memref = dyn_cast<BaseMemRefType>(type);
            Attribute space = memref ? memref.getMemorySpace() : Attribute();
            if (space && !isa<IntegerAttr>(space))
              return op->emitOpError()
                     << "has a memref in memory space " << space
                     << ", which host code cannot lower: memrefs on the host "
                        "have no memory space or an integer one";
          }
          return success();
        });
  }
};

/// After the host lowering, host code is LLVM ops, gpu.launch_func (with
/// LLVM operands) and gpu.binary: what the conversions left behind (and any
/// error they reported without failing) stops the pipeline here, not in
/// the JIT.
struct RequireLLVMHostCodePass : ModuleCheckPass<RequireLLVMHostCodePass> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RequireLLVMHostCodePass)

  StringRef getArgument() const override {
    return "cute-require-llvm-host-code";
  }

  LogicalResult check(ModuleOp module) {
    return checkEachOp(
        module, [](Operation *) { return false; },
        [](Operation *op) -> LogicalResult {
          if (isa<ModuleOp, gpu::LaunchFuncOp, gpu::BinaryOp>(op) ||
              isa_and_present<LLVM::LLVMDialect>(op->getDialect()))
            return success();
          return op->emitOpError()
                 << "was not lowered to the LLVM dialect: host "
                    "code must lower to LLVM ops, "
                    "gpu.launch_func and gpu.binary";
        });
  }
};

} // namespace

std::unique_ptr<Pass> cute::createRequireDeviceOpsInKernelsPass() {
  return std::make_unique<RequireDeviceOpsInKernelsPass>();
}

std::unique_ptr<Pass> cute::createRejectUnlowerableTypesPass() {
  return std::make_unique<RejectUnlowerableTypesPass>();
}

std::unique_ptr<Pass> cute::createRequireHostMemorySpacesPass() {
  return std::make_unique<RequireHostMemorySpacesPass>();
}

std::unique_ptr<Pass> cute::createRequireLLVMHostCodePass() {
  return std::make_unique<RequireLLVMHostCodePass>();
}
