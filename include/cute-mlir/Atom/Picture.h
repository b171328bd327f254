//===- Picture.h - SVG pictures of TiledMMAs and TiledCopies ----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The pictures CuTe's print_svg / print_latex draw: every element of a tile
// as a cell coloured by the thread that owns it and labelled with the thread
// and the value index (T5 V2). A TiledMMA shows C (M x N) with A (M x K) to
// its left and B (K x N) above it; a TiledCopy shows the source's tile beside
// the destination's. An element that several threads share (A across the
// atoms tiled along N) shows its lowest thread.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_PICTURE_H
#define CUTE_MLIR_ATOM_PICTURE_H

#include "cute-mlir/Atom/TiledCopy.h"
#include "cute-mlir/Atom/TiledMma.h"

#include <string>

namespace mlir {
namespace cute {

/// An SVG picture of a TiledMMA's A, B and C partitions.
Result<std::string> renderTiledMmaSvg(const TiledMma &mma);

/// An SVG picture of one MMA atom, its threads named by ThrID (the SM70
/// quadpair's are 0-3 and 16-19).
Result<std::string> renderMmaAtomSvg(const MmaAtom &atom);

/// An SVG picture of a TiledCopy's source and destination partitions.
Result<std::string> renderTiledCopySvg(const TiledCopy &copy);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_PICTURE_H
