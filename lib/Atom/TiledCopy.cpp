//===- TiledCopy.cpp - A copy atom tiled over threads and values ----------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/TiledCopy.h"

using namespace mlir::cute;

static Tiler shapeTiler(const IntTuple &shape) {
  std::vector<Tiler> modes;
  for (size_t i = 0; i < shape.rank(); ++i)
    modes.push_back(Tiler(makeLayout(IntTuple(product(shape.mode(i))))));
  return modes.size() == 1 ? modes.front() : Tiler::tuple(modes);
}

Result<TiledCopy> TiledCopy::get(CopyAtom atom, int valueBits, Layout layoutTV,
                                 IntTuple tileShape) {
  if (valueBits <= 0 || atom.bitsPerThread() % valueBits != 0)
    return algebraError(atom.name + " moves " +
                        std::to_string(atom.bitsPerThread()) +
                        " bits per thread, not a whole number of " +
                        std::to_string(valueBits) + "-bit values");
  // As CuTe's Copy_Atom asserts: no value straddles two of the atom's
  // pieces (a transposed ldmatrix moves 16 bits to a different thread).
  if (auto counts = valuesPerThread(atom, valueBits); counts.failed())
    return counts.takeError();
  if (!layoutTV.isStatic() || !tileShape.isStatic())
    return algebraError("a TiledCopy's layouts must be static, got " +
                        layoutTV.str());
  if (layoutTV.rank() != 2)
    return algebraError("a TiledCopy's layout is (thread, value), got " +
                        layoutTV.str());
  TiledCopy t;
  t.copyAtom = std::move(atom);
  t.bits = valueBits;
  CUTE_TRY(src, upcast(t.copyAtom.srcLayout, valueBits));
  CUTE_TRY(dst, upcast(t.copyAtom.dstLayout, valueBits));
  CUTE_TRY(ref, upcast(t.copyAtom.refLayout, valueBits));
  t.srcValues = src;
  t.dstValues = dst;
  t.refValues = ref;
  int64_t atomThreads = size(ref.mode(0)).value();
  int64_t atomValues = size(ref.mode(1)).value();
  int64_t threads = size(layoutTV.mode(0)).value();
  int64_t values = size(layoutTV.mode(1)).value();
  if (threads > kMaxTiledThreads)
    return algebraError("the copy's " + std::to_string(threads) +
                        " threads are more than a CTA's " +
                        std::to_string(kMaxTiledThreads));
  if (threads % atomThreads != 0)
    return algebraError("the copy's " + std::to_string(threads) +
                        " threads are not a multiple of the " +
                        std::to_string(atomThreads) + " threads of " +
                        t.copyAtom.name);
  if (values % atomValues != 0)
    return algebraError("the copy's " + std::to_string(values) +
                        " values per thread are not a multiple of the " +
                        std::to_string(atomValues) + " values " +
                        t.copyAtom.name + " moves per thread");
  if (cosize(layoutTV).value() > product(tileShape).value())
    return algebraError("the (thread, value) layout " + layoutTV.str() +
                        " reaches past the " + tileShape.str() + " tile");
  t.tiledTV = std::move(layoutTV);
  t.tile = std::move(tileShape);
  return t;
}

Result<TiledCopy> TiledCopy::make(CopyAtom atom, int valueBits,
                                  const Layout &thrLayout,
                                  const Layout &valLayout) {
  if (!thrLayout.isStatic() || !valLayout.isStatic())
    return algebraError("make_tiled_copy needs static thread and value "
                        "layouts");
  {
    OverflowScope overflow;
    Int threads = size(thrLayout);
    if (overflow.overflowed() || threads.value() > kMaxTiledThreads)
      return algebraError("the thread layout " + thrLayout.str() +
                          " has more threads than a CTA's " +
                          std::to_string(kMaxTiledThreads));
  }
  // (M,N) -> (thread, value), then inverted to (thread, value) -> (M,N).
  CUTE_TRY(layoutMN, rakedProduct(thrLayout, valLayout));
  IntTuple tv = IntTuple::tuple({size(thrLayout), size(valLayout)});
  CUTE_TRY(layoutTV, composition(rightInverse(layoutMN), makeLayout(tv)));
  return get(std::move(atom), valueBits, layoutTV,
             productEach(layoutMN.shape()));
}

Result<TiledCopy> TiledCopy::forMma(CopyAtom atom, int valueBits,
                                    const TiledMma &mma, MmaOperand operand) {
  switch (operand) {
  case MmaOperand::A: {
    CUTE_TRY(tv, mma.layoutA_TV());
    return get(std::move(atom), valueBits, tv,
               IntTuple::tuple({mma.tileSize(0), mma.tileSize(2)}));
  }
  case MmaOperand::B: {
    CUTE_TRY(tv, mma.layoutB_TV());
    return get(std::move(atom), valueBits, tv,
               IntTuple::tuple({mma.tileSize(1), mma.tileSize(2)}));
  }
  case MmaOperand::C: {
    CUTE_TRY(tv, mma.layoutC_TV());
    return get(std::move(atom), valueBits, tv,
               IntTuple::tuple({mma.tileSize(0), mma.tileSize(1)}));
  }
  }
  return algebraError("unknown MMA operand");
}

Tiler TiledCopy::tiler() const { return shapeTiler(tile); }

