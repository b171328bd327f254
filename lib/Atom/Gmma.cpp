//===- Gmma.cpp - wgmma shared-memory layouts and descriptors -------------===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Atom/Gmma.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir::cute;

std::string mlir::cute::str(GmmaMajor major) {
  return major == GmmaMajor::K ? "K" : "MN";
}

std::string mlir::cute::str(GmmaLayoutType type) {
  switch (type) {
  case GmmaLayoutType::Interleave:
    return "INTER";
  case GmmaLayoutType::B32:
    return "SW32";
  case GmmaLayoutType::B64:
    return "SW64";
  case GmmaLayoutType::B128:
    return "SW128";
  }
  return "?";
}

Result<GmmaMajor> mlir::cute::parseGmmaMajor(const std::string &text) {
  if (text == "K")
    return GmmaMajor::K;
  if (text == "MN")
    return GmmaMajor::MN;
  return algebraError("a GMMA major is K or MN, not " + text);
}

Result<GmmaLayoutType>
mlir::cute::parseGmmaLayoutType(const std::string &text) {
  for (GmmaLayoutType t : {GmmaLayoutType::Interleave, GmmaLayoutType::B32,
                           GmmaLayoutType::B64, GmmaLayoutType::B128})
    if (text == str(t))
      return t;
  return algebraError("a GMMA layout is INTER, SW32, SW64 or SW128, not " +
                      text);
}

/// log2 of the swizzle width in 16-byte units: 0 (none), 1, 2 or 3.
static int swizzleBits(GmmaLayoutType type) {
  switch (type) {
  case GmmaLayoutType::Interleave:
    return 0;
  case GmmaLayoutType::B32:
    return 1;
  case GmmaLayoutType::B64:
    return 2;
  case GmmaLayoutType::B128:
    return 3;
  }
  return 0;
}

static Result<int> elementsPer16Bytes(int valueBits) {
  if (valueBits != 8 && valueBits != 16 && valueBits != 32)
    return algebraError("wgmma reads 8-, 16- or 32-bit values from shared "
                        "memory, not " +
                        std::to_string(valueBits) + "-bit ones");
  return 128 / valueBits;
}

Result<ComposedLayout> mlir::cute::gmmaLayoutAtom(GmmaMajor major,
                                                  GmmaLayoutType type,
                                                  int valueBits) {
  CUTE_TRY(perChunk, elementsPer16Bytes(valueBits));
  int b = swizzleBits(type);
  // A row is one swizzle width (16 bytes when interleaved); there are 8.
  int64_t row = int64_t(perChunk) << b;
  CUTE_TRY(swizzle, Swizzle::get(b, int(llvm::Log2_64_Ceil(perChunk)), 3));
  Layout inner = major == GmmaMajor::K
                     ? makeLayoutUnchecked(IntTuple::tuple({8, row}),
                                           IntTuple::tuple({row, 1}))
                     : makeLayoutUnchecked(IntTuple::tuple({row, 8}),
                                           IntTuple::tuple({1, row}));
  return ComposedLayout(swizzle, 0, inner);
}

uint64_t GmmaDescriptor::encode(uint32_t address) const {
  uint64_t desc = 0;
  desc |= uint64_t((address & 0x3FFFF) >> 4);
  desc |= uint64_t(leadingByteOffset & 0x3FFF) << 16;
  desc |= uint64_t(strideByteOffset & 0x3FFF) << 32;
  desc |= uint64_t(static_cast<int>(layoutType) & 0x3) << 62;
  return desc;
}

static int64_t staticStride(const Layout &l, size_t i, size_t j) {
  return l.mode(i).mode(j).stride().value().value();
}

