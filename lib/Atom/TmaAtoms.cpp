//===- TmaAtoms.cpp - TMA and bulk-copy atoms -----------------------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/TmaAtom.h"

#include "cute-mlir/Layout/Notation.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir::cute;

std::string mlir::cute::str(TmaKind kind) {
  switch (kind) {
  case TmaKind::Load:
    return "load";
  case TmaKind::LoadMulticast:
    return "load_multicast";
  case TmaKind::Store:
    return "store";
  case TmaKind::ReduceAdd:
    return "reduce_add";
  }
  return "?";
}

Result<TmaKind> mlir::cute::parseTmaKind(const std::string &text) {
  for (TmaKind k : {TmaKind::Load, TmaKind::LoadMulticast, TmaKind::Store,
                    TmaKind::ReduceAdd})
    if (text == str(k))
      return k;
  return algebraError("a TMA copy is load, load_multicast, store or "
                      "reduce_add, not " +
                      text);
}

std::string TmaAtom::name() const {
  std::string op = kind == TmaKind::Load            ? "LOAD"
                   : kind == TmaKind::LoadMulticast ? "LOAD_MULTICAST"
                   : kind == TmaKind::Store         ? "STORE"
                                                    : "REDUCE_ADD";
  return "SM90_TMA_" + op + "_" + std::to_string(box.size()) + "D";
}

int64_t TmaAtom::boxElements() const {
  int64_t elements = 1;
  for (int64_t e : box)
    elements *= e;
  return elements;
}

Swizzle TmaAtom::byteSwizzle() const {
  int bits = swizzleBytes ? int(llvm::Log2_64(swizzleBytes / 16)) : 0;
  return *Swizzle::get(bits, 4, 3);
}

/// One thread moving `bits` bits.
static CopyAtom singleThread(std::string name, int arch, int64_t bits) {
  CopyAtom atom;
  atom.name = std::move(name);
  atom.arch = arch;
  atom.thrID = makeLayout(IntTuple(1));
  atom.srcLayout = atom.dstLayout = atom.refLayout =
      makeLayoutUnchecked(IntTuple::tuple({1, bits}), IntTuple::tuple({0, 1}));
  return atom;
}

CopyAtom TmaAtom::copyAtom() const {
  return singleThread(name(), 90, boxBytes() * 8);
}

Result<TmaAtom> mlir::cute::makeTmaAtom(TmaKind kind, std::vector<int64_t> box,
                                        int valueBits, int64_t swizzleBytes,
                                        int64_t multicastCtas) {
  if (box.empty() || box.size() > 5)
    return algebraError("a TMA box has 1 to 5 dimensions, got " +
                        std::to_string(box.size()));
  if (valueBits != 8 && valueBits != 16 && valueBits != 32 && valueBits != 64)
    return algebraError("TMA copies 8-, 16-, 32- or 64-bit elements, not " +
                        std::to_string(valueBits) + "-bit ones");
  for (size_t i = 0; i < box.size(); ++i)
    if (box[i] < 1 || box[i] > 256)
      return algebraError("TMA box extent " + std::to_string(box[i]) +
                          " of dimension " + std::to_string(i) +
                          " is outside 1..256");
  int64_t innerBytes = box[0] * valueBits / 8;
  if (innerBytes % 16 != 0)
    return algebraError("the TMA box's inner extent is " +
                        std::to_string(innerBytes) +
                        " bytes; it must be a multiple of 16");
  if (swizzleBytes != 0 && swizzleBytes != 32 && swizzleBytes != 64 &&
      swizzleBytes != 128)
    return algebraError("a TMA swizzle is 32, 64 or 128 bytes, not " +
                        std::to_string(swizzleBytes));
  if (swizzleBytes != 0 && innerBytes > swizzleBytes)
    return algebraError("the TMA box's inner extent of " +
                        std::to_string(innerBytes) +
                        " bytes is wider than its " +
                        std::to_string(swizzleBytes) + "-byte swizzle");
  if (kind == TmaKind::LoadMulticast) {
    if (multicastCtas < 2 || multicastCtas > 16)
      return algebraError("a TMA multicast goes to 2..16 CTAs of a cluster, "
                          "not " +
                          std::to_string(multicastCtas));
  } else if (multicastCtas != 1) {
    return algebraError("only load_multicast writes to several CTAs");
  }
  if (kind == TmaKind::ReduceAdd && valueBits == 8)
    return algebraError("TMA reduce-add has no 8-bit form");
  return TmaAtom{kind,
                 std::move(box),
                 valueBits,
                 int(swizzleBytes),
                 int(multicastCtas),
                 /*smem=*/std::nullopt};
}

