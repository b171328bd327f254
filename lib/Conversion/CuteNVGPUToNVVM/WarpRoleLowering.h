//===- WarpRoleLowering.h - Warp roles to branches --------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_WARPROLELOWERING_H
#define CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_WARPROLELOWERING_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace cute {

/// Lower every cute_nvgpu.warp_specialize under `root` to a branch on the
/// thread's warpgroup, each side starting with its setmaxnreg.
void lowerWarpRoles(Operation *root);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LIB_CONVERSION_CUTENVGPUTONVVM_WARPROLELOWERING_H