Result<GmmaDescriptor>
mlir::cute::makeGmmaDescriptor(const ComposedLayout &tile, int valueBits,
                               GmmaMajor major) {
  CUTE_TRY(perChunk, elementsPer16Bytes(valueBits));
  const Layout &inner = tile.inner();
  if (!inner.isStatic() || inner.rank() != 2)
    return algebraError("a wgmma operand tile is a static (MN,K) layout, got " +
                        inner.str());
  if (!tile.offset().is(0))
    return algebraError("a wgmma operand tile's swizzle offset must be 0, "
                        "got " +
                        tile.offset().str());
  // The layout type is the swizzle's, in 16-byte units of the element type.
  const auto *swizzle = std::get_if<Swizzle>(&tile.outer());
  if (!swizzle)
    return algebraError("a wgmma operand tile is swizzled or plain, not "
                        "composed with a layout");
  GmmaLayoutType type = GmmaLayoutType::Interleave;
  if (swizzle->bits() != 0) {
    if (swizzle->bits() > 3 || swizzle->shift() != 3 ||
        swizzle->base() != int(llvm::Log2_64_Ceil(perChunk)))
      return algebraError(swizzle->str() + " is not a wgmma swizzle for " +
                          std::to_string(valueBits) + "-bit values (Sw<1|2|3," +
                          std::to_string(int(llvm::Log2_64_Ceil(perChunk))) +
                          ",3>: 32, 64 or 128 bytes)");
    type = swizzle->bits() == 1   ? GmmaLayoutType::B32
           : swizzle->bits() == 2 ? GmmaLayoutType::B64
                                  : GmmaLayoutType::B128;
  }
  int64_t w = int64_t(1) << swizzleBits(type);
  bool interleaved = type == GmmaLayoutType::Interleave;
  // In units of 16 bytes.
  auto units = upcast(inner, perChunk);
  if (units.failed())
    return algebraError("the tile " + inner.str() +
                        " is not made of 16-byte chunks: " + units.message());
  GmmaDescriptor desc{type, 0, 0};
  if (major == GmmaMajor::K) {
    int64_t mn = size(units->mode(0)).value();
    int64_t k = size(units->mode(1)).value();
    if (mn % 8 != 0)
      return algebraError("a K-major wgmma operand has a multiple of 8 rows, "
                          "got " +
                          std::to_string(mn));
    if (k != 2)
      return algebraError(
          "a K-major wgmma operand is 32 bytes deep in K, got " +
          std::to_string(16 * k) + " bytes");
    CUTE_TRY(canonical,
             logicalDivide(*units, Tiler::tuple({Tiler(makeLayout(8)),
                                                 Tiler(makeLayout(2))})));
    if (staticStride(canonical, 0, 0) != w)
      return algebraError("not a canonical K-major " + str(type) +
                          " layout: consecutive rows must be " +
                          std::to_string(16 * w) + " bytes apart, got " +
                          std::to_string(16 * staticStride(canonical, 0, 0)));
    if (!interleaved && staticStride(canonical, 1, 0) != 1)
      return algebraError("not a canonical K-major " + str(type) +
                          " layout: the two 16-byte halves of a row must be "
                          "adjacent");
    desc.strideByteOffset = staticStride(canonical, 0, 1);
    desc.leadingByteOffset = interleaved ? staticStride(canonical, 1, 0) : 1;
  } else {
    int64_t k = size(units->mode(1)).value();
    if (k != 256 / valueBits)
      return algebraError("an MN-major wgmma operand is " +
                          std::to_string(256 / valueBits) +
                          " values deep in K, got " + std::to_string(k));
    CUTE_TRY(canonical,
             logicalDivide(*units, Tiler::tuple({Tiler(makeLayout(w)),
                                                 Tiler(makeLayout(8))})));
    if (!interleaved && staticStride(canonical, 0, 0) != 1)
      return algebraError("not a canonical MN-major " + str(type) +
                          " layout: MN must be contiguous");
    if (staticStride(canonical, 1, 0) != w)
      return algebraError("not a canonical MN-major " + str(type) +
                          " layout: consecutive K must be " +
                          std::to_string(16 * w) + " bytes apart, got " +
                          std::to_string(16 * staticStride(canonical, 1, 0)));
    int64_t s01 = staticStride(canonical, 0, 1);
    int64_t s11 = staticStride(canonical, 1, 1);
    desc.strideByteOffset = interleaved ? s01 : s11;
    desc.leadingByteOffset = interleaved ? s11 : s01;
  }
  for (int64_t field : {desc.strideByteOffset, desc.leadingByteOffset})
    if (field < 0 || field >= (1 << 14))
      return algebraError("a descriptor offset of " +
                          std::to_string(16 * field) +
                          " bytes does not fit its 14-bit field");
  return desc;
}
