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

extern "C" void *mgpuTensorMapEncodeTiledMemref(
    int64_t rank, void *descriptor, int64_t dataType, int64_t interleave,
    int64_t swizzle, int64_t l2Promotion, int64_t oobFill, int64_t *boxDims) {
  if (rank < 1 || rank > kMaxRank) {
    reportError("a TMA descriptor needs rank 1 to 5, got " +
                std::to_string(rank));
    return nullptr;
  }
  if (dataType < 0 || dataType >= int64_t(std::size(kElementBytes))) {
    reportError("unknown CUtensorMapDataType " + std::to_string(dataType));
    return nullptr;
  }
  ScopedContext scope;
  const CudaDriver *d = scope.driver();
  if (!d)
    return nullptr;
  MemRefView view = viewOf(rank, descriptor);
  int64_t elementBytes = kElementBytes[dataType];
  // The driver orders dimensions innermost first; a memref outermost first.
  // Strides are in bytes and omit the innermost (unit) one.
  uint64_t globalDim[kMaxRank], globalStrides[kMaxRank];
  uint32_t boxDim[kMaxRank], elementStrides[kMaxRank];
  for (int64_t i = 0; i < rank; ++i) {
    globalDim[i] = view.sizes[rank - 1 - i];
    boxDim[i] = boxDims[rank - 1 - i];
    elementStrides[i] = 1;
    if (i + 1 < rank)
      globalStrides[i] = view.strides[rank - 2 - i] * elementBytes;
  }
  void *base = view.aligned + view.offset * elementBytes;
  CUtensorMap map;
  if (!check(d->cuTensorMapEncodeTiled(
                 &map, dataType, rank, base, globalDim, globalStrides, boxDim,
                 elementStrides, interleave, swizzle, l2Promotion, oobFill),
             "cuTensorMapEncodeTiled"))
    return nullptr;
  if (debugEnabled()) {
    std::fprintf(stderr,
                 "cute-runtime: tensor map rank %ld type %ld swizzle "
                 "%ld, dims/box (innermost first):",
                 (long)rank, (long)dataType, (long)swizzle);
    for (int64_t i = 0; i < rank; ++i)
      std::fprintf(stderr, " %lu/%u", (unsigned long)globalDim[i], boxDim[i]);
    std::fprintf(stderr, "\n");
  }
  // Kernels take the map as a generic address of a device copy.
  CUdeviceptr device = 0;
  if (!check(d->cuMemAlloc(&device, sizeof(map)), "cuMemAlloc(tensor map)"))
    return nullptr;
  if (!check(
          d->cuMemcpy(device, reinterpret_cast<CUdeviceptr>(&map), sizeof(map)),
          "cuMemcpy(tensor map)"))
    return nullptr;
  return reinterpret_cast<void *>(device);
}
