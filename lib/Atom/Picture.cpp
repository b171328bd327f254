//===- Picture.cpp - SVG pictures of TiledMMAs and TiledCopies ------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/Picture.h"

#include <initializer_list>
#include <vector>

using namespace mlir::cute;

namespace {

/// One tile: who owns each element, and where it is drawn.
struct Panel {
  std::string title;
  int64_t rows, cols;
  bool transposed; // draw element (r, c) at column r, row c
  int64_t x, y;    // top-left corner, in pixels
  std::vector<std::pair<int64_t, int64_t>> owner; // (thread, value), -1 none
};

constexpr int kCell = 24;
constexpr int kMargin = 24;

// Eight light colours, as CuTe's pictures cycle through 8 per thread group.
const char *const kPalette[8] = {"#d2d2ff", "#ffd2d2", "#d2ffd2", "#ffffd2",
                                 "#d2ffff", "#ffd2ff", "#e6e6e6", "#ffe6c8"};

constexpr int64_t kMaxCells = 1 << 16;

/// An error unless each (rows, cols) panel is small enough to draw; checked
/// for all panels before any is filled.
Result<bool>
checkDrawable(std::initializer_list<std::pair<int64_t, int64_t>> panels) {
  for (auto [rows, cols] : panels)
    if (rows > 0 && cols > kMaxCells / rows)
      return algebraError("a " + std::to_string(rows) + "x" +
                          std::to_string(cols) +
                          " tile is too large to draw (at most 65536 cells)");
  return true;
}

/// Fill a panel from a (thread, value) -> column-major index layout.
/// `names` maps a logical thread to the thread index drawn (identity when
/// absent).
Result<Panel> makePanel(std::string title, const Layout &tv, int64_t rows,
                        int64_t cols, bool transposed,
                        const Layout *names = nullptr) {
  CUTE_TRY(drawable, checkDrawable({{rows, cols}}));
  (void)drawable;
  if (!tv.isStatic())
    return algebraError("a picture needs a static layout, got " + tv.str());
  Panel p{std::move(title),
          rows,
          cols,
          transposed,
          0,
          0,
          std::vector<std::pair<int64_t, int64_t>>(rows * cols, {-1, -1})};
  CUTE_TRY(threadOffsets, staticImage(tv.mode(0), kMaxCells));
  CUTE_TRY(valueOffsets, staticImage(tv.mode(1), kMaxCells));
  std::vector<int64_t> threadNames;
  if (names) {
    CUTE_TRY(image, staticImage(*names, kMaxCells));
    threadNames = std::move(image);
  }
  // A cell shows its first owner: once every cell has one, the rest of the
  // (thread, value) pairs change nothing. Broadcast operands (every thread
  // of a wgmma owns the whole A tile) stop after their first thread.
  int64_t unowned = rows * cols;
  for (size_t t = 0; t < threadOffsets.size() && unowned; ++t)
    for (size_t v = 0; v < valueOffsets.size() && unowned; ++v) {
      int64_t e;
      if (__builtin_add_overflow(threadOffsets[t], valueOffsets[v], &e))
        continue;
      int64_t name = t < threadNames.size() ? threadNames[t] : int64_t(t);
      if (e >= 0 && e < rows * cols && p.owner[e].first < 0) {
        p.owner[e] = {name, int64_t(v)};
        --unowned;
      }
    }
  return p;
}

int64_t width(const Panel &p) {
  return (p.transposed ? p.rows : p.cols) * kCell;
}
int64_t height(const Panel &p) {
  return (p.transposed ? p.cols : p.rows) * kCell;
}

std::string draw(const Panel &p) {
  std::string out =
      "<text x=\"" + std::to_string(p.x) + "\" y=\"" + std::to_string(p.y - 8) +
      "\" text-anchor=\"start\" font-size=\"12\">" + p.title + "</text>\n";
  for (int64_t r = 0; r < p.rows; ++r)
    for (int64_t c = 0; c < p.cols; ++c) {
      auto [t, v] = p.owner[r + p.rows * c];
      int64_t col = p.transposed ? r : c, row = p.transposed ? c : r;
      int64_t x = p.x + col * kCell, y = p.y + row * kCell;
      const char *fill = t < 0 ? "#ffffff" : kPalette[t % 8];
      out += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
             "\" width=\"" + std::to_string(kCell) + "\" height=\"" +
             std::to_string(kCell) + "\" fill=\"" + fill +
             "\" stroke=\"black\"/>\n";
      if (t < 0)
        continue;
      out += "<text x=\"" + std::to_string(x + kCell / 2) + "\" y=\"" +
             std::to_string(y + kCell / 3) + "\">T" + std::to_string(t) +
             "</text>\n<text x=\"" + std::to_string(x + kCell / 2) + "\" y=\"" +
             std::to_string(y + 3 * kCell / 4) + "\">V" + std::to_string(v) +
             "</text>\n";
    }
  return out;
}

std::string document(const std::string &title,
                     const std::vector<Panel> &panels) {
  int64_t w = 0, h = 0;
  for (const Panel &p : panels) {
    w = std::max(w, p.x + width(p) + kMargin);
    h = std::max(h, p.y + height(p) + kMargin);
  }
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                    std::to_string(w) + "\" height=\"" + std::to_string(h) +
                    "\" font-family=\"monospace\" font-size=\"7\" " +
                    "text-anchor=\"middle\" dominant-baseline=\"central\">\n";
  out += "<text x=\"" + std::to_string(kMargin) +
         "\" y=\"14\" text-anchor=\"start\" font-size=\"12\">" + title +
         "</text>\n";
  for (const Panel &p : panels)
    out += draw(p);
  return out + "</svg>\n";
}

/// Place A left of C and B above it.
std::string layoutMma(const std::string &title, Panel a, Panel b, Panel c) {
  int64_t top = 2 * kMargin + 8;
  a.x = kMargin;
  a.y = top + height(b) + kMargin;
  b.x = c.x = a.x + width(a) + kMargin;
  b.y = top;
  c.y = a.y;
  return document(title, {a, b, c});
}

} // namespace

