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
// The bulk copies (cp.async.bulk) move a contiguous run of a multiple of 16
// bytes with no tensor map.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_TMAATOM_H
#define CUTE_MLIR_ATOM_TMAATOM_H

#include "cute-mlir/Atom/CopyAtom.h"
#include "cute-mlir/Layout/Swizzle.h"

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

  /// CuTe's name: SM90_TMA_LOAD_2D, SM90_TMA_LOAD_MULTICAST_3D, ...
  std::string name() const;
  int64_t boxBytes() const;
  /// The swizzle TMA applies to shared-memory byte addresses: Sw<B,4,3>
  /// with 16 << B the swizzle's width (Sw<0,4,3>, the identity, for none).
  Swizzle byteSwizzle() const;
  /// The atom as a copy atom: one thread moving the box's bits.
  CopyAtom copyAtom() const;
};

/// A TMA atom, or an error naming the hardware limit it breaks.
Result<TmaAtom> makeTmaAtom(TmaKind kind, std::vector<int64_t> box,
                            int valueBits, int64_t swizzleBytes,
                            int64_t multicastCtas = 1);

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
