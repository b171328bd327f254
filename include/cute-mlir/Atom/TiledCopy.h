//===- TiledCopy.h - A copy atom tiled over threads and values --*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// CuTe's TiledCopy: a copy atom for one value type, a (thread, value) ->
// (M,N) layout over a tile, and the tile's shape. It is made from a thread
// layout and a value layout (make_tiled_copy), or from a TiledMMA operand's
// (thread, value) layout so that a copy feeds the MMA its registers in the
// order it wants them (make_tiled_copy_{A,B,C}).
//
// The atom's layouts are in bits; a TiledCopy recasts them to the value type,
// as CuTe's Copy_Atom<Traits, T> does. Partitioning follows CuTe's
// tile2thrfrg: the tile is divided out of the tensor, then each atom's
// (thread, value) block is re-expressed through the atom's reference layout
// in the source or destination's own (thread, value) order.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_TILEDCOPY_H
#define CUTE_MLIR_ATOM_TILEDCOPY_H

#include "cute-mlir/Atom/CopyAtom.h"
#include "cute-mlir/Atom/TiledMma.h"

namespace mlir {
namespace cute {

/// Which operand of a TiledMMA a copy is built for.
enum class MmaOperand { A, B, C };

class TiledCopy {
public:
  /// A TiledCopy from a (thread, value) -> tile layout and the tile's shape.
  static Result<TiledCopy> get(CopyAtom atom, int valueBits, Layout layoutTV,
                               IntTuple tileShape);
  /// make_tiled_copy(atom, thrLayout, valLayout): the values of each thread
  /// form a block of valLayout's shape; the blocks are raked over the tile by
  /// thrLayout.
  static Result<TiledCopy> make(CopyAtom atom, int valueBits,
                                const Layout &thrLayout,
                                const Layout &valLayout);
  /// make_tiled_copy_{A,B,C}(atom, tiledMma).
  static Result<TiledCopy> forMma(CopyAtom atom, int valueBits,
                                  const TiledMma &mma, MmaOperand operand);

  const CopyAtom &atom() const { return copyAtom; }
  int valueBits() const { return bits; }
  /// (thread index, value index) -> index in the column-major tile.
  const Layout &layoutTV() const { return tiledTV; }
  const IntTuple &tileShape() const { return tile; }
  int64_t numThreads() const { return size(tiledTV.mode(0)).value(); }
  int64_t numValues() const { return size(tiledTV.mode(1)).value(); }

  /// The atom's layouts in values of the value type.
  const Layout &atomSrc() const { return srcValues; }
  const Layout &atomDst() const { return dstValues; }
  const Layout &atomRef() const { return refValues; }

  /// (thread, value, (RestM,RestN,...)) form of a tensor's layout, seen by
  /// the source (tidfrg_S) or the destination (tidfrg_D).
  Result<Layout> tidfrgS(const Layout &tensor) const;
  Result<Layout> tidfrgD(const Layout &tensor) const;
  /// The part of a tensor thread `thread` copies from / to: the layout of its
  /// values (FrgV,RestM,RestN,...) and the offset of its first one.
  Result<std::pair<Layout, Int>> partitionS(const Layout &tensor,
                                            const Int &thread) const;
  Result<std::pair<Layout, Int>> partitionD(const Layout &tensor,
                                            const Int &thread) const;
  /// retile_S / retile_D: a thread's fragment (for example an MMA's register
  /// fragment) regrouped as ((AtomVal,RestVal),RestM,RestN,...) for this copy.
  Result<Layout> retile(const Layout &fragment) const;

  /// (thread index, value index) -> tile index as the source / destination
  /// sees it.
  Result<Layout> layoutS_TV() const;
  Result<Layout> layoutD_TV() const;

private:
  Result<Layout> tile2thrfrg(const Layout &tiled, const Layout &ref2trg) const;
  Result<Layout> tidfrg(const Layout &tensor, const Layout &atomTrg) const;
  Result<std::pair<Layout, Int>> partition(const Layout &frg, size_t restRank,
                                           const Int &thread) const;
  Tiler tiler() const;

  CopyAtom copyAtom;
  int bits = 0;
  Layout srcValues, dstValues, refValues;
  Layout tiledTV;
  IntTuple tile;
};

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_TILEDCOPY_H
