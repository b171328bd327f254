//===- Epilogue.h - Storing a TiledMMA's accumulators in boxes --*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// A TMA epilogue writes a TiledMMA's (M,N) accumulator tile to shared memory
// one box (boxRows x boxCols, row-major) at a time and stores each box with
// TMA. Every thread must know at compile time which box each of its values
// falls in and where in the box it goes relative to its own first value, so
// that the stores are unrolled and only a per-thread base is computed at run
// time. The plan checks that, for every thread, and groups each thread's
// values into runs that one vector store can write.
//
// The threads may also store the tile in parts: the threads split into
// runs of consecutive ones (the warpgroups of a wgmma TiledMMA), each of
// which stores its own part of the tile on its own. The parts must then be
// equal, aligned sub-tiles that tile the tile; boxes and places are
// relative to a thread's part.
//
// A transposed epilogue stores the TiledMMA's (M,N) tile as the (N,M) tile
// of C: accumulator (i, j) goes to row j, column i. A kernel that swaps A
// and B (computing C's transpose, so that a GEMM with few rows of C puts
// its many columns on wgmma's M) stores C this way. Boxes, parts and runs
// are then all in C's (N,M) tile.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_EPILOGUE_H
#define CUTE_MLIR_ATOM_EPILOGUE_H

#include "cute-mlir/Atom/TiledMma.h"

#include <array>

namespace mlir {
namespace cute {

/// `length` consecutive accumulator values, from `value` on, that sit side by
/// side in one row of box `box` (boxes numbered row of boxes by row of
/// boxes). Relative to the thread's first value, at (row, col) of its part,
/// the run starts at (row + rowOffset, col + colOffset) of its box.
struct EpilogueRun {
  int64_t box;
  int64_t value;
  int64_t length;
  int64_t rowOffset;
  int64_t colOffset;
};

struct EpiloguePlan {
  /// Whether the TiledMMA's tile is stored transposed; rows and columns
  /// below are C's.
  bool transposed;
  /// Threads p * partThreads .. (p + 1) * partThreads - 1 store part p of
  /// the tile, partRows x partCols of it, in boxesM x boxesN boxes (one
  /// part: the whole tile).
  int64_t partThreads, partRows, partCols;
  int64_t boxesM, boxesN;
  /// Every value of a thread once, box by box.
  std::vector<EpilogueRun> runs;
};

/// A group of four consecutive 32-bit runs of a plan (pairs of 16-bit
/// values) that one `stmatrix.x4` stores: in every warp they are the four
/// 8x8 matrices as stmatrix takes them, lane l holding row l / 4, columns
/// 2 (l % 4) and 2 (l % 4) + 1 of each.
struct EpilogueStmatrix {
  int64_t box;
  /// The index in EpiloguePlan::runs of the group's first run.
  int64_t firstRun;
  /// Where the group's first matrix sits in its box, relative to where the
  /// first group's first matrix sits in its own, the same for every warp.
  int64_t rowOffset, colOffset;
};

struct EpilogueStmatrixPlan {
  /// Matrix i of every group starts `matrixOffsets[i]` (row, col) from its
  /// group's first matrix; lane l gives stmatrix the address of row l % 8
  /// of matrix l / 8.
  std::array<std::pair<int64_t, int64_t>, 4> matrixOffsets;
  /// The (row, col) in a thread's part where the first group's box starts.
  std::pair<int64_t, int64_t> firstBoxOrigin;
  std::vector<EpilogueStmatrix> groups;

  /// The row lane `lane` addresses for the first group, in that group's
  /// box, relative to where the thread's first value sits in its part:
  /// its warp's first matrix is lane / 4 rows and 2 (lane % 4) columns
  /// before that value, and the lane's row is row lane % 8 of matrix
  /// lane / 8.
  std::pair<int64_t, int64_t> laneOffset(int64_t lane) const {
    auto [matrixRow, matrixCol] = matrixOffsets[lane % 32 / 8];
    return {matrixRow + lane % 8 - lane % 32 / 4 - firstBoxOrigin.first,
            matrixCol - 2 * (lane % 4) - firstBoxOrigin.second};
  }
};

/// The stmatrix.x4 stores of `plan`'s runs, when every run is a pair of
/// 16-bit values and every four consecutive runs of a box are the matrices
/// of a stmatrix in every warp, at the same places relative to each other;
/// an error naming the first condition that fails otherwise.
Result<EpilogueStmatrixPlan> planStmatrix(const TiledMma &mma,
                                          const EpiloguePlan &plan,
                                          int64_t boxRows, int64_t boxCols,
                                          int valueBits);

/// The plan for the threads of `mma` storing their accumulators (CuTe's
/// partition_C order, value i being flat coordinate i of the fragment) as
/// `valueBits`-bit values in boxes of boxRows x boxCols, with vector stores
/// of up to 16 bytes, in `parts` parts stored each by as many consecutive
/// threads; or an error naming the threads whose values are not one of a
/// grid of equal parts, or the box that a thread's values do not fall in
/// the same way for every thread. With `transposed`, the tile is stored
/// as the (N,M) tile of C, and boxes tile that.
Result<EpiloguePlan> planEpilogue(const TiledMma &mma, int64_t boxRows,
                                  int64_t boxCols, int valueBits,
                                  int64_t parts = 1, bool transposed = false);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_EPILOGUE_H
