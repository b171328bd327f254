//===- Verification.h - Checks the cute_nvgpu verifiers share ---*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LIB_DIALECT_CUTENVGPU_IR_VERIFICATION_H
#define CUTE_MLIR_LIB_DIALECT_CUTENVGPU_IR_VERIFICATION_H

#include "cute-mlir/Atom/TiledMma.h"
#include "cute-mlir/Dialect/Cute/IR/CuteTypes.h"
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h"
#include "cute-mlir/Layout/Layout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

namespace mlir {
namespace cute_nvgpu {

/// Does every NVVM target of the enclosing gpu.module have the atom: its
/// architecture, and the PTX ISA version it needs (`ptxIsa`, 84 for 8.4; 0
/// for the chip's default)? `archSpecific`: it exists only on
/// architecture-specific targets (sm_90a, sm_100a, ...), as setmaxnreg does.
LogicalResult checkTarget(Operation *op, const std::string &atom, int arch,
                          int ptxIsa = 0, bool archSpecific = false);

/// The tensor's layout, without its swizzle.
cute::Result<cute::Layout> innerLayoutOf(cute::TensorType type);

/// The first `vector` values of the `side` tensor's mode 0 must be contiguous,
/// and every other step a multiple of the vector, so that each vector starts
/// aligned to the copy's width (given an aligned base); an error naming
/// `atom` at `op` if not.
LogicalResult checkVectors(Operation *op, const char *side,
                           cute::TensorType type, int64_t vector,
                           const std::string &atom);

/// An mbarrier operand: a memref of 64-bit words in shared memory.
LogicalResult verifyMbarrierOperand(Operation *op, MemRefType type);

/// A `cluster [X, Y]` attribute: two extents, CTAs along M and N, of
/// 1 .. kMaxPortableClusterCtas CTAs in all.
LogicalResult verifyClusterShape(Operation *op, ArrayRef<int64_t> cluster);

/// The threads of `tiledMma` (whole warps of one block) synchronize on named
/// barrier `barrierId` (1..15); the TiledMMA, or an error at `op`.
FailureOr<cute::TiledMma> verifyNamedBarrierOfMma(Operation *op,
                                                  TiledMmaAttr tiledMma,
                                                  int64_t barrierId);

/// `acc` is a register fragment of the TiledMMA's accumulator type that fits
/// a thread's registers; its layout, or an error at `op`.
FailureOr<cute::Layout>
verifyAccumulatorFragment(Operation *op, TiledMmaAttr tiledMma, Value acc);

/// The CTAs along M and N of an optional `cluster [X, Y]` ({1, 1} without
/// one).
std::pair<int64_t, int64_t>
clusterShapeOf(std::optional<ArrayRef<int64_t>> cluster);

/// A pipeline step's state walks a pipeline of as many stages as `pipeline`.
LogicalResult verifyPipelineState(Operation *op, Value pipeline, Value state);

} // namespace cute_nvgpu
} // namespace mlir

#endif // CUTE_MLIR_LIB_DIALECT_CUTENVGPU_IR_VERIFICATION_H