/// The row-major layout of `extents` (the last mode contiguous).
static Layout rowMajor(const std::vector<int64_t> &extents) {
  std::vector<IntTuple> shape(extents.begin(), extents.end());
  return makeLayoutRowMajor(IntTuple::tuple(std::move(shape)));
}

Result<ComposedLayout> mlir::cute::parseSmemTile(std::string_view text) {
  if (text.find("Sw<") != text.npos || text.find(" o ") != text.npos)
    return parseComposedLayout(text);
  CUTE_TRY(layout, parseLayout(text));
  return ComposedLayout(*Swizzle::get(0, 0, 0), Int(0), layout);
}

std::string mlir::cute::smemTileStr(const ComposedLayout &tile) {
  const auto *sw = std::get_if<Swizzle>(&tile.outer());
  if (sw && sw->bits() == 0 && tile.offset().is(0))
    return tile.inner().str();
  return tile.str();
}

/// The row-major layout of `extents` whose last mode is `boxes` copies of
/// itself, `boxStride` elements apart: (..., (inner, boxes)):(..., (1,
/// boxStride)); just the row-major layout for one box.
static Layout boxesLayout(const std::vector<int64_t> &extents, int64_t boxes,
                          int64_t boxStride) {
  Layout box = rowMajor(extents);
  if (boxes == 1)
    return box;
  std::vector<IntTuple> shape, stride;
  for (size_t i = 0; i + 1 < extents.size(); ++i) {
    shape.push_back(box.mode(i).shape());
    stride.push_back(box.mode(i).stride());
  }
  shape.push_back(IntTuple::tuple({extents.back(), boxes}));
  stride.push_back(IntTuple::tuple({int64_t(1), boxStride}));
  return makeLayoutUnchecked(IntTuple::tuple(std::move(shape)),
                             IntTuple::tuple(std::move(stride)));
}

int64_t TmaAtom::boxStride() const {
  return smem ? size(smem->inner()).value() / boxes : boxElements();
}

ComposedLayout TmaAtom::boxLayout() const {
  std::vector<int64_t> extents(box.rbegin(), box.rend());
  return ComposedLayout(smem->outer(), Int(0),
                        boxesLayout(extents, boxes, boxStride()));
}

