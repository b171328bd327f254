//===- TmaLowering.h - TMA descriptors, TMA copies and mbarriers -*- C++
//-*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_TMALOWERING_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_TMALOWERING_H

#include "cute-mlir/Dialect/Cute/Transforms/LayoutTracer.h"

namespace mlir {
namespace cute {

/// Lower every cute_nvgpu.make_tma_descriptor (host: a runtime call),
/// tma_copy (cp.async.bulk.tensor) and mbarrier op (nvvm.mbarrier.*) under
/// `root`, before the cute values they use are erased.
LogicalResult lowerTmaOps(Operation *root, LayoutTracer &tracer);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_TMALOWERING_H
