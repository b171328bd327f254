//===- TensorMap.cpp - TMA descriptors through cuTensorMapEncodeTiled -----===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//

#include "cute-mlir/Runtime/MgpuABI.h"

#include "RuntimeState.h"

#include <cstdio>
#include <iterator>
#include <string>

using namespace cute::runtime;
using namespace cute::runtime::detail;

namespace {

/// Bytes per element of CUtensorMapDataType 0..12 (uint8 ... tfloat32_ftz).
constexpr int64_t kElementBytes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
constexpr int64_t kMaxRank = 5;

} // namespace

extern "C" void
mgpuTensorMapEncodeTiled(void *tensorMap, int dataType, uint32_t rank,
                         void *globalAddress, const uint64_t *globalDim,
                         const uint64_t *globalStrides, const uint32_t *boxDim,
                         const uint32_t *elementStrides, int interleave,
                         int swizzle, int l2Promotion, int oobFill) {
  ScopedContext scope;
  if (const CudaDriver *d = scope.driver())
    check(d->cuTensorMapEncodeTiled(static_cast<CUtensorMap *>(tensorMap),
                                    dataType, rank, globalAddress, globalDim,
                                    globalStrides, boxDim, elementStrides,
                                    interleave, swizzle, l2Promotion, oobFill),
          "cuTensorMapEncodeTiled");
}

/// Encodes a tiled tensor map (dimensions innermost first, strides in bytes
/// for dimensions 1..rank-1) and returns the generic address of a device
/// copy, which kernels take; null after reporting a failure.
static void *encodeOnDevice(const CudaDriver *d, int64_t dataType, int64_t rank,
                            void *base, const uint64_t *dims,
                            const uint64_t *strides, const uint32_t *box,
                            int64_t interleave, int64_t swizzle,
                            int64_t l2Promotion, int64_t oobFill) {
  uint32_t elementStrides[kMaxRank] = {1, 1, 1, 1, 1};
  CUtensorMap map;
  if (!check(d->cuTensorMapEncodeTiled(&map, dataType, rank, base, dims,
                                       strides, box, elementStrides, interleave,
                                       swizzle, l2Promotion, oobFill),
             "cuTensorMapEncodeTiled"))
    return nullptr;
  if (debugEnabled()) {
    std::fprintf(stderr,
                 "cute-runtime: tensor map rank %ld type %ld swizzle "
                 "%ld, dims/box (innermost first):",
                 (long)rank, (long)dataType, (long)swizzle);
    for (int64_t i = 0; i < rank; ++i)
      std::fprintf(stderr, " %lu/%u", (unsigned long)dims[i], box[i]);
    std::fprintf(stderr, "\n");
  }
  CUdeviceptr device = 0;
  if (!check(d->cuMemAlloc(&device, sizeof(map)), "cuMemAlloc(tensor map)"))
    return nullptr;
  if (!check(
          d->cuMemcpy(device, reinterpret_cast<CUdeviceptr>(&map), sizeof(map)),
          "cuMemcpy(tensor map)"))
    return nullptr;
  return reinterpret_cast<void *>(device);
}

static bool checkRankAndType(int64_t rank, int64_t dataType) {
  if (rank < 1 || rank > kMaxRank) {
    reportError("a TMA descriptor needs rank 1 to 5, got " +
                std::to_string(rank));
    return false;
  }
  if (dataType < 0 || dataType >= int64_t(std::size(kElementBytes))) {
    reportError("unknown CUtensorMapDataType " + std::to_string(dataType));
    return false;
  }
  return true;
}

extern "C" void *mgpuTensorMapEncodeTiledMemref(
    int64_t rank, void *descriptor, int64_t dataType, int64_t interleave,
    int64_t swizzle, int64_t l2Promotion, int64_t oobFill, int64_t *boxDims) {
  if (!checkRankAndType(rank, dataType))
    return nullptr;
  ScopedContext scope;
  const CudaDriver *d = scope.driver();
  if (!d)
    return nullptr;
  MemRefView view = viewOf(rank, descriptor);
  int64_t elementBytes = kElementBytes[dataType];
  // The driver orders dimensions innermost first; a memref outermost first.
  // Strides are in bytes and omit the innermost (unit) one.
  uint64_t globalDim[kMaxRank], globalStrides[kMaxRank];
  uint32_t boxDim[kMaxRank];
  for (int64_t i = 0; i < rank; ++i) {
    globalDim[i] = view.sizes[rank - 1 - i];
    boxDim[i] = boxDims[rank - 1 - i];
    if (i + 1 < rank)
      globalStrides[i] = view.strides[rank - 2 - i] * elementBytes;
  }
  void *base = view.aligned + view.offset * elementBytes;
  return encodeOnDevice(d, dataType, rank, base, globalDim, globalStrides,
                        boxDim, interleave, swizzle, l2Promotion, oobFill);
}

extern "C" void *cuteTmaDescriptorCreate(void *base, int64_t dataType,
                                         int64_t rank, int64_t swizzleBytes,
                                         int64_t d0, int64_t d1, int64_t d2,
                                         int64_t d3, int64_t d4, int64_t s0,
                                         int64_t s1, int64_t s2, int64_t s3,
                                         int64_t s4, int64_t b0, int64_t b1,
                                         int64_t b2, int64_t b3, int64_t b4) {
  if (!checkRankAndType(rank, dataType))
    return nullptr;
  int64_t swizzle;
  switch (swizzleBytes) {
  case 0:
    swizzle = 0;
    break;
  case 32:
    swizzle = 1;
    break;
  case 64:
    swizzle = 2;
    break;
  case 128:
    swizzle = 3;
    break;
  default:
    reportError("a TMA swizzle is 0, 32, 64 or 128 bytes, not " +
                std::to_string(swizzleBytes));
    return nullptr;
  }
  ScopedContext scope;
  const CudaDriver *d = scope.driver();
  if (!d)
    return nullptr;
  int64_t elementBytes = kElementBytes[dataType];
  const int64_t dims[kMaxRank] = {d0, d1, d2, d3, d4};
  const int64_t strides[kMaxRank] = {s0, s1, s2, s3, s4};
  const int64_t box[kMaxRank] = {b0, b1, b2, b3, b4};
  uint64_t globalDim[kMaxRank], globalStrides[kMaxRank];
  uint32_t boxDim[kMaxRank];
  for (int64_t i = 0; i < rank; ++i) {
    globalDim[i] = uint64_t(dims[i]);
    boxDim[i] = uint32_t(box[i]);
    if (i + 1 < rank)
      globalStrides[i] = uint64_t(strides[i + 1] * elementBytes);
  }
  // L2 promotion by 128 bytes (CU_TENSOR_MAP_L2_PROMOTION_L2_128B), as
  // CuTe's make_tma_copy encodes every TMA descriptor; out-of-bounds
  // elements read as zero.
  return encodeOnDevice(d, dataType, rank, base, globalDim, globalStrides,
                        boxDim, /*interleave=*/0, swizzle, /*l2Promotion=*/2,
                        /*oobFill=*/0);
}

extern "C" void cuteTmaDescriptorDestroy(void *descriptor) {
  // The device copy is an ordinary allocation (ignores null).
  mgpuMemFree(descriptor, /*stream=*/nullptr);
}
