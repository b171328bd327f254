//===- Epilogue.cpp - Storing a TiledMMA's accumulators in boxes ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/Epilogue.h"

#include <algorithm>
#include <optional>
#include <tuple>

using namespace mlir::cute;

namespace {

/// (row, col) of each of a thread's values in the tile as it is stored:
/// the TiledMMA's (M,N) tile, or with `transposed` C's (N,M) one.
using Coords = std::vector<std::pair<int64_t, int64_t>>;

/// The rows and columns of the tile as it is stored.
std::pair<int64_t, int64_t> storedExtents(const TiledMma &mma,
                                          bool transposed) {
  int64_t m = mma.tileSize(0), n = mma.tileSize(1);
  return transposed ? std::make_pair(n, m) : std::make_pair(m, n);
}

Result<std::vector<Coords>> threadCoords(const TiledMma &mma, bool transposed) {
  int64_t m = mma.tileSize(0), n = mma.tileSize(1);
  Layout colMajor = makeLayout(IntTuple::tuple({IntTuple(m), IntTuple(n)}));
  // One partition for a symbolic thread, not one a thread: the values'
  // layout is the same for every thread and only the offset of the first
  // depends on it (the verifier plans every epilogue_store each time it runs).
  Int thread = Int::unknownInRange("thread", 0, mma.numThreads() - 1);
  CUTE_TRY(part, mma.partitionC(colMajor, thread));
  int64_t values = size(part.first).value();
  std::vector<int64_t> valueOffsets;
  valueOffsets.reserve(values);
  for (int64_t v = 0; v < values; ++v) {
    CUTE_TRY(at, part.first(IntTuple(v)));
    valueOffsets.push_back(at.value());
  }
  std::vector<Coords> coords(mma.numThreads());
  for (int64_t t = 0; t < mma.numThreads(); ++t) {
    std::optional<int64_t> first =
        part.second.evaluate([&](const Int &) { return t; });
    if (!first)
      return algebraError("the first accumulator of thread " +
                          std::to_string(t) + " has no offset");
    coords[t].reserve(values);
    for (int64_t offset : valueOffsets) {
      int64_t row = (*first + offset) % m, col = (*first + offset) / m;
      coords[t].push_back(transposed ? std::make_pair(col, row)
                                     : std::make_pair(row, col));
    }
  }
  return coords;
}

/// Each thread's values in its part of the tile, when the threads store it
/// in `parts` parts.
struct PartCoords {
  int64_t partThreads, partRows, partCols;
  std::vector<Coords> coords;
};

/// The threads' coordinates relative to their parts, or an error naming
/// the first part that is not one cell of a grid of equal parts: the
/// values of part p's threads must span exactly one partRows x partCols
/// sub-tile at a multiple of (partRows, partCols), and no two parts the
/// same one.
Result<PartCoords> partCoords(const TiledMma &mma, int64_t parts,
                              bool transposed) {
  auto [m, n] = storedExtents(mma, transposed);
  int64_t threads = mma.numThreads();
  if (parts < 1 || threads % parts)
    return algebraError("the " + std::to_string(threads) +
                        " threads do not split into " + std::to_string(parts) +
                        " equal parts");
  CUTE_TRY(coords, threadCoords(mma, transposed));
  PartCoords result{threads / parts, m, n, std::move(coords)};
  if (parts == 1)
    return result;
  // The rectangle each part's values span.
  struct Span {
    int64_t row0, col0, row1, col1;
  };
  std::vector<Span> spans(parts, {m, n, -1, -1});
  for (int64_t t = 0; t < threads; ++t) {
    Span &span = spans[t / result.partThreads];
    for (auto [r, c] : result.coords[t])
      span = {std::min(span.row0, r), std::min(span.col0, c),
              std::max(span.row1, r), std::max(span.col1, c)};
  }
  result.partRows = spans[0].row1 - spans[0].row0 + 1;
  result.partCols = spans[0].col1 - spans[0].col0 + 1;
  std::vector<bool> taken(parts);
  for (int64_t p = 0; p < parts; ++p) {
    const Span &span = spans[p];
    auto range = [](int64_t from, int64_t to) {
      return std::to_string(from) + ".." + std::to_string(to);
    };
    bool cell = span.row1 - span.row0 + 1 == result.partRows &&
                span.col1 - span.col0 + 1 == result.partCols &&
                m % result.partRows == 0 && n % result.partCols == 0 &&
                span.row0 % result.partRows == 0 &&
                span.col0 % result.partCols == 0 &&
                (m / result.partRows) * (n / result.partCols) == parts;
    int64_t index = cell ? span.row0 / result.partRows * (n / result.partCols) +
                               span.col0 / result.partCols
                         : 0;
    if (!cell || taken[index])
      return algebraError(
          "threads " +
          range(p * result.partThreads, (p + 1) * result.partThreads - 1) +
          " hold rows " + range(span.row0, span.row1) + " and columns " +
          range(span.col0, span.col1) + ": not one of " +
          std::to_string(parts) + " equal parts that tile the " +
          std::to_string(m) + "x" + std::to_string(n) + " tile");
    taken[index] = true;
  }
  for (int64_t t = 0; t < threads; ++t) {
    const Span &span = spans[t / result.partThreads];
    for (auto &[r, c] : result.coords[t]) {
      r -= span.row0;
      c -= span.col0;
    }
  }
  return result;
}

} // namespace

