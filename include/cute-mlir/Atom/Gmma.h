//===- Gmma.h - wgmma shared-memory layouts and descriptors -----*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// wgmma reads its shared-memory operands through a 64-bit matrix descriptor
// that names one of four canonical layouts (interleaved, or 32, 64 or 128
// byte swizzle) and two strides. CuTe gives a layout atom for each of them,
// K-major and MN-major; a tile built from an atom with tile_to_shape is what
// wgmma can read, and the descriptor's fields follow from the tile's layout.
//
// Here the swizzles are in units of elements, as our tensor types use them
// (CuTe keeps them in bytes and the layouts in bits): the 128-byte swizzle of
// 16-bit values is Sw<3,3,3>, of 32-bit values Sw<3,2,3>, of 8-bit values
// Sw<3,4,3>.
//
// The descriptor fields are in units of 16 bytes, as the PTX ISA's "matrix
// descriptor" has them. The base offset is taken to be 0, which holds when a
// swizzled tile starts at a multiple of its swizzle's repeat (1024 bytes for
// the 128-byte swizzle).
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_ATOM_GMMA_H
#define CUTE_MLIR_ATOM_GMMA_H

#include "cute-mlir/Layout/Swizzle.h"

namespace mlir {
namespace cute {

/// Which mode of a wgmma operand is contiguous in shared memory.
enum class GmmaMajor { K, MN };
/// The layout types of the descriptor, with the values of its 2-bit field.
enum class GmmaLayoutType { Interleave = 0, B128 = 1, B64 = 2, B32 = 3 };

/// "K" / "MN"; "INTER", "SW32", "SW64", "SW128".
std::string str(GmmaMajor major);
std::string str(GmmaLayoutType type);
Result<GmmaMajor> parseGmmaMajor(const std::string &text);
Result<GmmaLayoutType> parseGmmaLayoutType(const std::string &text);

/// CuTe's GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> for values of
/// `valueBits` bits (8, 16 or 32), in elements.
Result<ComposedLayout> gmmaLayoutAtom(GmmaMajor major, GmmaLayoutType type,
                                      int valueBits);

struct GmmaDescriptor {
  GmmaLayoutType layoutType;
  /// Leading and stride byte offsets, in 16-byte units (14-bit fields).
  int64_t leadingByteOffset;
  int64_t strideByteOffset;
  /// The 64-bit descriptor for an operand at shared-memory byte address
  /// `address` (a multiple of 16).
  uint64_t encode(uint32_t address) const;
};

/// The descriptor of one wgmma's operand tile: an (MN,K) layout in elements,
/// possibly swizzled, whose K extent is one wgmma's (32 bytes). The error
/// names the condition the layout violates.
Result<GmmaDescriptor> makeGmmaDescriptor(const ComposedLayout &tile,
                                          int valueBits, GmmaMajor major);

} // namespace cute
} // namespace mlir

#endif // CUTE_MLIR_ATOM_GMMA_H
