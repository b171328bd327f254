//===- TiledMma.cpp - An MMA atom tiled over threads and values -----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/TiledMma.h"

using namespace mlir::cute;

Result<TiledMma> TiledMma::get(MmaAtom atom, Layout atomLayout,
                               Tiler permutation) {
  if (atomLayout.rank() > 3)
    return algebraError("the atom layout " + atomLayout.str() +
                        " has more than 3 modes (M,N,K)");
  if (!atomLayout.isStatic())
    return algebraError("the atom layout must be static, got " +
                        atomLayout.str());
  // Bound the work before building any layout of the tiling: the checks of
  // its partitions go thread by thread and element by element.
  {
    OverflowScope overflow;
    Int atoms = size(atomLayout);
    Int threads = size(atom.thrID) * atoms;
    if (overflow.overflowed())
      return algebraError("the atom layout " + atomLayout.str() +
                          " has more than 2^63 atoms");
    if (threads.value() > kMaxTiledThreads)
      return algebraError(
          "the atom layout " + atomLayout.str() + " tiles " + threads.str() +
          " threads (" + atoms.str() + " atoms of " + size(atom.thrID).str() +
          "), more than a CTA's " + std::to_string(kMaxTiledThreads));
    // Each atom runs on its own threads: the layout numbers the atoms
    // 0..n-1, each once (a stride of 0 or -1 would share or lose threads).
    int64_t n = atoms.value();
    std::vector<bool> seen(n, false);
    for (int64_t i = 0; i < n; ++i) {
      Result<Int> at = atomLayout(IntTuple(i));
      int64_t k = at.failed() || !at->isStatic() ? -1 : at->value();
      if (k < 0 || k >= n || seen[k])
        return algebraError("the atom layout " + atomLayout.str() +
                            " does not number its " + std::to_string(n) +
                            " atoms 0.." + std::to_string(n - 1) +
                            " one to one: atom " + std::to_string(i) +
                            " gets " + (at.failed() ? "?" : at->str()));
      seen[k] = true;
    }
  }
  TiledMma t;
  t.mmaAtom = std::move(atom);
  t.atomLayoutMNK = appendTo(atomLayout, 3);
  CUTE_TRY(vmnk, tiledProduct(t.mmaAtom.thrID, Tiler(t.atomLayoutMNK)));
  t.vmnk = vmnk;
  if (permutation.isTuple()) {
    if (permutation.rank() > 3)
      return algebraError("the permutation " + permutation.str() +
                          " has more than 3 modes (M,N,K)");
    for (size_t i = 0; i < permutation.rank(); ++i)
      t.permutations.push_back(permutation.mode(i));
  } else {
    t.permutations.push_back(permutation);
  }
  while (t.permutations.size() < 3)
    t.permutations.push_back(Tiler::underscore());
  static const char *modeNames[] = {"M", "N", "K"};
  for (int i = 0; i < 3; ++i) {
    const Tiler &p = t.permutations[i];
    if (p.isTuple())
      return algebraError("each mode's permutation is a layout or `_`");
    if (p.isUnderscore())
      continue;
    // The permuted tile holds whole rows of atoms: a smaller one would leave
    // some atoms' threads outside it.
    int64_t atomExtent = t.mmaAtom.shapeMNK.mode(i).value().value();
    int64_t atoms = size(t.vmnk.mode(i + 1)).value();
    OverflowScope overflow;
    Int extent = size(p.layout());
    if (overflow.overflowed() ||
        (extent.isStatic() && extent.value() > kMaxTiledModeExtent))
      return algebraError("the " + std::string(modeNames[i]) + " permutation " +
                          p.str() + " spans more than " +
                          std::to_string(kMaxTiledModeExtent) + " elements");
    if (!extent.isStatic() || extent.value() % (atomExtent * atoms) != 0)
      return algebraError("the " + std::string(modeNames[i]) +
                          " permutation spans " + extent.str() +
                          ", not a multiple of the " +
                          std::to_string(atomExtent * atoms) + " that " +
                          std::to_string(atoms) + " atom(s) of extent " +
                          std::to_string(atomExtent) + " span");
    // A permutation reorders the tile: each index in it exactly once.
    std::vector<bool> seen(extent.value(), false);
    for (int64_t j = 0; j < extent.value(); ++j) {
      Result<Int> at = p.layout()(IntTuple(j));
      int64_t k = at.failed() || !at->isStatic() ? -1 : at->value();
      if (k < 0 || k >= extent.value() || seen[k])
        return algebraError(
            "the " + std::string(modeNames[i]) + " permutation " + p.str() +
            " is not a permutation of 0.." +
            std::to_string(extent.value() - 1) + ": index " +
            std::to_string(j) + " goes to " +
            (k < 0 ? std::string("?") : std::to_string(k)) +
            (k >= 0 && k < extent.value() ? ", taken before" : ""));
      seen[k] = true;
    }
  }
  return t;
}