Result<EpiloguePlan> mlir::cute::planEpilogue(const TiledMma &mma,
                                              int64_t boxRows, int64_t boxCols,
                                              int valueBits, int64_t parts,
                                              bool transposed) {
  CUTE_TRY(split, partCoords(mma, parts, transposed));
  int64_t m = split.partRows, n = split.partCols;
  if (boxRows < 1 || boxCols < 1 || m % boxRows || n % boxCols)
    return algebraError(
        "a box of " + std::to_string(boxRows) + "x" + std::to_string(boxCols) +
        " does not tile the " + std::to_string(m) + "x" + std::to_string(n) +
        (parts == 1 ? " accumulator tile" : " part of the accumulator tile") +
        (transposed ? " as stored (transposed)" : ""));
  const std::vector<Coords> &all = split.coords;
  const Coords &first = all.front();
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
    const Coords &coords = all[t];
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
  EpiloguePlan plan{transposed,  split.partThreads, m, n,
                    m / boxRows, n / boxCols,       {}};
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
  // By box, and within a box in the order of the values, as they were found.
  std::sort(plan.runs.begin(), plan.runs.end(),
            [](const EpilogueRun &a, const EpilogueRun &b) {
              return std::tie(a.box, a.value) < std::tie(b.box, b.value);
            });
  return plan;
}

Result<EpilogueStmatrixPlan>
mlir::cute::planStmatrix(const TiledMma &mma, const EpiloguePlan &plan,
                         int64_t boxRows, int64_t boxCols, int valueBits) {
  if (valueBits != 16)
    return algebraError("stmatrix stores 16-bit values, not " +
                        std::to_string(valueBits) + "-bit ones");
  // A transposed tile's pairs of values lie in two rows of C.
  if (plan.transposed)
    return algebraError("a transposed tile's runs are single values");
  if (mma.numThreads() % 32 || plan.runs.empty() || plan.runs.size() % 4 ||
      plan.runs.front().value != 0)
    return algebraError("the runs do not come in groups of four per warp");
  size_t groups = plan.runs.size() / 4;
  for (size_t g = 0; g < groups; ++g)
    for (size_t i = 0; i < 4; ++i) {
      const EpilogueRun &run = plan.runs[4 * g + i];
      if (run.length != 2 || run.box != plan.runs[4 * g].box)
        return algebraError("run " + std::to_string(4 * g + i) +
                            " is not a pair of values in its group's box");
    }
  EpilogueStmatrixPlan result;
  result.groups.resize(groups);
  if (plan.partThreads % 32)
    return algebraError("the parts are not stored by whole warps");
  CUTE_TRY(split, partCoords(mma, mma.numThreads() / plan.partThreads,
                             /*transposed=*/false));
  const std::vector<Coords> &all = split.coords;
  for (int64_t warp = 0; warp < mma.numThreads() / 32; ++warp) {
    const Coords *lanes = &all[32 * warp];
    std::pair<int64_t, int64_t> first;
    for (size_t g = 0; g < groups; ++g) {
      int64_t box = plan.runs[4 * g].box;
      int64_t boxRow = box / plan.boxesN * boxRows;
      int64_t boxCol = box % plan.boxesN * boxCols;
      std::array<std::pair<int64_t, int64_t>, 4> origin;
      for (size_t i = 0; i < 4; ++i) {
        int64_t value = plan.runs[4 * g + i].value;
        // Lane 0 holds the matrix's first row and columns.
        auto [row, col] = lanes[0][value];
        origin[i] = {row - boxRow, col - boxCol};
        if (origin[i].first < 0 || origin[i].first + 8 > boxRows ||
            origin[i].second < 0 || origin[i].second + 8 > boxCols ||
            origin[i].second % 8)
          return algebraError("the 8x8 matrix of run " +
                              std::to_string(4 * g + i) + " in warp " +
                              std::to_string(warp) +
                              " is not 16-byte rows inside its box");
        for (int64_t lane = 0; lane < 32; ++lane)
          if (lanes[lane][value] !=
              std::make_pair(row + lane / 4, col + 2 * (lane % 4)))
            return algebraError("lane " + std::to_string(lane) + " of warp " +
                                std::to_string(warp) + " does not hold run " +
                                std::to_string(4 * g + i) +
                                " where stmatrix takes it");
      }
      std::array<std::pair<int64_t, int64_t>, 4> offsets;
      for (size_t i = 0; i < 4; ++i)
        offsets[i] = {origin[i].first - origin[0].first,
                      origin[i].second - origin[0].second};
      if (g == 0) {
        first = origin[0];
        result.firstBoxOrigin = {boxRow, boxCol};
      }
      if (warp == 0 && g == 0)
        result.matrixOffsets = offsets;
      EpilogueStmatrix group{box, int64_t(4 * g), origin[0].first - first.first,
                             origin[0].second - first.second};
      if (offsets != result.matrixOffsets ||
          (warp > 0 && (group.rowOffset != result.groups[g].rowOffset ||
                        group.colOffset != result.groups[g].colOffset)))
        return algebraError("the matrices of group " + std::to_string(g) +
                            " in warp " + std::to_string(warp) +
                            " are not placed as in the other groups and "
                            "warps");
      result.groups[g] = group;
    }
  }
  return result;
}
