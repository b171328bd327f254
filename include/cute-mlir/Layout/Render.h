//===- Render.h - Pictures of layouts ---------------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// Text tables and SVG drawings of static rank-1 or rank-2 layouts: a rank-1
// layout is drawn as one column (CuTe pads it with a 1:0 mode the same way).
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_LAYOUT_RENDER_H
#define CUTE_MLIR_LAYOUT_RENDER_H

#include "cute-mlir/Layout/Layout.h"

#include <string>

namespace mlir {
namespace cute {

/// The layout and its m-by-n table of values, as CuTe's print_layout prints.
Result<std::string> renderTable(const Layout &layout);

/// An SVG drawing of the m-by-n grid of values, cells shaded by value mod 8,
/// with row and column indices.
Result<std::string> renderSvg(const Layout &layout);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_LAYOUT_RENDER_H