Tiler TiledMma::permutation(int i) const {
  if (!permutations[i].isUnderscore())
    return permutations[i];
  // `_`: the atom's extent times the atoms tiled in this mode.
  Int extent = mmaAtom.shapeMNK.mode(i).value() * size(vmnk.mode(i + 1));
  return Tiler(makeLayout(IntTuple(extent)));
}

int64_t TiledMma::tileSize(int mode) const {
  return size(permutation(mode).layout()).value();
}

Result<Layout> TiledMma::thrfrg(const Layout &x, int p, int q,
                                const Layout &atomTV) const {
  // Reorder for the tiled atoms, then tile by the atom.
  CUTE_TRY(permuted,
           logicalDivide(x, Tiler::tuple({permutation(p), permutation(q)})));
  Tiler atomTile = Tiler::tuple({Tiler(makeLayout(mmaAtom.shapeMNK.mode(p))),
                                 Tiler(makeLayout(mmaAtom.shapeMNK.mode(q)))});
  CUTE_TRY(tiled, zippedDivide(permuted, atomTile));
  // The atom's (M,K)-like mode to (thread, value).
  CUTE_TRY(tv, composition(tiled,
                           Tiler::tuple({Tiler(atomTV), Tiler::underscore()})));
  // Tile the atom's threads by the atoms of modes p and q.
  Tiler threads =
      Tiler::tuple({Tiler::underscore(),
                    Tiler::tuple({Tiler(makeLayout(size(vmnk.mode(p + 1)))),
                                  Tiler(makeLayout(size(vmnk.mode(q + 1))))})});
  return zippedDivide(tv, threads);
}

Result<Layout> TiledMma::thrfrgC(const Layout &c) const {
  return thrfrg(c, 0, 1, mmaAtom.cLayout);
}
Result<Layout> TiledMma::thrfrgA(const Layout &a) const {
  return thrfrg(a, 0, 2, mmaAtom.aLayout);
}
Result<Layout> TiledMma::thrfrgB(const Layout &b) const {
  return thrfrg(b, 1, 2, mmaAtom.bLayout);
}

Result<Layout> TiledMma::layoutTV(int p, int q, const Layout &atomTV,
                                  bool logical) const {
  Layout ref = makeLayout(IntTuple::tuple({tileSize(p), tileSize(q)}));
  CUTE_TRY(frg, thrfrg(ref, p, q, atomTV));
  // A and B do not depend on the atoms tiled in N and M respectively: spread
  // their thread mode over (ThrM,ThrN) with a 0 stride for the missing one,
  // as CuTe's atile / btile do.
  if (p != 0 || q != 1) {
    Int m = size(vmnk.mode(1)), n = size(vmnk.mode(2));
    IntTuple spreadShape = IntTuple::tuple({m, n});
    IntTuple spreadStride =
        p == 0 ? IntTuple::tuple({1, 0}) : IntTuple::tuple({0, 1});
    Tiler spread = Tiler::tuple(
        {Tiler::underscore(),
         Tiler::tuple({Tiler(makeLayoutUnchecked(spreadShape, spreadStride)),
                       Tiler::underscore()})});
    CUTE_TRY(spreadFrg,
             composition(frg, Tiler::tuple({spread, Tiler::underscore()})));
    frg = spreadFrg;
  } else if (!size(vmnk.mode(3)).is(1)) {
    // Atoms tiled along K each hold a partial sum of the same C.
    Int m = size(vmnk.mode(1)), n = size(vmnk.mode(2));
    Int k = size(vmnk.mode(3));
    Tiler spread =
        Tiler::tuple({Tiler::underscore(),
                      Tiler(makeLayoutUnchecked(IntTuple::tuple({m, n, k}),
                                                IntTuple::tuple({1, m, 0})))});
    CUTE_TRY(spreadFrg,
             composition(frg, Tiler::tuple({spread, Tiler::underscore()})));
    frg = spreadFrg;
  }
  if (logical)
    return frg;
  CUTE_TRY(toThrid, threadIndexToThrid());
  return composition(frg, Tiler::tuple({Tiler(toThrid), Tiler::underscore()}));
}

