//===- PipelineInputChecks.h - What cute-to-ptx cannot lower ----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Checks that the cute-to-ptx and host pipelines run around the upstream
// conversions, which on these inputs crash, abort in LLVM's backend, or
// report an unlocated error and succeed: each reports a located error and
// fails the pipeline instead.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_PIPELINEINPUTCHECKS_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_PIPELINEINPUTCHECKS_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace cute {

/// Device-only cute_nvgpu ops (mbarriers, TMA, warp roles, SM-specific
/// atoms...) outside a gpu.module or gpu.launch body.
std::unique_ptr<Pass> createRequireDeviceOpsInKernelsPass();

/// Types in a gpu.module that NVPTX cannot compile: scalable vectors, and
/// tf32, which LLVM has no type for.
std::unique_ptr<Pass> createRejectUnlowerableTypesPass();

/// Host code's memrefs in a non-integer memory space (a GPU's), which the
/// host lowering reports unlocated and leaves half lowered.
std::unique_ptr<Pass> createRequireHostMemorySpacesPass();

/// Host code that is not LLVM ops, gpu.launch_func and gpu.binary after the
/// host lowering: what the conversions left behind.
std::unique_ptr<Pass> createRequireLLVMHostCodePass();

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_PIPELINEINPUTCHECKS_H
