//===- KernelParameterCheck.h - Kernel parameter space ----------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_KERNELPARAMETERCHECK_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_KERNELPARAMETERCHECK_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace cute {

/// A pass on gpu.modules lowered to the LLVM dialect: every kernel's
/// parameters fit the space PTX gives them (4352 bytes before PTX ISA 8.1,
/// 32764 from it), or a located error says how many bytes they take. ptxas
/// rejects the PTX otherwise, after the pipeline has succeeded.
std::unique_ptr<Pass> createCheckKernelParametersPass();

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_KERNELPARAMETERCHECK_H
