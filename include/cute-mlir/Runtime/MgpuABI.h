//===- MgpuABI.h - The mgpu* C ABI of MLIR's GPU host lowering --*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The entry points that upstream MLIR 22's `gpu-to-llvm` lowering and GPU
// binary translation emit calls to, with the C types of upstream's
// CudaRuntimeWrappers.cpp. Handles are the driver's (CUmodule, CUfunction,
// CUstream, CUevent) passed as void pointers.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_RUNTIME_MGPUABI_H
#define CUTE_MLIR_RUNTIME_MGPUABI_H

#include <cstddef>
#include <cstdint>

extern "C" {
void *mgpuModuleLoad(void *data, size_t size);
void *mgpuModuleLoadJIT(void *ptx, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, void *stream, void **params,
                             void **extra);
void *mgpuStreamCreate();
void mgpuStreamSynchronize(void *stream);
void mgpuStreamDestroy(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate();
void mgpuEventRecord(void *event, void *stream);
void mgpuEventSynchronize(void *event);
void mgpuEventDestroy(void *event);
void *mgpuMemAlloc(uint64_t bytes, void *stream, bool hostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t bytes, void *stream);
void mgpuMemset32(void *dst, uint32_t value, size_t count, void *stream);
void mgpuMemset16(void *dst, uint16_t value, size_t count, void *stream);
void mgpuMemHostRegister(void *ptr, uint64_t bytes);
void mgpuMemHostUnregister(void *ptr);
void mgpuMemHostRegisterMemRef(int64_t rank, void *rankedDescriptor,
                               int64_t elementBytes);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *rankedDescriptor,
                                 int64_t elementBytes);
void mgpuSetDefaultDevice(int32_t ordinal);
/// Encodes a tiled TMA descriptor for a ranked memref descriptor (innermost
/// dimension last, as in the memref) and returns a device copy of it.
void *mgpuTensorMapEncodeTiledMemref(int64_t rank, void *rankedDescriptor,
                                     int64_t dataType, int64_t interleave,
                                     int64_t swizzle, int64_t l2Promotion,
                                     int64_t oobFill, int64_t *boxDims);
/// A thin wrapper of cuTensorMapEncodeTiled (dimensions innermost first).
void mgpuTensorMapEncodeTiled(void *tensorMap, int dataType, uint32_t rank,
                              void *globalAddress, const uint64_t *globalDim,
                              const uint64_t *globalStrides,
                              const uint32_t *boxDim,
                              const uint32_t *elementStrides, int interleave,
                              int swizzle, int l2Promotion, int oobFill);
/// What cute_nvgpu.make_tma_descriptor calls: encodes the tensor map of a
/// tensor at `base` with extents d, element strides s (s0, the innermost,
/// is 1 and not encoded) and box b, innermost first, for `rank` dimensions;
/// swizzle in bytes (0, 32, 64, 128). Returns the generic address of a
/// device copy, or null after reporting the error.
void *cuteTmaDescriptorCreate(void *base, int64_t dataType, int64_t rank,
                              int64_t swizzleBytes, int64_t d0, int64_t d1,
                              int64_t d2, int64_t d3, int64_t d4, int64_t s0,
                              int64_t s1, int64_t s2, int64_t s3, int64_t s4,
                              int64_t b0, int64_t b1, int64_t b2, int64_t b3,
                              int64_t b4);
/// What cute_nvgpu.multiprocessor_count calls: the default device's number
/// of SMs, or 0 after reporting the error when no GPU can be used.
int64_t cuteMultiprocessorCount(void);
/// What cute_nvgpu.destroy_tma_descriptor calls: frees the device copy that
/// cuteTmaDescriptorCreate returned (null is ignored).
void cuteTmaDescriptorDestroy(void *descriptor);
}

#endif // CUTE_MLIR_RUNTIME_MGPUABI_H
