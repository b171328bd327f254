//===- PipelineLowering.h - Pipelines to mbarrier ops -----------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_PIPELINELOWERING_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_PIPELINELOWERING_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace cute {

/// Lower the cute_nvgpu pipeline ops under `root` to cute_nvgpu mbarrier
/// ops and TMA copies on mbarriers; pipeline states become `i32`s, through
/// the scf ops that carry them.
LogicalResult lowerPipelines(Operation *root);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_PIPELINELOWERING_H
