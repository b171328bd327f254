//===- Coverage.h - Does a partition own every element once? ----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A TiledMMA or TiledCopy is only right if its (thread, value) layout hands
// every element of its tile to exactly one (thread, value) pair. CuTe does
// not check this; a wrong thread or value layout silently skips or repeats
// elements. Threads that read the same values on purpose (a TiledMMA's A is
// shared by the atoms tiled along N; a wgmma operand in shared memory is read
// by the whole warpgroup) show up as thread modes of stride 0, and count once.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_COVERAGE_H
#define CUTE_MLIR_ATOM_COVERAGE_H

#include "cute-mlir/Layout/Layout.h"

namespace mlir {
namespace cute {

/// The largest tile checkExactCover enumerates, far above a CTA's tile.
/// (About half a second for a 1024x1024 tile: a verifier must answer in
/// seconds.)
constexpr int64_t kMaxCoverElements = int64_t(1) << 20;

/// Checks that `layoutTV`, (thread, value) -> column-major index of a tile of
/// `tileShape`, owns each element exactly once. Returns the number of
/// elements, or an error naming the first element owned twice (and by whom),
/// the first owned by no thread, or the first pair that falls outside.
Result<int64_t> checkExactCover(const Layout &layoutTV,
                                const IntTuple &tileShape);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_COVERAGE_H