Result<Layout> TiledCopy::tile2thrfrg(const Layout &tiled,
                                      const Layout &ref2trg) const {
  // ((atom_thr,atom_val),(rest_thr,rest_val)) -> tile index
  IntTuple atomTV = refValues.shape();
  CUTE_TRY(atomBlocks,
           zippedDivide(
               tiledTV,
               Tiler::tuple(
                   {Tiler(makeLayout(IntTuple(product(atomTV.mode(0))))),
                    Tiler(makeLayout(IntTuple(product(atomTV.mode(1)))))})));
  // The atom's block in the target's own (thread, value) order.
  CUTE_TRY(trg, composition(atomBlocks, Tiler::tuple({Tiler(ref2trg),
                                                      Tiler::underscore()})));
  // ((trg_thr,rest_thr),(trg_val,rest_val)) -> tile index
  CUTE_TRY(zipped, zip(trg.mode(0), trg.mode(1)));
  CUTE_TRY(thrval2mn,
           coalesce(zipped, IntTuple::tuple({1, IntTuple::tuple({1, 1})})));
  CUTE_TRY(tv, composition(tiled, Tiler::tuple({Tiler(thrval2mn),
                                                Tiler::underscore()})));
  // ((thr,val),rest) -> (thr,val,rest)
  return makeLayout(
      std::vector<Layout>{tv.mode(0).mode(0), tv.mode(0).mode(1), tv.mode(1)});
}

Result<Layout> TiledCopy::tidfrg(const Layout &tensor,
                                 const Layout &atomTrg) const {
  if (tensor.rank() < tile.rank())
    return algebraError("the rank-" + std::to_string(tensor.rank()) +
                        " tensor " + tensor.str() + " is smaller than the " +
                        tile.str() + " tile of the copy");
  CUTE_TRY(tiled, zippedDivide(tensor, tiler()));
  CUTE_TRY(ref2trg, composition(rightInverse(refValues), atomTrg));
  return tile2thrfrg(tiled, ref2trg);
}

Result<Layout> TiledCopy::tidfrgS(const Layout &tensor) const {
  return tidfrg(tensor, srcValues);
}
Result<Layout> TiledCopy::tidfrgD(const Layout &tensor) const {
  return tidfrg(tensor, dstValues);
}

Result<std::pair<Layout, Int>> TiledCopy::partition(const Layout &frg,
                                                    size_t restRank,
                                                    const Int &thread) const {
  if (thread.isStatic() &&
      (thread.value() < 0 || thread.value() >= numThreads()))
    return algebraError("thread " + thread.str() + " is not one of the " +
                        std::to_string(numThreads()) + " threads of the copy");
  // (thr, val, (rest...)) sliced at the thread: (val, rest...).
  std::vector<Layout> modes{frg.mode(1)};
  Layout rest = frg.mode(2);
  if (restRank == 1)
    modes.push_back(rest);
  else
    for (size_t i = 0; i < rest.rank(); ++i)
      modes.push_back(rest.mode(i));
  CUTE_TRY(offset, frg.mode(0)(IntTuple(thread)));
  return std::make_pair(makeLayout(modes), offset);
}

Result<std::pair<Layout, Int>> TiledCopy::partitionS(const Layout &tensor,
                                                     const Int &thread) const {
  CUTE_TRY(frg, tidfrgS(tensor));
  return partition(frg, tensor.rank(), thread);
}

Result<std::pair<Layout, Int>> TiledCopy::partitionD(const Layout &tensor,
                                                     const Int &thread) const {
  CUTE_TRY(frg, tidfrgD(tensor));
  return partition(frg, tensor.rank(), thread);
}

Result<Layout> TiledCopy::retile(const Layout &fragment) const {
  if (fragment.rank() < 2)
    return algebraError("retile needs a (values, rest...) fragment, got " +
                        fragment.str());
  Int v = size(fragment.mode(0));
  // (m,n) -> value index: where the first V values of each thread sit.
  CUTE_TRY(mnToValue, composition(rightInverse(tiledTV), makeLayout(tile)));
  CUTE_TRY(frgMN, upcast(mnToValue, numThreads() * v.value()));
  // (atom values, rest values) -> (v,m,n)
  CUTE_TRY(product,
           logicalProduct(makeLayout(IntTuple(v)), Tiler(rightInverse(frgMN))));
  CUTE_TRY(frgV,
           zippedDivide(product, Tiler(makeLayout(size(refValues.mode(1))))));
  // Tile the fragment by (V, TileM, TileN) and regroup its values.
  std::vector<Tiler> tileModes{Tiler(makeLayout(IntTuple(v)))};
  IntTuple mn = productEach(frgMN.shape());
  for (size_t i = 0; i < mn.rank(); ++i)
    tileModes.push_back(Tiler(makeLayout(mn.mode(i))));
  CUTE_TRY(tiled, zippedDivide(fragment, Tiler::tuple(tileModes)));
  CUTE_TRY(regrouped, composition(tiled, Tiler::tuple({Tiler(frgV),
                                                       Tiler::underscore()})));
  // ((values), (1, rest...)) -> ((values), rest...)
  std::vector<Layout> modes{regrouped.mode(0)};
  Layout rest = regrouped.mode(1);
  for (size_t i = 1; i < rest.rank(); ++i)
    modes.push_back(rest.mode(i));
  return makeLayout(modes);
}

Result<Layout> TiledCopy::layoutS_TV() const {
  Layout ref = makeLayout(IntTuple::tuple({tile, 1}));
  CUTE_TRY(ref2src, composition(rightInverse(refValues), srcValues));
  CUTE_TRY(frg, tile2thrfrg(ref, ref2src));
  return makeLayout(std::vector<Layout>{frg.mode(0), frg.mode(1)});
}

Result<Layout> TiledCopy::layoutD_TV() const {
  Layout ref = makeLayout(IntTuple::tuple({tile, 1}));
  CUTE_TRY(ref2dst, composition(rightInverse(refValues), dstValues));
  CUTE_TRY(frg, tile2thrfrg(ref, ref2dst));
  return makeLayout(std::vector<Layout>{frg.mode(0), frg.mode(1)});
}
