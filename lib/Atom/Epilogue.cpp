//===- Epilogue.cpp - Storing a TiledMMA's accumulators in boxes ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/Epilogue.h"

#include <algorithm>

using namespace mlir::cute;

namespace {

/// (row, col) of each of a thread's values in the (M,N) tile.
using Coords = std::vector<std::pair<int64_t, int64_t>>;

Result<Coords> valueCoords(const TiledMma &mma, int64_t thread) {
  int64_t m = mma.tileSize(0), n = mma.tileSize(1);
  Layout colMajor = makeLayout(IntTuple::tuple({IntTuple(m), IntTuple(n)}));
  CUTE_TRY(part, mma.partitionC(colMajor, Int(thread)));
  int64_t values = size(part.first).value();
  Coords coords;
  coords.reserve(values);
  for (int64_t v = 0; v < values; ++v) {
    CUTE_TRY(at, part.first(IntTuple(v)));
    int64_t index = part.second.value() + at.value();
    coords.push_back({index % m, index / m});
  }
  return coords;
}

} // namespace

Result<EpiloguePlan> mlir::cute::planEpilogue(const TiledMma &mma,
                                              int64_t boxRows, int64_t boxCols,
                                              int valueBits) {
  int64_t m = mma.tileSize(0), n = mma.tileSize(1);
  if (boxRows < 1 || boxCols < 1 || m % boxRows || n % boxCols)
    return algebraError("a box of " + std::to_string(boxRows) + "x" +
                        std::to_string(boxCols) + " does not tile the " +
                        std::to_string(m) + "x" + std::to_string(n) +
                        " accumulator tile");
  CUTE_TRY(first, valueCoords(mma, 0));
  auto [row0, col0] = first.front();
  // The box of each value and its place relative to the first value, both
  // the same for every thread; and the largest alignment (in values) that
  // each value's column has in its box row for every thread.
  std::vector<int64_t> box(first.size()), align(first.size(), 16);
  std::vector<int64_t> dRow(first.size()), dCol(first.size());
  for (size_t v = 0; v < first.size(); ++v) {
    box[v] =
        first[v].first / boxRows * (n / boxCols) + first[v].second / boxCols;
    dRow[v] = first[v].first - row0 - first[v].first / boxRows * boxRows;
    dCol[v] = first[v].second - col0 - first[v].second / boxCols * boxCols;
  }
  for (int64_t t = 0; t < mma.numThreads(); ++t) {
    CUTE_TRY(coords, valueCoords(mma, t));
    if (coords.size() != first.size())
      return algebraError("threads 0 and " + std::to_string(t) +
                          " hold different numbers of accumulators");
    auto [rowT, colT] = coords.front();
    for (size_t v = 0; v < coords.size(); ++v) {
      auto [r, c] = coords[v];
      int64_t b = r / boxRows * (n / boxCols) + c / boxCols;
      if (b != box[v] || r - b / (n / boxCols) * boxRows != rowT + dRow[v] ||
          c - b % (n / boxCols) * boxCols != colT + dCol[v])
        return algebraError(
            "value " + std::to_string(v) + " of thread " + std::to_string(t) +
            " (at " + std::to_string(r) + "," + std::to_string(c) +
            ") does not fall in its box as thread 0's does; boxes of " +
            std::to_string(boxRows) + "x" + std::to_string(boxCols) +
            " cut through the threads' values");
      int64_t col = c % boxCols;
      while (col % align[v])
        align[v] /= 2;
    }
  }
  // Runs: consecutive values side by side in one box row, as long as the
  // alignment of their first column allows, up to 16 bytes.
  int64_t maxLength = std::max<int64_t>(1, 128 / valueBits);
  EpiloguePlan plan{m / boxRows, n / boxCols, {}};
  for (size_t v = 0; v < first.size();) {
    int64_t length = 1;
    while (length * 2 <= maxLength && align[v] % (length * 2) == 0 &&
           v + length * 2 <= first.size()) {
      bool adjacent = true;
      for (int64_t i = 1; i < length * 2; ++i)
        adjacent &= box[v + i] == box[v] && dRow[v + i] == dRow[v] &&
                    dCol[v + i] == dCol[v] + i;
      if (!adjacent)
        break;
      length *= 2;
    }
    plan.runs.push_back({box[v], int64_t(v), length, dRow[v], dCol[v]});
    v += length;
  }
  std::stable_sort(
      plan.runs.begin(), plan.runs.end(),
      [](const EpilogueRun &a, const EpilogueRun &b) { return a.box < b.box; });
  return plan;
}
