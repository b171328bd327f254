//===- CuteNVGPUAttrs.h - Atoms, TiledMMA and TiledCopy ---------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUATTRS_H
#define CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUATTRS_H

#include "cute-mlir/Atom/CopyAtom.h"
#include "cute-mlir/Atom/MmaAtom.h"
#include "cute-mlir/Atom/TiledCopy.h"
#include "cute-mlir/Atom/TiledMma.h"
#include "cute-mlir/Atom/TmaAtom.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "cute-mlir/Dialect/CuteNVGPU/IR/CuteNVGPUAttrs.h.inc"

namespace mlir {
namespace cute_nvgpu {

/// The MLIR element type of an atom value type name (f16, bf16, tf32 (as
/// f32), f32, f64, s8/u8 (as i8), s32 (as i32), e4m3, e5m2).
Type valueTypeOf(MLIRContext *context, const std::string &name);

/// The bit width of an element type (0 when it has none).
int elementBits(Type type);

/// The SM number of a chip name: sm_80 -> 80, sm_90a -> 90; nullopt for a
/// name that is not a chip.
std::optional<int> smOfChip(llvm::StringRef chip);

/// The first PTX ISA version that has a chip (70 for 7.0: sm_80), as LLVM's
/// NVPTX backend requires it, for sm_70 to sm_121a; nullopt for other chips.
std::optional<int> firstPtxIsaOf(llvm::StringRef chip);

/// The 32-bit registers a thread may have (PTX: at most 255).
inline constexpr int64_t kMaxThreadRegisters = 255;

/// How many values of `element` a thread's registers hold: an index is 64
/// bits, a value narrower than a byte counts as a byte (an i1 takes a
/// predicate register of its own); 0 for a type of no known width.
int64_t maxThreadRegisterValues(Type element);

/// The most CTAs a cluster holds without the non-portable opt-in: the limit
/// of the ops that name a cluster and of the launches cute's pipelines check
/// alike, so a kernel runs on every cluster-capable GPU. (The runtime opts in
/// to larger clusters for programs lowered elsewhere, as upstream's does.)
constexpr int64_t kMaxPortableClusterCtas = 8;

/// The most shared memory a block can have, in bytes: sm_90's opt-in
/// 227 KiB, the largest of any GPU the dialect targets.
constexpr int64_t kMaxSharedMemoryBytes = 227 * 1024;

} // namespace cute_nvgpu
} // namespace mlir

#endif // CUTE_MLIR_DIALECT_CUTENVGPU_IR_CUTENVGPUATTRS_H
