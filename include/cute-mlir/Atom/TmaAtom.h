//===- TmaAtom.h - TMA and bulk-copy atoms ----------------------*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The Hopper Tensor Memory Accelerator copies a whole box of a 1-5
// dimensional tensor between global and shared memory, issued by one thread.
// As CuTe does (Copy_Traits<SM90_TMA_LOAD, NumBits>), its atom is one thread
// moving the box's bits; what makes it a TMA atom is the box, the element
// type, the shared-memory swizzle and the limits the hardware puts on them,
// checked here with a message per limit (cuTensorMapEncodeTiled's rules):
//
//   - 1 to 5 dimensions, each box extent 1..256 elements;
//   - the inner extent a multiple of 16 bytes;
//   - with a swizzle, the inner extent at most the swizzle's width (32, 64
//     or 128 bytes);
//   - multicast to 2..16 CTAs of a cluster.
//
// makeTmaAtomFromSmem derives the atom from the shared-memory tile it fills,
// as CuTe's make_tma_copy does: the box is the tile's extents, the swizzle
// its Swizzle<B,M,S> read in bytes, and a multicast to k CTAs gives each CTA
// 1/k of the tile's outermost mode (outer modes smaller than k, such as a
// batch mode of 1, go whole to groups of CTAs that split the next mode, as
// CuTe truncates the box). A swizzled tile wider than its swizzle (128 bf16
// columns under a 128-byte swizzle: CuTe's GMMA atoms tiled along K) is
// several boxes side by side in TMA's innermost dimension, each a whole box
// in shared memory after the previous, as tile_to_shape lays out the
// swizzle atoms: one copy moves them all, as CuTe's TMA copy of such a tile
// issues one instruction per box.
//
// The bulk copies (cp.async.bulk) move a contiguous run of a multiple of 16
// bytes with no tensor map.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_TMAATOM_H
#define CUTE_MLIR_ATOM_TMAATOM_H

#include "cute-mlir/Atom/CopyAtom.h"
#include "cute-mlir/Layout/Swizzle.h"

#include <optional>

namespace mlir {
namespace cute {

enum class TmaKind { Load, LoadMulticast, Store, ReduceAdd };

/// "load", "load_multicast", "store", "reduce_add".
std::string str(TmaKind kind);
Result<TmaKind> parseTmaKind(const std::string &text);

struct TmaAtom {
  TmaKind kind;
  /// The box in elements, innermost (contiguous) mode first.
  std::vector<int64_t> box;
  int valueBits;
  /// 0 (none), 32, 64 or 128.
  int swizzleBytes;
  /// CTAs a multicast load writes to (1 otherwise).
  int multicastCtas;
  /// The shared-memory tile (one stage) the atom was derived from, if it was:
  /// the copies' shared-memory tensors must then lay out its boxes.
  std::optional<ComposedLayout> smem;
  /// Boxes a copy moves, side by side in the innermost dimension (a tile
  /// wider than its swizzle).
  int64_t boxes = 1;

  /// CuTe's name: SM90_TMA_LOAD_2D, SM90_TMA_LOAD_MULTICAST_3D, ...
  std::string name() const;
  /// The elements of one box (of a multicast, one CTA's share).
  int64_t boxElements() const;
  int64_t boxBytes() const { return boxElements() * valueBits / 8; }
  /// The bytes one copy moves into (or out of) a CTA: its boxes.
  int64_t copyBytes() const { return boxBytes() * boxes; }
  /// The elements from one box's start to the next's in shared memory: a
  /// whole box of the `smem` tile, also for a multicast share (the box's
  /// size where the atom has no tile).
  int64_t boxStride() const;
  /// The swizzle TMA applies to shared-memory byte addresses: Sw<B,4,3>
  /// with 16 << B the swizzle's width (Sw<0,4,3>, the identity, for none).
  Swizzle byteSwizzle() const;
  /// The atom as a copy atom: one thread moving the box's bits.
  CopyAtom copyAtom() const;
  /// The layout of the boxes one copy fills in shared memory, swizzle o 0 o
  /// row-major box extents (the last mode contiguous), the last mode
  /// (box, boxes):(1, boxStride) where there are several: for a multicast
  /// load, each CTA's share of the tile. Precondition: `smem` is set.
  ComposedLayout boxLayout() const;
};

/// A TMA atom, or an error naming the hardware limit it breaks.
Result<TmaAtom> makeTmaAtom(TmaKind kind, std::vector<int64_t> box,
                            int valueBits, int64_t swizzleBytes,
                            int64_t multicastCtas = 1);

/// The TMA atom whose boxes fill the static shared-memory tile `smem`
/// (`swizzle o 0 o layout`; its modes are the global tensor's, the last one
/// TMA's innermost dimension), or an error saying why TMA cannot write that
/// layout: the tile must be row-major (the last mode contiguous) with rows of
/// exactly the swizzle's width when swizzled, or rows of n times that width
/// laid out as n such boxes one after the other (the last mode
/// (width, n):(1, box size), each box a whole number of swizzle
/// patterns). A multicast load to
/// `multicastCtas` CTAs splits the tile's first (outermost) mode among them;
/// as CuTe's make_tma_copy does, a mode whose extent divides the CTAs left
/// (a batch mode of 1) is taken whole and the next mode split among the
/// rest, so that CTA r's share is always the r-th contiguous run of the
/// row-major tile.
Result<TmaAtom> makeTmaAtomFromSmem(TmaKind kind, const ComposedLayout &smem,
                                    int valueBits, int64_t multicastCtas = 1);

/// A shared-memory tile as tensor types write it: `Sw<B,M,S> o offset o
/// layout`, or a plain layout (read as Sw<0,0,0> o 0 o layout).
Result<ComposedLayout> parseSmemTile(std::string_view text);
/// The tile as parseSmemTile reads it back (a plain layout when unswizzled).
std::string smemTileStr(const ComposedLayout &tile);

/// The TMA swizzle (0, 32, 64 or 128 bytes) that lays out shared memory as
/// `swizzle` does for `valueBits`-bit values (swizzles in elements, as our
/// tensor types have them), or an error if TMA has no such swizzle.
Result<int> tmaSwizzleBytes(const Swizzle &swizzle, int valueBits);

/// cp.async.bulk between global and shared memory of `bytes` bytes (a
/// multiple of 16 that fits the instruction's 32-bit size operand):
/// SM90_BULK_COPY_G2S (load) or SM90_BULK_COPY_S2G (store).
Result<CopyAtom> makeBulkCopyAtom(bool load, int64_t bytes);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_TMAATOM_H
