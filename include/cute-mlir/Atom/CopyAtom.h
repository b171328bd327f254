//===- CopyAtom.h - Copy atoms as data --------------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A copy atom is one data-movement instruction described by its traits, as
// CuTe describes it (cute/atom/copy_traits_sm*.hpp), in bits:
//
//   ThrID      logical thread id -> thread index
//   SrcLayout  (source thread, value bit) -> bit of the data moved
//   DstLayout  (destination thread, value bit) -> bit of the data moved
//   RefLayout  the reference (thread, value) layout a TiledCopy is built on
//
// Known by CuTe's names: UniversalCopy_U8/U16/U32/U64/U128,
// SM75_U32x{1,2,4}_LDSM_N, SM75_U16x{2,4,8}_LDSM_T (ldmatrix),
// SM90_U32x{1,2,4}_STSM_N, SM90_U16x{2,4,8}_STSM_T (stmatrix), and
// SM80_CP_ASYNC_CACHE{ALWAYS,GLOBAL}_U{32,64,128} (cp.async of 4, 8 or 16
// bytes; CACHEGLOBAL only for 16).
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_COPYATOM_H
#define CUTE_MLIR_ATOM_COPYATOM_H

#include "cute-mlir/Layout/Layout.h"

#include <string>
#include <vector>

namespace mlir {
namespace cute {

struct CopyAtom {
  std::string name;
  int arch; // 0 for universal copies
  Layout thrID;
  Layout srcLayout, dstLayout, refLayout;
  /// Bits each thread moves per instruction.
  int64_t bitsPerThread() const { return size(refLayout.mode(1)).value(); }
};

/// The atom with CuTe's name `name`, or an error naming what is wrong with it.
Result<CopyAtom> lookupCopyAtom(const std::string &name);

/// Values of `bits` bits that one thread moves per instruction, on the source
/// and the destination side. An error when a value would be split between
/// threads or between the atom's pieces (ldmatrix hands out 32-bit pieces, so
/// it cannot move 64-bit values).
Result<std::pair<int64_t, int64_t>> valuesPerThread(const CopyAtom &atom,
                                                    int64_t bits);

/// The names of every copy atom, in a stable order.
std::vector<std::string> copyAtomNames();

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_COPYATOM_H
