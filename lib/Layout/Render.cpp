//===- Render.cpp - Pictures of layouts -----------------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Layout/Render.h"

#include <vector>

using namespace mlir::cute;

namespace {
/// The values of a static layout as an m-by-n grid.
struct Grid {
  int64_t rows = 0, cols = 0;
  std::vector<int64_t> values; // row-major

  int64_t at(int64_t m, int64_t n) const { return values[m * cols + n]; }
};
} // namespace

/// Refuse pictures larger than this many cells: they are unreadable anyway.
static constexpr int64_t kMaxCells = 1 << 16;

static Result<Grid> evaluateGrid(const Layout &layout) {
  if (layout.rank() > 2)
    return algebraError("a picture needs a rank-1 or rank-2 layout, got rank " +
                        std::to_string(layout.rank()) + ": " + layout.str());
  if (!layout.isStatic())
    return algebraError("a picture needs a static layout, got " + layout.str());
  Layout padded = appendTo(layout, 2);
  Grid grid;
  grid.rows = size(padded.mode(0)).value();
  grid.cols = size(padded.mode(1)).value();
  if (grid.rows > kMaxCells || grid.cols > kMaxCells ||
      grid.rows * grid.cols > kMaxCells)
    return algebraError("the layout has more than " +
                        std::to_string(kMaxCells) + " elements to draw");
  for (int64_t m = 0; m < grid.rows; ++m) {
    for (int64_t n = 0; n < grid.cols; ++n) {
      CUTE_TRY(v, padded(IntTuple::tuple({IntTuple(m), IntTuple(n)})));
      grid.values.push_back(v.value());
    }
  }
  return grid;
}

static int numDigits(int64_t x) {
  int digits = 1;
  for (x = x < 0 ? -x : x; x >= 10; x /= 10)
    ++digits;
  return digits;
}

/// `v` right-aligned in `width` columns (printf's %*d).
static std::string padded(int64_t v, int width) {
  std::string s = std::to_string(v);
  if (static_cast<int>(s.size()) < width)
    s.insert(0, width - s.size(), ' ');
  return s;
}

Result<std::string> mlir::cute::renderTable(const Layout &layout) {
  CUTE_TRY(grid, evaluateGrid(layout));
  int width = numDigits(cosize(appendTo(layout, 2)).value()) + 2;
  std::string rule(width, '-');
  std::string separator = "    ";
  for (int64_t n = 0; n < grid.cols; ++n)
    separator += "+" + rule;
  separator += "+\n";

  std::string out = layout.str() + "\n    ";
  for (int64_t n = 0; n < grid.cols; ++n)
    out += "  " + padded(n, width - 2) + " ";
  out += "\n";
  for (int64_t m = 0; m < grid.rows; ++m) {
    out += separator;
    out += padded(m, 2) + "  ";
    for (int64_t n = 0; n < grid.cols; ++n)
      out += "| " + padded(grid.at(m, n), width - 2) + " ";
    out += "|\n";
  }
  return out + separator;
}

Result<std::string> mlir::cute::renderSvg(const Layout &layout) {
  CUTE_TRY(grid, evaluateGrid(layout));
  static const char *const palette[8] = {"#ffffff", "#999999", "#cccccc",
                                         "#666666", "#e6e6e6", "#808080",
                                         "#b3b3b3", "#4d4d4d"};
  const int cell = 40, margin = 30;
  int64_t width = 2 * margin + grid.cols * cell;
  int64_t height = 2 * margin + grid.rows * cell + 20;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    std::to_string(width) + "\" height=\"" +
                    std::to_string(height) + "\" font-family=\"monospace\" " +
                    "font-size=\"14\" text-anchor=\"middle\" " +
                    "dominant-baseline=\"central\">\n";
  out += "<text x=\"" + std::to_string(width / 2) + "\" y=\"12\">" +
         layout.str() + "</text>\n";
  for (int64_t n = 0; n < grid.cols; ++n)
    out += "<text x=\"" + std::to_string(margin + n * cell + cell / 2) +
           "\" y=\"" + std::to_string(margin + 6) + "\">" + std::to_string(n) +
           "</text>\n";
  for (int64_t m = 0; m < grid.rows; ++m) {
    int64_t y = margin + 20 + m * cell;
    out += "<text x=\"" + std::to_string(margin / 2) + "\" y=\"" +
           std::to_string(y + cell / 2) + "\">" + std::to_string(m) +
           "</text>\n";
    for (int64_t n = 0; n < grid.cols; ++n) {
      int64_t x = margin + n * cell, v = grid.at(m, n);
      int64_t shade = ((v % 8) + 8) % 8;
      out += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
             "\" width=\"" + std::to_string(cell) + "\" height=\"" +
             std::to_string(cell) + "\" fill=\"" + palette[shade] +
             "\" stroke=\"black\"/>\n";
      const char *ink =
          shade == 3 || shade == 5 || shade == 7 ? "white" : "black";
      out += "<text x=\"" + std::to_string(x + cell / 2) + "\" y=\"" +
             std::to_string(y + cell / 2) + "\" fill=\"" + ink + "\">" +
             std::to_string(v) + "</text>\n";
    }
  }
  return out + "</svg>\n";
}
