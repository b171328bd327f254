//===- CudaDriver.h - The CUDA Driver API, loaded at run time ---*- C++ -*-===//
//
// Part of the cute-mlir project.
//
//===----------------------------------------------------------------------===//
//
// The subset of the CUDA Driver API that the runtime calls, resolved with
// dlopen/dlsym from libcuda.so.1 on first use. Nothing here links against the
// driver or includes cuda.h, so the runtime builds and its CPU tests run on
// machines without a GPU, a driver or a CUDA toolkit. Types and enum values
// are those of cuda.h (CUDA 13.0); the ABI of these entry points has been
// stable since CUDA 12.0.
//
//===----------------------------------------------------------------------===//

#ifndef CUTE_MLIR_RUNTIME_CUDADRIVER_H
#define CUTE_MLIR_RUNTIME_CUDADRIVER_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace cute::runtime {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;

// Enumerators, with their cuda.h values.
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
constexpr int CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14;
constexpr int CU_JIT_INFO_LOG_BUFFER = 3;
constexpr int CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr int CU_JIT_OPTIMIZATION_LEVEL = 7;
constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
constexpr unsigned CU_EVENT_DEFAULT = 0x0;
constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;
constexpr unsigned CU_MEM_ATTACH_GLOBAL = 0x1;
constexpr int CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4;
constexpr int CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5;
constexpr int CU_CLUSTER_SCHEDULING_POLICY_SPREAD = 1;

/// CUlaunchAttribute: an id padded to 8 bytes, then a 64-byte value union.
struct CUlaunchAttribute {
  int id;
  char pad[4];
  union {
    char bytes[64];
    struct {
      unsigned x, y, z;
    } clusterDim;
    int clusterSchedulingPolicyPreference;
  } value;
};

struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};

/// CUtensorMap: 128 opaque bytes, 128-byte aligned as in cuda.h.
struct alignas(128) CUtensorMap {
  uint64_t opaque[16];
};

/// The driver's entry points. The names in comments are the versioned symbols
/// that cuda.h's macros select.
struct CudaDriver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxPushCurrent)(CUcontext);  // _v2
  CUresult (*cuCtxPopCurrent)(CUcontext *); // _v2
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuLaunchKernelEx)(const CUlaunchConfig *, CUfunction, void **,
                               void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamDestroy)(CUstream); // _v2
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent); // _v2 if present
  CUresult (*cuEventDestroy)(CUevent);                       // _v2
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);             // _v2
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree)(CUdeviceptr); // _v2
  CUresult (*cuMemcpy)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemHostRegister)(void *, size_t, unsigned); // _v2
  CUresult (*cuMemHostUnregister)(void *);
  CUresult (*cuTensorMapEncodeTiled)(CUtensorMap *, int, unsigned, void *,
                                     const uint64_t *, const uint64_t *,
                                     const unsigned *, const unsigned *, int,
                                     int, int, int);
};

/// Loads the driver once (thread-safe) and returns its entry points, or null
/// with `*error` saying why (no libcuda.so.1, or a missing symbol). The
/// environment variable CUTE_MLIR_LIBCUDA names another library to load
/// instead, which the tests use to substitute a recording fake driver.
const CudaDriver *getCudaDriver(std::string *error = nullptr);

/// The CUDA_ERROR_* name of `result`, or "CUDA_ERROR_<n>" when the driver
/// is not loaded or does not know it.
std::string cudaErrorName(CUresult result);

} // namespace cute::runtime

#endif // CUTE_MLIR_RUNTIME_CUDADRIVER_H
