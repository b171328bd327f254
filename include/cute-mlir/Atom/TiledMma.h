//===- TiledMma.h - An MMA atom tiled over threads and values ---*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// CuTe's TiledMMA: an atom, a layout of atoms over (M,N,K) (each atom runs on
// its own group of threads) and an optional permutation of each mode. The
// queries are CuTe's: the tile size, thrfrg_{A,B,C} (a tensor of the tile's
// shape reshaped to ((thread),(value)) form) and the (thread, value) layouts
// of A, B and C over the whole tile. Everything is computed by the layout
// algebra, as CuTe computes it.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_TILEDMMA_H
#define CUTE_MLIR_ATOM_TILEDMMA_H

#include "cute-mlir/Atom/MmaAtom.h"

namespace mlir {
namespace cute {

/// The most threads a TiledMMA or TiledCopy may span: a CTA's limit.
constexpr int64_t kMaxTiledThreads = 1024;
/// The most elements a TiledMMA's permuted mode may span: the (thread,
/// value) layouts are checked element by element over a tile of this order.
constexpr int64_t kMaxTiledModeExtent = int64_t(1) << 16;

class TiledMma {
public:
  /// make_tiled_mma(atom, atomLayout, permutations): the atom layout is
  /// padded to rank 3 with 1:0, the permutation (a tiler of up to 3 modes,
  /// `_` for none) to rank 3 with `_`. At most kMaxTiledThreads threads, and
  /// each mode's tile at most kMaxTiledModeExtent elements.
  static Result<TiledMma> get(MmaAtom atom, Layout atomLayout,
                              Tiler permutation = Tiler::tuple({}));

  const MmaAtom &atom() const { return mmaAtom; }
  /// tiled_product(ThrID, atom layout): (V,M,N,K) -> thread index.
  const Layout &thrLayoutVMNK() const { return vmnk; }
  int64_t numThreads() const { return size(vmnk).value(); }
  /// The size of the tile in mode 0 (M), 1 (N) or 2 (K).
  int64_t tileSize(int mode) const;

  /// ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN))) form of an (M,N) layout.
  Result<Layout> thrfrgC(const Layout &c) const;
  /// ((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK))) form of an (M,K) layout.
  Result<Layout> thrfrgA(const Layout &a) const;
  /// ((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK))) form of an (N,K) layout.
  Result<Layout> thrfrgB(const Layout &b) const;

  /// The part of an (M,N) layout that thread `thread` owns: the layout of its
  /// values (FrgV,RestM,RestN) and the offset of its first one (CuTe's
  /// get_slice(thread).partition_C). The thread index may be dynamic.
  Result<std::pair<Layout, Int>> partitionC(const Layout &c,
                                            const Int &thread) const;
  Result<std::pair<Layout, Int>> partitionA(const Layout &a,
                                            const Int &thread) const;
  Result<std::pair<Layout, Int>> partitionB(const Layout &b,
                                            const Int &thread) const;

  /// (thread index, value) -> index in the column-major (M,N) tile.
  Result<Layout> layoutC_TV() const;
  /// (thread index, value) -> index in the column-major (M,K) tile.
  Result<Layout> layoutA_TV() const;
  /// (thread index, value) -> index in the column-major (N,K) tile.
  Result<Layout> layoutB_TV() const;

  /// The same three, indexed by logical thread ((ThrV,(ThrM,ThrN)) and so
  /// on) instead of thread index. They differ where an atom's threads are
  /// not lanes 0..n-1: SM70's quadpair is lanes 0-3 and 16-19. The
  /// thread-index form (CuTe's since CUTLASS 4.1) then spans every lane up
  /// to the cosize of ThrLayoutVMNK completed by its complement, and a lane
  /// outside the tiling repeats the values of one inside it: for one
  /// quadpair, lanes 4-15 those of lanes 0-3 and lanes 20-31 those of lanes
  /// 16-19.
  Result<Layout> logicalLayoutC_TV() const;
  Result<Layout> logicalLayoutA_TV() const;
  Result<Layout> logicalLayoutB_TV() const;

private:
  /// A thread's partition of the thrfrg form `frg` over modes (p, q).
  Result<std::pair<Layout, Int>> partition(const Layout &frg, int p, int q,
                                           const Int &thread) const;
  /// The permutation of mode i, or the identity tile of its natural size.
  Tiler permutation(int i) const;
  /// thrfrg of one operand, over tile modes (p, q) of MNK.
  Result<Layout> thrfrg(const Layout &x, int p, int q,
                        const Layout &atomTV) const;
  /// The (thread, value) layout of an operand over modes (p, q), by thread
  /// index or by logical thread.
  Result<Layout> layoutTV(int p, int q, const Layout &atomTV,
                          bool logical = false) const;
  /// thread index -> (ThrV,ThrM,ThrN,ThrK) position, CuTe's thridx_2_thrid.
  Result<Layout> threadIndexToThrid() const;

  MmaAtom mmaAtom;
  Layout atomLayoutMNK;
  Layout vmnk;
  std::vector<Tiler> permutations;
};

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_TILEDMMA_H