Result<std::string> mlir::cute::renderTiledMmaSvg(const TiledMma &mma) {
  int64_t m = mma.tileSize(0), n = mma.tileSize(1), k = mma.tileSize(2);
  CUTE_TRY(tvA, mma.layoutA_TV());
  CUTE_TRY(tvB, mma.layoutB_TV());
  CUTE_TRY(tvC, mma.layoutC_TV());
  CUTE_TRY(drawable, checkDrawable({{m, k}, {n, k}, {m, n}}));
  (void)drawable;
  CUTE_TRY(a, makePanel("A (M x K)", tvA, m, k, false));
  // B is (N,K); drawn K rows by N columns above C.
  CUTE_TRY(b, makePanel("B (K x N)", tvB, n, k, true));
  CUTE_TRY(c, makePanel("C (M x N)", tvC, m, n, false));
  return layoutMma(mma.atom().name + " tiled " + mma.thrLayoutVMNK().str() +
                       ", tile " + std::to_string(m) + "x" + std::to_string(n) +
                       "x" + std::to_string(k),
                   a, b, c);
}

Result<std::string> mlir::cute::renderMmaAtomSvg(const MmaAtom &atom) {
  int64_t m = atom.shapeMNK.mode(0).value().value();
  int64_t n = atom.shapeMNK.mode(1).value().value();
  int64_t k = atom.shapeMNK.mode(2).value().value();
  CUTE_TRY(drawable, checkDrawable({{m, k}, {n, k}, {m, n}}));
  (void)drawable;
  CUTE_TRY(a, makePanel("A (M x K)", atom.aLayout, m, k, false, &atom.thrID));
  CUTE_TRY(b, makePanel("B (K x N)", atom.bLayout, n, k, true, &atom.thrID));
  CUTE_TRY(c, makePanel("C (M x N)", atom.cLayout, m, n, false, &atom.thrID));
  return layoutMma(atom.name, a, b, c);
}

Result<std::string> mlir::cute::renderTiledCopySvg(const TiledCopy &copy) {
  const IntTuple &tile = copy.tileShape();
  int64_t rows = product(tile.mode(0)).value();
  int64_t cols = tile.rank() > 1 ? product(tile).value() / rows : 1;
  CUTE_TRY(tvS, copy.layoutS_TV());
  CUTE_TRY(tvD, copy.layoutD_TV());
  CUTE_TRY(s, makePanel("Source", tvS, rows, cols, false));
  CUTE_TRY(d, makePanel("Destination", tvD, rows, cols, false));
  s.x = kMargin;
  s.y = d.y = 2 * kMargin + 8;
  d.x = s.x + width(s) + kMargin;
  return document(copy.atom().name + " tiled " + copy.layoutTV().str() +
                      ", tile " + tile.str(),
                  {s, d});
}
