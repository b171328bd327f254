//===- MmaAtom.h - Tensor-core MMA atoms as data ----------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// An MMA atom is one tensor-core instruction described by its traits, as CuTe
// describes it (cute/atom/mma_traits_sm*.hpp):
//
//   Shape_MNK  the (M,N,K) the instruction computes
//   ThrID      logical thread id -> thread index in the group that executes it
//   ALayout    (thread, value) -> coordinate of A, the (M,K) index m + M*k
//   BLayout    (thread, value) -> coordinate of B, the (N,K) index n + N*k
//   CLayout    (thread, value) -> coordinate of C, the (M,N) index m + M*n
//
// plus the value types and the architecture that has the instruction. The
// layouts are what the PTX ISA's fragment figures say; the unit tests check
// them against the ISA's lane / register formulas.
//
// Atoms are known by CuTe's names, e.g. SM80_16x8x16_F32F16F16F32_TN or
// SM90_64x128x16_F32BF16BF16_SS (wgmma operands from shared memory, both
// K-major) and SM90_64x128x16_F32BF16BF16_RS (A from registers); CuTe's
// template arguments give the majors of 16-bit operands:
// SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::MN,GMMA::Major::K>, or <MN,K>.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_MMAATOM_H
#define CUTE_MLIR_ATOM_MMAATOM_H

#include "cute-mlir/Atom/Gmma.h"

#include <string>
#include <vector>

namespace mlir {
namespace cute {

/// Where a wgmma operand comes from.
enum class OperandSource { Registers, SharedMemory };

struct MmaAtom {
  std::string name;
  int arch; // 70, 75, 80, 89 or 90
  IntTuple shapeMNK;
  Layout thrID;
  Layout aLayout, bLayout, cLayout;
  // Value types: f16 bf16 tf32 f32 f64 s8 u8 s32 e4m3 e5m2.
  std::string typeD, typeA, typeB, typeC;
  OperandSource sourceA = OperandSource::Registers;
  OperandSource sourceB = OperandSource::Registers;
  /// wgmma: which mode of each shared-memory operand is contiguous.
  GmmaMajor majorA = GmmaMajor::K;
  GmmaMajor majorB = GmmaMajor::K;
  /// The PTX ISA version the instruction needs (84 for 8.4) where that may
  /// be above the default of a chip that has it (m8n8k4 on sm_70, fp8
  /// mma.sync, wgmma of mixed integer types); 0 otherwise.
  int ptxIsa = 0;

  /// Number of threads that execute the instruction.
  int64_t numThreads() const { return size(thrID).value(); }
  /// Values per thread of each operand (0 for an operand in shared memory).
  int64_t valuesA() const;
  int64_t valuesB() const;
  int64_t valuesC() const;
  /// 32-bit registers per thread that hold each operand's values.
  int64_t registersA() const;
  int64_t registersB() const;
  int64_t registersC() const;
};

/// The width of a value type in bits (0 for an unknown name).
int bitsOfValueType(const std::string &type);

/// The atom with CuTe's name `name`, or an error naming what is wrong with it.
Result<MmaAtom> lookupMmaAtom(const std::string &name);

/// The names of every atom, in a stable order (wgmma atoms for every legal N).
std::vector<std::string> mmaAtomNames();

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_MMAATOM_H