Result<Layout> TiledMma::threadIndexToThrid() const {
  // CuTe's thridx_2_thrid (since CUTLASS 4.1): complete ThrLayoutVMNK with
  // its complement so that every thread index below its cosize has a right
  // inverse, then fold the complement's coordinate away with a 0 stride.
  CUTE_TRY(rest, complement(vmnk));
  Layout toPosition = rightInverse(makeLayout({vmnk, rest}));
  Layout fold = makeLayoutUnchecked(IntTuple::tuple({size(vmnk), Int(1)}),
                                    IntTuple::tuple({1, 0}));
  return composition(fold, toPosition);
}

Result<Layout> TiledMma::layoutC_TV() const {
  return layoutTV(0, 1, mmaAtom.cLayout);
}
Result<Layout> TiledMma::layoutA_TV() const {
  return layoutTV(0, 2, mmaAtom.aLayout);
}
Result<Layout> TiledMma::layoutB_TV() const {
  return layoutTV(1, 2, mmaAtom.bLayout);
}
Result<Layout> TiledMma::logicalLayoutC_TV() const {
  return layoutTV(0, 1, mmaAtom.cLayout, /*logical=*/true);
}
Result<Layout> TiledMma::logicalLayoutA_TV() const {
  return layoutTV(0, 2, mmaAtom.aLayout, /*logical=*/true);
}
Result<Layout> TiledMma::logicalLayoutB_TV() const {
  return layoutTV(1, 2, mmaAtom.bLayout, /*logical=*/true);
}

Result<std::pair<Layout, Int>>
TiledMma::partition(const Layout &frg, int p, int q, const Int &thread) const {
  // The thread's coordinate in (V,M,N,K), each mode linearized.
  CUTE_TRY(flat, flatCoord(vmnk, thread));
  IntTuple threadCoord =
      IntTuple::tuple({flat[0], IntTuple::tuple({flat[p + 1], flat[q + 1]})});
  // Slice the thread modes; keep the value modes, (FrgV,(RestP,RestQ)).
  size_t rest = frg.shape().mode(1).mode(1).rank();
  IntTuple valueCoord =
      IntTuple::tuple({IntTuple::underscore(),
                       rest == 1 ? IntTuple::underscore()
                                 : IntTuple::tuple(std::vector<IntTuple>(
                                       rest, IntTuple::underscore()))});
  IntTuple coord = IntTuple::tuple({threadCoord, valueCoord});
  CUTE_TRY(values, slice(coord, frg));
  std::vector<IntTuple> zeros(rest, IntTuple(0));
  IntTuple start = IntTuple::tuple(
      {threadCoord,
       IntTuple::tuple({0, rest == 1 ? IntTuple(0) : IntTuple::tuple(zeros)})});
  CUTE_TRY(offset, frg(start));
  return std::make_pair(values, offset);
}

Result<std::pair<Layout, Int>> TiledMma::partitionC(const Layout &c,
                                                    const Int &thread) const {
  CUTE_TRY(frg, thrfrgC(c));
  return partition(frg, 0, 1, thread);
}

Result<std::pair<Layout, Int>> TiledMma::partitionA(const Layout &a,
                                                    const Int &thread) const {
  CUTE_TRY(frg, thrfrgA(a));
  return partition(frg, 0, 2, thread);
}

Result<std::pair<Layout, Int>> TiledMma::partitionB(const Layout &b,
                                                    const Int &thread) const {
  CUTE_TRY(frg, thrfrgB(b));
  return partition(frg, 1, 2, thread);
}