Result<TmaAtom> mlir::cute::makeTmaAtomFromSmem(TmaKind kind,
                                                const ComposedLayout &smem,
                                                int valueBits,
                                                int64_t multicastCtas) {
  const auto *sw = std::get_if<Swizzle>(&smem.outer());
  if (!sw)
    return algebraError("TMA swizzles shared memory by a Swizzle<B,M,S>, not "
                        "by the layout " +
                        std::get<Layout>(smem.outer()).str());
  if (!smem.offset().is(0))
    return algebraError("a TMA atom's shared-memory tile starts at offset 0 "
                        "(a stage's base), not " +
                        smem.offset().str());
  const Layout &tile = smem.inner();
  if (!tile.isStatic())
    return algebraError("a TMA atom's shared-memory tile must be static, got " +
                        tile.str());
  size_t rank = tile.rank();
  if (rank < 1 || rank > 5)
    return algebraError("a TMA box has 1 to 5 dimensions, but the tile has " +
                        std::to_string(rank) + " modes");
  std::vector<int64_t> extents;
  for (size_t i = 0; i < rank; ++i)
    extents.push_back(size(tile.mode(i)).value());
  CUTE_TRY(swizzleBytes, tmaSwizzleBytes(*sw, valueBits));
  // A swizzled row of n times the swizzle's width is n boxes side by side,
  // each box a whole one after the previous in shared memory.
  int64_t rowBytes = extents.back() * valueBits / 8;
  int64_t boxes = 1;
  if (swizzleBytes != 0 && rowBytes > swizzleBytes &&
      rowBytes % swizzleBytes == 0)
    boxes = rowBytes / swizzleBytes;
  std::vector<int64_t> boxExtents = extents;
  boxExtents.back() /= boxes;
  int64_t boxElements = size(tile).value() / boxes;
  // Each CTA of a multicast loads its share of the tile: as CuTe's
  // make_tma_copy_desc truncates the box, the CTAs split the outermost mode,
  // and a mode smaller than the CTA count (a batch mode of extent 1, two
  // rows among four CTAs) goes whole to each group of CTAs, which split the
  // next mode in. Each CTA's share is then one contiguous run of the
  // row-major tile: CTA r's starts at element r * (size of a share).
  std::vector<int64_t> share = boxExtents;
  if (kind == TmaKind::LoadMulticast && multicastCtas > 1) {
    int64_t rest = multicastCtas;
    for (size_t i = 0; i < rank && rest > 1; ++i) {
      if (share[i] % rest == 0) {
        share[i] /= rest;
        rest = 1;
      } else if (rest % share[i] == 0) {
        rest /= share[i];
        share[i] = 1;
      } else {
        return algebraError(
            "a multicast to " + std::to_string(multicastCtas) +
            " CTAs splits the tile's outermost mode among them, but " +
            (i == 0 ? std::string("its")
                    : "after " + std::to_string(i) + " outer mode(s), mode " +
                          std::to_string(i) + "'s") +
            " extent " + std::to_string(share[i]) + " is not a multiple of " +
            std::to_string(rest) +
            " (nor a divisor of it, which would split the next mode too)");
      }
      // A swizzled row split among CTAs would be narrower than the swizzle.
      if (i + 1 == rank && share[i] != boxExtents[i] && swizzleBytes != 0)
        return algebraError("a multicast to " + std::to_string(multicastCtas) +
                            " CTAs would split the tile's rows, which its " +
                            std::to_string(swizzleBytes) +
                            "-byte swizzle keeps whole");
    }
    if (rest > 1)
      return algebraError("a multicast to " + std::to_string(multicastCtas) +
                          " CTAs needs a tile of at least as many elements");
  }
  CUTE_TRY(atom,
           makeTmaAtom(kind, std::vector<int64_t>(share.rbegin(), share.rend()),
                       valueBits, swizzleBytes, multicastCtas));
  // TMA writes the box's rows densely, one after the other, and the boxes
  // one after the other.
  Layout want = boxesLayout(boxExtents, boxes, boxElements);
  if (!coalesce(tile).identical(coalesce(want)))
    return algebraError(
        std::string("TMA writes its box row-major (the last mode "
                    "contiguous)") +
        (boxes > 1 ? ", " + std::to_string(boxes) + " boxes one after the other"
                   : std::string()) +
        ", as " + want.str() + ", but the tile is " + tile.str());
  // A swizzled box's rows span the swizzle's width, as CuTe's SW32/64/128
  // atoms do: the swizzle permutes 16-byte chunks within such a row.
  if (swizzleBytes != 0 && rowBytes != swizzleBytes * boxes)
    return algebraError("a " + std::to_string(swizzleBytes) +
                        "-byte swizzle needs rows of " +
                        std::to_string(swizzleBytes) +
                        " bytes, or of a multiple of that (as many boxes), "
                        "but the tile's rows are " +
                        std::to_string(rowBytes) + " bytes");
  // The swizzle repeats every 8 rows of its width: a box that starts
  // elsewhere would be read with the pattern shifted.
  int64_t pattern = swizzleBytes * 8;
  if (boxes > 1 && (boxElements * valueBits / 8) % pattern != 0)
    return algebraError("the tile's " + std::to_string(boxes) +
                        " boxes each start a " + std::to_string(pattern) +
                        "-byte swizzle pattern, but a box is " +
                        std::to_string(boxElements * valueBits / 8) + " bytes");
  // TMA writes shared memory at 128-byte aligned addresses.
  if (atom.multicastCtas > 1 && atom.boxBytes() % 128 != 0)
    return algebraError("each CTA's share of a multicast starts at a 128-byte "
                        "boundary, but a share is " +
                        std::to_string(atom.boxBytes()) + " bytes");
  atom.smem = smem;
  atom.boxes = boxes;
  return atom;
}

Result<int> mlir::cute::tmaSwizzleBytes(const Swizzle &swizzle, int valueBits) {
  if (swizzle.bits() == 0)
    return 0;
  if (valueBits <= 0)
    return algebraError("a value has a positive number of bits");
  int perChunk = 128 / valueBits;
  int base = perChunk > 0 ? int(llvm::Log2_64_Ceil(perChunk)) : 0;
  if (valueBits > 128 || swizzle.bits() > 3 || swizzle.shift() != 3 ||
      swizzle.base() != base)
    return algebraError(swizzle.str() + " is not a TMA swizzle for " +
                        std::to_string(valueBits) + "-bit values (Sw<1|2|3," +
                        std::to_string(base) + ",3>)");
  return 16 << swizzle.bits();
}

Result<CopyAtom> mlir::cute::makeBulkCopyAtom(bool load, int64_t bytes) {
  if (bytes <= 0 || bytes % 16 != 0)
    return algebraError("a bulk copy moves a positive multiple of 16 bytes, "
                        "not " +
                        std::to_string(bytes));
  // cp.async.bulk takes its size as a .u32.
  if (bytes > 0xFFFFFFF0)
    return algebraError("a bulk copy moves at most 4294967280 bytes (its size "
                        "is 32 bits), not " +
                        std::to_string(bytes));
  return singleThread(load ? "SM90_BULK_COPY_G2S" : "SM90_BULK_COPY_S2G", 90,
                      bytes * 8);
}
